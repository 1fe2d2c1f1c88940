import { isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ACCOUNT_MESSAGES } from '../accounts/accounts.messages.ts';
import { assertStaff, authenticateAccess, bearerToken } from '../accounts/authenticate.ts';
import type { User } from '../accounts/users.queries.ts';
import { env } from '../env.ts';
import { AuthenticationError } from '../errors.ts';
import type { AppEnv } from './create-router.ts';

/**
 * The user of the request's `Authorization: Bearer <access>` header.
 * @throws AuthenticationError `not_authenticated` without one, `token_not_valid` for a bad one.
 */
export async function requireUser(c: Context): Promise<User> {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw new AuthenticationError(ACCOUNT_MESSAGES.notAuthenticated, 'not_authenticated');
  return authenticateAccess(token);
}

/**
 * Requires an account before anything else of the request is looked at: an anonymous client gets
 * 401, never validation details. Handlers then read the user with `currentUser`.
 */
export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await requireUser(c));
  await next();
});

/** The user `signedIn` authenticated (or, on a route without it, the bearer token's user). */
export async function currentUser(c: Context<AppEnv>): Promise<User> {
  return c.get('user') ?? requireUser(c);
}

/**
 * The staff member of the request's bearer token.
 * @throws AuthenticationError without a valid token, PermissionError for an account that is not staff.
 */
export async function requireStaff(c: Context): Promise<User> {
  const user = await requireUser(c);
  assertStaff(user);
  return user;
}

/**
 * The client's address for rate limits: the socket's peer (Astro's `clientAddress`, passed in by
 * the API endpoint) or, behind a trusted proxy, the address the proxy appended to X-Forwarded-For.
 * An IPv6 client counts by its /64 network, since one subscriber gets a whole /64 to pick from.
 */
export function clientIp(c: Context): string {
  let address = (c.env as { clientAddress?: string } | undefined)?.clientAddress;
  if (env.TRUST_PROXY) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').map((part) => part.trim()).filter(Boolean);
    address = forwarded?.at(-1) ?? address;
  }
  return address ? rateLimitSubject(address) : 'unknown';
}

/** IPv4 as it is; IPv6 as its first four groups (`2001:db8:0:1::/64`); IPv4-mapped IPv6 as IPv4. */
export function rateLimitSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
