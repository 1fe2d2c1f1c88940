import { navigate } from 'astro:transitions/client';
import { logout } from '~/stores/user.ts';

/**
 * Logs out at once (cookies and the user store; the server revokes the refresh token on the side), says so
 * and goes home. The page gives the addresses, so the account page does not ship every path of the shop.
 */
export default function LogoutButton({ homeHref, loginHref }: { homeHref: string; loginHref: string }) {
  return (
    <button
      type="button"
      className="btn btn-secondary"
      onClick={() => {
        logout();
        // The brief's words, with a way back in beside them; the toast's code loads with it, not with the page.
        void import('~/islands/toasts/notify.ts').then(({ NOTICES, notifyAcrossNavigation }) =>
          notifyAcrossNavigation(NOTICES.loggedOut, { label: 'Войти снова', href: loginHref }),
        );
        void navigate(homeHref);
      }}
    >
      Выйти
    </button>
  );
}
