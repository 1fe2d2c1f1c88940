import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, type Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AuthenticationError, NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { deleteMailsTo } from '../mail/index.ts';
import { deleteRateLimitKeys } from '../security/rate-limit.ts';
import { emailRateLimitKeys } from './accounts.limits.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import * as mails from './accounts.mails.ts';
import { inBackground } from './background.ts';
import { assertStaff } from './authenticate.ts';
import { checkLinkToken, decodeUid, type LinkPurpose } from './link-tokens.ts';
import { checkPassword, hashPassword, passwordProblems } from './passwords.ts';
import { revokeAllSessions, startSession, type RevokeReason, type TokenPair } from './sessions.ts';
import { findUserByEmail, findUserById, listUsers, normalizeEmail, type User } from './users.queries.ts';

/** The account flows of djoser and Simple JWT. Inputs are already shaped by the API's schemas; these check the rules. */

type FieldErrors = Record<string, string[]>;

function addError(errors: FieldErrors, field: string, ...messages: string[]): void {
  if (messages.length) (errors[field] ??= []).push(...messages);
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function emailTaken(email: string, db?: Db): Promise<boolean> {
  return (await findUserByEmail(email, db)) !== null;
}

/** Log in: the same refusal for an unknown email, a wrong password and an inactive account. */
export async function login(email: string, password: string): Promise<TokenPair> {
  const user = await findUserByEmail(email);
  const matches = await checkPassword(password, user?.passwordHash);
  if (!user || !matches || !user.isActive) throw new AuthenticationError(M.noActiveAccount, 'no_active_account');
  return startSession(user);
}

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

/** The account a mailed link points at, when both its uid and its token are right. */
async function linkedUser(purpose: LinkPurpose, uid: string, token: string): Promise<User> {
  const id = decodeUid(uid);
  const user = id === null ? null : await findUserById(id);
  if (!user) throw new ValidationError({ uid: [M.invalidUid] });
  if (!checkLinkToken(purpose, user, token)) throw new ValidationError({ token: [M.invalidToken] });
  return user;
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

/** Mails a password reset link when the email belongs to an active account; like {@link resendActivation}, says nothing either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user?.isActive && user.passwordHash) inBackground(() => mails.sendPasswordResetMail(user));
}

/** Mails an email reset link to an active account's address; says nothing either way. */
export async function requestEmailReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user?.isActive) inBackground(() => mails.sendEmailResetMail(user));
}

// Sets a new password and ends every session, checking the new pair first.
async function replacePassword(user: User, fields: { newPassword: string; reNewPassword: string }, extra: FieldErrors = {}): Promise<void> {
  const errors = extra;
  addError(errors, 'new_password', ...(await passwordProblems(fields.newPassword, user.email)));
  if (fields.newPassword !== fields.reNewPassword) addError(errors, 'non_field_errors', M.passwordMismatch);
  throwIfAny(errors);
  const passwordHash = await hashPassword(fields.newPassword);
  await endSessions(user.id, 'password_changed', { passwordHash });
  await mails.sendPasswordChangedMail(user);
}

// Bumps the auth version (so access tokens already issued stop working) and revokes every refresh
// token, with `also` in the same transaction.
async function endSessions(
  userId: number,
  reason: RevokeReason,
  changes: Partial<typeof users.$inferInsert> = {},
  also?: (tx: Db) => Promise<void>,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, authVersion: sql`${users.authVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, reason);
    await also?.(tx);
  });
}

export async function confirmPasswordReset(input: { uid: string; token: string; newPassword: string; reNewPassword: string }): Promise<void> {
  const user = await linkedUser('password_reset', input.uid, input.token);
  await replacePassword(user, input);
}

export async function setPassword(user: User, input: { currentPassword: string; newPassword: string; reNewPassword: string }): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await checkPassword(input.currentPassword, user.passwordHash))) addError(errors, 'current_password', M.wrongPassword);
  await replacePassword(user, input, errors);
}

// Moves the account to a new login email and tells both addresses.
async function changeEmail(user: User, newEmail: string): Promise<void> {
  const db = await getDb();
  try {
    await db.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ new_email: [M.emailTaken] });
    throw error;
  }
  await mails.sendEmailChangedMails({ ...user, email: newEmail }, user.email);
}

async function newEmailErrors(user: User, newEmail: string, reNewEmail: string, errors: FieldErrors): Promise<string> {
  const email = normalizeEmail(newEmail);
  if (email !== normalizeEmail(reNewEmail)) addError(errors, 'non_field_errors', M.emailMismatch);
  else if (email === user.email) addError(errors, 'new_email', M.sameEmail);
  else if (await emailTaken(email)) addError(errors, 'new_email', M.emailTaken);
  return email;
}

export async function confirmEmailReset(input: { uid: string; token: string; newEmail: string; reNewEmail: string }): Promise<void> {
  const user = await linkedUser('email_reset', input.uid, input.token);
  const errors: FieldErrors = {};
  const email = await newEmailErrors(user, input.newEmail, input.reNewEmail, errors);
  throwIfAny(errors);
  await changeEmail(user, email);
}

export async function setEmail(user: User, input: { currentPassword: string; newEmail: string; reNewEmail: string }): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await checkPassword(input.currentPassword, user.passwordHash))) addError(errors, 'current_password', M.wrongPassword);
  const email = await newEmailErrors(user, input.newEmail, input.reNewEmail, errors);
  throwIfAny(errors);
  await changeEmail(user, email);
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string;
  country?: CountryCode;
  /** Staff only; ignored for anyone else, like DRF's read-only fields. */
  isActive?: boolean;
  isStaff?: boolean;
}

/** Updates the profile of `target` as `actor`; blocking an account ends its sessions. */
export async function updateProfile(actor: User, target: User, changes: ProfileChanges): Promise<User> {
  const { isActive, isStaff, ...profile } = changes;
  const access = actor.isStaff ? { isActive, isStaff } : {};
  if (actor.id === target.id && (access.isActive === false || access.isStaff === false)) {
    throw new ValidationError({ non_field_errors: [M.cannotChangeOwnAccess] });
  }
  const set = Object.fromEntries(Object.entries({ ...profile, ...access }).filter(([, v]) => v !== undefined));
  if (access.isActive === false && target.isActive) {
    await endSessions(target.id, 'deactivated', set);
  } else if (Object.keys(set).length) {
    const db = await getDb();
    await db.update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.id, target.id));
  }
  return (await findUserById(target.id))!;
}

/**
 * Deletes an account as `actor` (the person, or staff), who confirms with their own password. The
 * row stays, emptied of every personal detail, so orders that point at it remain in the shop's
 * records; the mails kept for its address and the rate-limit counters named after it go.
 */
export async function deleteAccount(actor: User, target: User, currentPassword: string): Promise<void> {
  if (!(await checkPassword(currentPassword, actor.passwordHash))) throw new ValidationError({ current_password: [M.wrongPassword] });
  const forgetEmail = async (tx: Db) => {
    await deleteMailsTo(target.email, tx);
    await deleteRateLimitKeys(emailRateLimitKeys(target.email), tx);
  };
  await endSessions(target.id, 'deleted', {
    email: `deleted-${target.id}-${crypto.randomUUID()}@deleted.invalid`,
    passwordHash: null,
    firstName: '',
    lastName: '',
    phone: '',
    isActive: false,
    isStaff: false,
    deletedAt: new Date(),
  }, forgetEmail);
}

/** Staff list every account; anyone else sees only their own. */
export function listVisibleUsers(actor: User, options: { limit: number; offset: number; search?: string }) {
  return listUsers({ ...options, onlyId: actor.isStaff ? undefined : actor.id });
}

/**
 * The account `email` as `actor` may see it: their own, or anyone's for staff.
 * @throws PermissionError for someone else's account (whether or not it exists), NotFoundError for staff.
 */
export async function getUserFor(actor: User, email: string): Promise<User> {
  if (normalizeEmail(email) === actor.email) return actor;
  assertStaff(actor);
  const user = await findUserByEmail(email);
  if (!user) throw new NotFoundError();
  return user;
}
