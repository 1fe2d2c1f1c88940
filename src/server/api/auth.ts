import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ACCOUNT_MESSAGES } from '../accounts/accounts.messages.ts';
import { assertStaff, authenticateAccess, bearerToken } from '../accounts/authenticate.ts';
import type { User } from '../accounts/users.queries.ts';
import { clientSubject } from '../security/client-address.ts';
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

/** The client's address for rate limits (`security/client-address.ts`), from the API request. */
export function clientIp(c: Context): string {
  return clientSubject(
    (c.env as { clientAddress?: string } | undefined)?.clientAddress,
    c.req.header('X-Forwarded-For'),
  );
}
