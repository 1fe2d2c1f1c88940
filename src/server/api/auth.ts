import type { Context } from 'hono';
import { ACCOUNT_MESSAGES } from '../accounts/accounts.messages.ts';
import { authenticateAccess, bearerToken } from '../accounts/authenticate.ts';
import type { User } from '../accounts/users.queries.ts';
import { env } from '../env.ts';
import { AuthenticationError } from '../errors.ts';

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
 * The client's address for rate limits: the socket's peer (Astro's `clientAddress`, passed in by
 * the API endpoint) or, behind a trusted proxy, the address the proxy appended to X-Forwarded-For.
 */
export function clientIp(c: Context): string {
  if (env.TRUST_PROXY) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').map((part) => part.trim()).filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  const address = (c.env as { clientAddress?: string } | undefined)?.clientAddress;
  return address || 'unknown';
}
