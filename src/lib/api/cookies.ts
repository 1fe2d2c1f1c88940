import Cookies from 'js-cookie';
import { REFRESH_COOKIE, TOKEN_COOKIE } from '../../shared/session-cookies.ts';

export { REFRESH_COOKIE, TOKEN_COOKIE };

/**
 * Cookie lifetimes for a token whose expiry cannot be read (not a JWT, or no `exp` claim): the
 * server's defaults (DESIGN.md), access 15 minutes, refresh 14 days.
 */
export const TOKEN_LIFETIME_MS = 15 * 60 * 1000;
export const REFRESH_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** The cookie operations the API client needs; tests pass an in-memory one, browsers use {@link browserCookies}. */
export interface CookieAdapter {
  get(name: string): string | undefined;
  set(name: string, value: string, options: { expires: Date }): void;
  remove(name: string): void;
}

/**
 * The two token cookies through `js-cookie` (the owner's named package): `Path=/`, `SameSite=Lax`, and
 * `Secure` on https pages. A no-op outside a browser.
 */
export const browserCookies: CookieAdapter = {
  get: (name) => Cookies.get(name),
  set: (name, value, { expires }) => {
    Cookies.set(name, value, {
      expires,
      path: '/',
      sameSite: 'Lax',
      secure: typeof location !== 'undefined' && location.protocol === 'https:',
    });
  },
  remove: (name) => Cookies.remove(name, { path: '/' }),
};

/**
 * When a JWT expires, from its `exp` claim (seconds since the epoch), or null when the token is not a
 * JWT with a numeric `exp`. The signature is not checked: the value only decides when the cookie goes.
 */
export function jwtExpiry(token: string): Date | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

/** Stores a login or refresh answer, each cookie expiring with its token; `refresh` is kept as it was when the answer carries none. */
export function saveTokens(
  tokens: { access: string; refresh?: string },
  cookies: CookieAdapter = browserCookies,
): void {
  const now = Date.now();
  cookies.set(TOKEN_COOKIE, tokens.access, { expires: jwtExpiry(tokens.access) ?? new Date(now + TOKEN_LIFETIME_MS) });
  if (tokens.refresh) {
    cookies.set(REFRESH_COOKIE, tokens.refresh, {
      expires: jwtExpiry(tokens.refresh) ?? new Date(now + REFRESH_LIFETIME_MS),
    });
  }
}

/** Removes both token cookies (logout, failed refresh). */
export function clearTokens(cookies: CookieAdapter = browserCookies): void {
  cookies.remove(TOKEN_COOKIE);
  cookies.remove(REFRESH_COOKIE);
}
