import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { isUniqueViolation, PermissionError } from '../errors.ts';
import { sendHeldOrderMails } from '../orders/orders.service.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import * as mails from './accounts.mails.ts';
import { inBackground } from './background.ts';
import { linkedUser } from './link-tokens.ts';
import { hashPassword, passwordProblems } from './passwords.ts';
import { findUserByEmail, normalizeEmail, type User } from './users.queries.ts';
import { addError, throwIfAny, type FieldErrors } from './field-errors.ts';
import type { PublicUser } from './user-json.ts';

/** Registration as djoser does it: an inactive account, its mailed activation link, and resending it. */

export interface Registration {
  email: string;
  password: string;
  rePassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: CountryCode;
  /**
   * Opened at checkout: the account is usable at once (the person signs in and orders), and its address
   * is confirmed later by the link mailed with its first order in place of the order (`emailPending`).
   * No mail is sent now.
   */
  confirmLater?: boolean;
  /** A same-site path (checked by the caller) the activation link returns to: where the person registered from. */
  next?: string | null;
}

/**
 * Creates an inactive account and mails its activation link. An email that already has an account is
 * answered the same way, so the form tells nobody who is a customer: nothing is created, and the
 * address's owner gets a mail instead (a new activation link when the account was never activated,
 * else word that someone tried to register with their address). The password is hashed either way, so
 * the answer takes as long.
 */
export async function register(input: Registration): Promise<PublicUser> {
  const email = normalizeEmail(input.email);
  const errors: FieldErrors = {};
  addError(errors, 'password', ...(await passwordProblems(input.password, email)));
  if (input.password !== input.rePassword) addError(errors, 'non_field_errors', M.passwordMismatch);
  throwIfAny(errors);
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(email);
  if (existing) return answerTaken(existing, input, email);
  const db = await getDb();
  let user: User | undefined;
  try {
    [user] = await db
      .insert(users)
      .values({
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        country: input.country,
        ...(input.confirmLater ? { isActive: true, activatedAt: new Date(), emailPending: true } : {}),
      })
      .returning();
  } catch (error) {
    // Two registrations of one email at once: the unique index lets one through, the other is taken.
    const winner = isUniqueViolation(error) ? await findUserByEmail(email) : undefined;
    if (winner) return answerTaken(winner, input, email);
    throw error;
  }
  if (!input.confirmLater) await mails.sendActivationMail(user!, input.next);
  return user!;
}

// The answer a new registration would have had, with an id of the accounts' own sequence; the mail
// goes to the address's owner.
async function answerTaken(owner: User, input: Registration, email: string): Promise<PublicUser> {
  if (!owner.isActive && !owner.activatedAt) await mails.sendActivationMail(owner, input.next);
  else await mails.sendRegistrationAttemptMail(owner);
  const [row] = await queryRows<{ id: number | string }>(
    await getDb(),
    sql`select nextval(pg_get_serial_sequence('users', 'id')) as id`,
  );
  return {
    id: Number(row!.id),
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    organisation: '',
    taxNumber: '',
    country: input.country,
    isStaff: false,
    isSuperuser: false,
    canExchange: false,
    isActive: input.confirmLater === true,
    dateJoined: new Date(),
    lastLogin: null,
  };
}

/**
 * Activates the account of an activation link, once: the conditional update lets only one of two
 * simultaneous uses through. Gives the account as activated.
 * @throws PermissionError when the account was activated before (djoser's stale token), including
 * one that staff have blocked since.
 */
export async function activate(uid: string, token: string): Promise<User> {
  const user = await linkedUser('activation', uid, token);
  const db = await getDb();
  if (user.isActive && user.emailPending) {
    // An account opened at checkout: its address is confirmed now (the account was usable already), and
    // the mails of its orders, held until then, go to it.
    const [confirmed] = await db
      .update(users)
      .set({ emailPending: false, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.isActive, true), eq(users.emailPending, true)))
      .returning();
    if (!confirmed) throw new PermissionError(M.alreadyActive);
    inBackground(() => sendHeldOrderMails(confirmed.id));
    return confirmed;
  }
  const [activated] = await db
    .update(users)
    .set({ isActive: true, activatedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.isActive, false), isNull(users.activatedAt)))
    .returning();
  if (!activated) throw new PermissionError(M.alreadyActive);
  inBackground(() => mails.sendActivatedMail(activated));
  return activated;
}

/**
 * Mails a new activation link when the email belongs to an account that was never activated, or one
 * opened at checkout whose address is still to be confirmed; says
 * nothing either way, and answers before the mail is made, so the timing does not tell either.
 */
export async function resendActivation(email: string, next?: string | null): Promise<void> {
  const user = await findUserByEmail(email);
  if (user && ((!user.isActive && !user.activatedAt) || (user.isActive && user.emailPending)))
    inBackground(() => mails.sendActivationMail(user, next));
}

/**
 * The link that confirms the address of an account opened at checkout, mailed with its order instead of
 * the order itself; null once the address is confirmed (or for any other account).
 */
export function pendingEmailConfirmation(user: User): string | null {
  return user.isActive && user.emailPending ? mails.activationUrl(user) : null;
}
