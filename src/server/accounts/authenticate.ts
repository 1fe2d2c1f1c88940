import { AuthenticationError, PermissionError } from '../errors.ts';
import { ACCOUNT_MESSAGES } from './accounts.messages.ts';
import { readToken, tokenNotValid } from './jwt.ts';
import { findUserForAuth } from './user-cache.ts';
import type { User } from './users.queries.ts';

/**
 * The user an access token belongs to, as Simple JWT's JWTAuthentication finds it: the token must be
 * valid and unexpired, and the account must still exist, be active and not have ended its sessions
 * since (password change, deactivation).
 * @throws AuthenticationError `token_not_valid`, or `user_inactive` for a deactivated account.
 */
export async function authenticateAccess(token: string): Promise<User> {
  const claims = await readToken(token, 'access');
  const user = await findUserForAuth(claims.user_id);
  if (!user || user.authVersion !== claims.ver) throw tokenNotValid();
  if (!user.isActive) throw new AuthenticationError(ACCOUNT_MESSAGES.userInactive, 'user_inactive');
  return user;
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
export function bearerToken(header: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** @throws PermissionError unless the user is staff. */
export function assertStaff(user: User): void {
  if (!user.isStaff) throw new PermissionError(ACCOUNT_MESSAGES.notStaff);
}
