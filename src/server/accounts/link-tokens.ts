import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../env.ts';
import { ValidationError } from '../errors.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import { findUserById, type User } from './users.queries.ts';

/**
 * The `{uid, token}` pairs of mailed links (activation, password and email reset, confirming a new
 * login address), made the way
 * Django's PasswordResetTokenGenerator makes them: nothing is stored; the token is an HMAC over the
 * user's current state and the time it was made. Once the state it covers changes (the password or
 * the email changes, the person logs in), the token stops working, so each link works once; and it
 * expires after its purpose's lifetime.
 */
export type LinkPurpose = 'activation' | 'password_reset' | 'email_reset' | 'email_change';

const LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  activation: 3 * 86_400,
  password_reset: 86_400,
  email_reset: 86_400,
  email_change: 86_400,
};

// The parts of an account each kind of link must not outlive. An activation link survives the
// activation itself, so that using it twice can be told apart ("already active") from a bad link.
function state(purpose: LinkPurpose, user: User): string {
  switch (purpose) {
    case 'activation':
      // An account opened at checkout signs in at once and often: its link must outlive logins.
      return user.emailPending
        ? `${user.email}|pending|${user.authVersion}`
        : `${user.email}|${user.lastLogin?.getTime() ?? ''}|${user.authVersion}`;
    case 'password_reset':
      return `${user.passwordHash}|${user.lastLogin?.getTime() ?? ''}|${user.email}|${user.authVersion}`;
    case 'email_reset':
      // A change it started (a pending address) spends it, whichever address was typed.
      return `${user.email}|${user.passwordHash}|${user.authVersion}${user.pendingEmail ? `|${user.pendingEmail}` : ''}`;
    case 'email_change':
      // Names the address it confirms: asking for another one, or the change itself, spends it.
      return `${user.email}|${user.pendingEmail ?? ''}|${user.authVersion}`;
  }
}

function signature(purpose: LinkPurpose, user: User, timestamp: number): string {
  return createHmac('sha256', `${env.JWT_SECRET}:link-tokens`)
    .update(`${purpose}|${user.id}|${timestamp}|${state(purpose, user)}`)
    .digest('base64url')
    .slice(0, 32);
}

/** djoser's uid: the user's id, base64url-encoded. */
export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

/** The user id in a uid, or null when it is not one. */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

export function makeLinkToken(purpose: LinkPurpose, user: User, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `${timestamp.toString(36)}-${signature(purpose, user, timestamp)}`;
}

export function checkLinkToken(purpose: LinkPurpose, user: User, token: string, now = Date.now()): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const timestamp = parseInt(match[1]!, 36);
  const age = Math.floor(now / 1000) - timestamp;
  if (age < 0 || age > LIFETIME_SECONDS[purpose]) return false;
  const expected = Buffer.from(signature(purpose, user, timestamp));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The account a mailed link points at, when both its uid and its token are right. */
export async function linkedUser(purpose: LinkPurpose, uid: string, token: string): Promise<User> {
  const id = decodeUid(uid);
  const user = id === null ? null : await findUserById(id);
  if (!user) throw new ValidationError({ uid: [M.invalidUid] });
  if (!checkLinkToken(purpose, user, token)) throw new ValidationError({ token: [M.invalidToken] });
  return user;
}
