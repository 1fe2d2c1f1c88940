import Cookies from 'js-cookie';

export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh';

/** Same lifetimes as the server's tokens (DESIGN.md): access 15 minutes, refresh 14 days. */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
export const REFRESH_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** The cookie operations the API client needs; tests pass an in-memory one, browsers use {@link browserCookies}. */
export interface CookieAdapter {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { expires: Date }): void;
  remove(name: string): void;
}

function attributes(): Cookies.CookieAttributes {
  const https = typeof location !== 'undefined' && location.protocol === 'https:';
  return { path: '/', sameSite: 'Lax', secure: https };
}

/** js-cookie with `path=/`, `SameSite=Lax`, and `Secure` on https pages. A no-op outside a browser. */
export const browserCookies: CookieAdapter = {
  get: (name) => Cookies.get(name),
  set: (name, value, { expires }) => {
    Cookies.set(name, value, { ...attributes(), expires });
  },
  remove: (name) => Cookies.remove(name, attributes()),
};

/** Stores a login or refresh answer; `refresh` is kept as it was when the answer carries none. */
export function saveTokens(tokens: { access: string; refresh?: string }, cookies: CookieAdapter = browserCookies): void {
  const now = Date.now();
  cookies.set(TOKEN_COOKIE, tokens.access, { expires: new Date(now + TOKEN_LIFETIME_MS) });
  if (tokens.refresh) cookies.set(REFRESH_COOKIE, tokens.refresh, { expires: new Date(now + REFRESH_LIFETIME_MS) });
}

/** Removes both token cookies (logout, failed refresh). */
export function clearTokens(cookies: CookieAdapter = browserCookies): void {
  cookies.remove(TOKEN_COOKIE);
  cookies.remove(REFRESH_COOKIE);
}
