/**
 * The brief's session cookies (§6): `token` holds the access token, `refresh` the refresh token.
 * The islands' API client, the page script and the server's account pages all read these names here.
 */
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';

/**
 * Whether this browser holds a session cookie (either one): the cheap check the page script makes
 * before loading any account code. Kept free of imports so the page script stays small;
 * {@link SESSION_MARK_SCRIPT} repeats the same test before the first paint.
 */
export function hasSessionCookie(cookie = document.cookie): boolean {
  return /(?:^|;\s*)(?:token|refresh)=/.test(cookie);
}

/**
 * The layout's inline script, run before the first paint: a visitor with a session cookie sees the
 * header's account state at once, not «Войти». The page's CSP allows exactly this text, by its hash
 * (`src/server/web/csp.ts`, astro.config.mjs), so any change to it is a change of the policy too.
 */
export const SESSION_MARK_SCRIPT =
  "if(/(?:^|;\\s*)(?:token|refresh)=/.test(document.cookie))document.documentElement.setAttribute('data-session','')";
