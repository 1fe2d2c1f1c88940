/**
 * The header's account link. Its code, the user store and the API client load only once a session
 * cookie exists, so catalog pages ship none of it to visitors without an account.
 */
import { hasSessionCookie } from '~/shared/session-cookies.ts';

let headerAccount: Promise<typeof import('~/islands/account/header-account.ts')> | null = null;

export function updateAccountLink(): void {
  if (!headerAccount && !hasSessionCookie()) {
    document.documentElement.removeAttribute('data-session');
    return;
  }
  headerAccount ??= import('~/islands/account/header-account.ts');
  void headerAccount.then((module) => module.updateHeaderAccount());
}

export function keepSessionMark(): void {
  // In-page navigation replaces <html>'s attributes with the new page's: keep the header's session state.
  document.addEventListener('astro:after-swap', () => {
    if (hasSessionCookie()) document.documentElement.setAttribute('data-session', '');
  });
}
