import type { AstroCookies } from 'astro';

/** What a page (`Astro`) or an endpoint (its context) gives: the cookies, the address, a page's response. */
export interface PageContext {
  cookies: AstroCookies;
  url: URL;
  /** A page's response headers; an endpoint sets its own answer's caching. */
  response?: { headers: Headers };
}
import { decodeJwt } from 'jose';
import { paths } from '../../shared/paths.ts';
import { REFRESH_COOKIE, TOKEN_COOKIE } from '../../shared/session-cookies.ts';
import { isCountryCode, DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { env } from '../env.ts';
import { AuthenticationError } from '../errors.ts';
import { authenticateAccess } from '../accounts/authenticate.ts';
import { RecentlyRotatedError, rotateSession, userOfRecentRotation, type TokenPair } from '../accounts/sessions.ts';
import type { PublicUser } from '../accounts/user-json.ts';
import type { User } from '../accounts/users.queries.ts';

/** The signed-in person as pages see them. */
export type PageUser = PublicUser;

function toPageUser(user: User): PageUser {
  const { id, email, firstName, lastName, phone, organisation, taxNumber, country } = user;
  const { isStaff, isSuperuser, canExchange, isActive, dateJoined, lastLogin } = user;
  return {
    id,
    email,
    firstName,
    lastName,
    phone,
    organisation,
    taxNumber,
    country,
    isStaff,
    isSuperuser,
    canExchange,
    isActive,
    dateJoined,
    lastLogin,
  };
}

// Not HttpOnly: the islands' API client reads both cookies (brief §6). Secure whenever the shop is
// served over https, including behind a proxy that terminates TLS.
function setTokenCookies(astro: PageContext, pair: TokenPair): void {
  const secure = astro.url.protocol === 'https:' || env.SITE_URL.startsWith('https:');
  const options = { path: '/', sameSite: 'lax' as const, secure, httpOnly: false };
  const expires = (token: string) => new Date((decodeJwt(token).exp ?? 0) * 1000);
  astro.cookies.set(TOKEN_COOKIE, pair.access, { ...options, expires: expires(pair.access) });
  astro.cookies.set(REFRESH_COOKIE, pair.refresh, { ...options, expires: expires(pair.refresh) });
}

/**
 * The signed-in person of a page request, from the `token` cookie. When that is missing or expired
 * but the `refresh` cookie is valid, the pair is rotated here and both cookies are set on the page's
 * response, so the person stays signed in. A page that calls this is personal: `private, no-store`.
 */
export async function getPageUser(astro: PageContext): Promise<PageUser | null> {
  astro.response?.headers.set('Cache-Control', 'private, no-store');
  const token = astro.cookies.get(TOKEN_COOKIE)?.value;
  if (token) {
    try {
      return toPageUser(await authenticateAccess(token));
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
    }
  }
  const refresh = astro.cookies.get(REFRESH_COOKIE)?.value;
  if (!refresh) return null;
  try {
    const pair = await rotateSession(refresh);
    setTokenCookies(astro, pair);
    return toPageUser(await authenticateAccess(pair.access));
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    // Another request of this browser (a second tab, a page loaded beside another) rotated the pair a
    // moment ago and is setting the new cookies: this page is still the person's, and leaves the
    // cookies to that answer (deleting them here could undo it).
    if (error instanceof RecentlyRotatedError) {
      const user = await userOfRecentRotation(error);
      return user ? toPageUser(user) : null;
    }
    astro.cookies.delete(TOKEN_COOKIE, { path: '/' });
    astro.cookies.delete(REFRESH_COOKIE, { path: '/' });
    return null;
  }
}

/** The signed-in person, or a redirect to the login page that comes back here afterwards. */
export async function requirePageUser(astro: PageContext): Promise<PageUser | Response> {
  const user = await getPageUser(astro);
  if (user) return user;
  const segment = astro.url.pathname.split('/')[1];
  const country = isCountryCode(segment) ? segment : DEFAULT_COUNTRY;
  // Built by hand: astro.redirect() would drop the private Cache-Control this answer needs.
  return new Response(null, {
    status: 302,
    headers: {
      Location: paths.login(country, astro.url.pathname + astro.url.search),
      'Cache-Control': 'private, no-store',
    },
  });
}
