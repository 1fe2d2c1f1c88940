/**
 * The brief's session cookies (§6): `token` holds the access token, `refresh` the refresh token.
 * The islands' API client, the page shell and the server's account pages all read these names here.
 */
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';

/**
 * Whether this browser holds a session cookie (either one): the cheap check the page shell makes
 * before loading any account code. Kept free of imports so the shell's bundle stays small; the
 * layout's inline script repeats the same test before the first paint.
 */
export function hasSessionCookie(cookie = document.cookie): boolean {
  return /(?:^|;\s*)(?:token|refresh)=/.test(cookie);
}
