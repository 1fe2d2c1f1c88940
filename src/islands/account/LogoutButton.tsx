import { navigate } from 'astro:transitions/client';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { logout } from '~/stores/user.ts';

/** Logs out at once (cookies and the user store; the server revokes the refresh token on the side), says so and goes home. */
export default function LogoutButton({ country }: { country: CountryCode }) {
  return (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={() => {
        logout();
        // The brief's words, with a way back in beside them; the toast's code loads with it, not with the page.
        void import('~/islands/toasts/notify.ts').then(({ NOTICES, notifyAcrossNavigation }) =>
          notifyAcrossNavigation(NOTICES.loggedOut, { label: 'Войти снова', href: paths.login(country) }),
        );
        void navigate(paths.home(country));
      }}
    >
      Выйти
    </button>
  );
}
