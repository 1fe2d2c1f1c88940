import { navigate } from 'astro:transitions/client';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { NOTICES, notifyAcrossNavigation } from '~/islands/toasts/notify.ts';
import { logout } from '~/stores/user.ts';

/** Logs out at once (cookies and the user store; the server revokes the refresh token on the side), says so and goes home. */
export default function LogoutButton({ country }: { country: CountryCode }) {
  return (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={() => {
        logout();
        // The brief's words, with a way back in beside them.
        notifyAcrossNavigation(NOTICES.loggedOut, { label: 'Войти снова', href: paths.login(country) });
        void navigate(paths.home(country));
      }}
    >
      Выйти
    </button>
  );
}
