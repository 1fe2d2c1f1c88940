import { and, eq, isNull } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { PermissionError, ValidationError } from '../errors.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import * as mails from './accounts.mails.ts';
import { inBackground } from './background.ts';
import { linkedUser } from './link-tokens.ts';
import { hashPassword, passwordProblems } from './passwords.ts';
import { findUserByEmail, normalizeEmail, type User } from './users.queries.ts';
import { addError, emailTaken, isUniqueViolation, throwIfAny, type FieldErrors } from './field-errors.ts';

/** Registration as djoser does it: an inactive account, its mailed activation link, and resending it. */

export interface Registration {
  email: string;
  password: string;
  rePassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: CountryCode;
}

/** Creates an inactive account and mails its activation link. */
export async function register(input: Registration): Promise<User> {
  const email = normalizeEmail(input.email);
  const errors: FieldErrors = {};
  if (await emailTaken(email)) addError(errors, 'email', M.emailTaken);
  addError(errors, 'password', ...(await passwordProblems(input.password, email)));
  if (input.password !== input.rePassword) addError(errors, 'non_field_errors', M.passwordMismatch);
  throwIfAny(errors);
  const db = await getDb();
  let user: User | undefined;
  try {
    [user] = await db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        country: input.country,
      })
      .returning();
  } catch (error) {
    // Two registrations of one email at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw new ValidationError({ email: [M.emailTaken] });
    throw error;
  }
  await mails.sendActivationMail(user!);
  return user!;
}

/**
 * Activates the account of an activation link, once: the conditional update lets only one of two
 * simultaneous uses through.
 * @throws PermissionError when the account was activated before (djoser's stale token), including
 * one that staff have blocked since.
 */
export async function activate(uid: string, token: string): Promise<void> {
  const user = await linkedUser('activation', uid, token);
  const db = await getDb();
  const [activated] = await db
    .update(users)
    .set({ isActive: true, activatedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.isActive, false), isNull(users.activatedAt)))
    .returning();
  if (!activated) throw new PermissionError(M.alreadyActive);
  inBackground(() => mails.sendActivatedMail(activated));
}

/**
 * Mails a new activation link when the email belongs to an account that was never activated; says
 * nothing either way, and answers before the mail is made, so the timing does not tell either.
 */
export async function resendActivation(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user && !user.isActive && !user.activatedAt) inBackground(() => mails.sendActivationMail(user));
}
