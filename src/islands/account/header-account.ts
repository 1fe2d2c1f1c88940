/**
 * The header's account link (SiteHeader.astro renders the same for everyone, since pages are cached
 * publicly): the signed-in person's first name, or email, linking to the account page. Loaded by the
 * page script only once a session cookie exists, so visitors without an account never download it.
 */
import { hasSessionCookie } from '~/shared/session-cookies.ts';
import { $user, ensureUser, initialUserState, type UserState } from '~/stores/user.ts';

function render(state: UserState): void {
  const signedIn = hasSessionCookie();
  document.documentElement.toggleAttribute('data-session', signedIn);
  const profile = signedIn && state.authenticated ? state.profile : null;
  const name = profile ? profile.first_name || profile.email : '';
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-account-link]')) {
    link.href = (signedIn ? link.dataset.accountHref : link.dataset.loginHref) ?? link.href;
    const label = link.querySelector('[data-account-label]');
    if (label) label.textContent = name || 'Кабинет';
    if (signedIn) link.setAttribute('aria-label', name ? `Личный кабинет: ${name}` : 'Личный кабинет');
    else link.removeAttribute('aria-label');
  }
}

let subscribed = false;

/** Renders the link for the current page and loads the profile when it is not known yet. */
export function updateHeaderAccount(): void {
  if (!subscribed) {
    subscribed = true;
    $user.listen(render);
  }
  // Logged out in another tab: forget the profile, so a later login never shows the previous person.
  if (!hasSessionCookie()) return $user.set(initialUserState());
  render($user.get());
  void ensureUser();
}
