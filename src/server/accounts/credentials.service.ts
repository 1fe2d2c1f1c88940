import { AuthenticationError } from '../errors.ts';
import { checkCurrentPassword } from './accounts.limits.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import * as mails from './accounts.mails.ts';
import { inBackground } from './background.ts';
import { linkedUser } from './link-tokens.ts';
import { checkPassword, hashPassword, passwordProblems } from './passwords.ts';
import { endSessions, startSession, type TokenPair } from './sessions.ts';
import { findUserByEmail, type User } from './users.queries.ts';
import { addError, throwIfAny, type FieldErrors } from './field-errors.ts';

/** Logging in, and changing the password: with the current password, or through a mailed link. */

/** Log in: the same refusal for an unknown email, a wrong password and an inactive account. */
export async function login(email: string, password: string): Promise<TokenPair> {
  const user = await findUserByEmail(email);
  const matches = await checkPassword(password, user?.passwordHash);
  if (!user || !matches || !user.isActive) throw new AuthenticationError(M.noActiveAccount, 'no_active_account');
  return startSession(user);
}

/** Mails a password reset link when the email belongs to an active account; like {@link resendActivation}, says nothing either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user?.isActive && user.passwordHash) inBackground(() => mails.sendPasswordResetMail(user));
}

// Sets a new password and ends every session, checking the new pair first.
async function replacePassword(
  user: User,
  fields: { newPassword: string; reNewPassword: string },
  extra: FieldErrors = {},
): Promise<void> {
  const errors = extra;
  addError(errors, 'new_password', ...(await passwordProblems(fields.newPassword, user.email)));
  if (fields.newPassword !== fields.reNewPassword) addError(errors, 'non_field_errors', M.passwordMismatch);
  throwIfAny(errors);
  const passwordHash = await hashPassword(fields.newPassword);
  await endSessions(user.id, 'password_changed', { passwordHash });
  await mails.sendPasswordChangedMail(user);
}

/** Sets the password of a mailed reset link; answers the account's email (its owner has just proven they read it). */
export async function confirmPasswordReset(input: {
  uid: string;
  token: string;
  newPassword: string;
  reNewPassword: string;
}): Promise<string> {
  const user = await linkedUser('password_reset', input.uid, input.token);
  await replacePassword(user, input);
  return user.email;
}

/** @throws RateLimitError after too many wrong current passwords, ValidationError */
export async function setPassword(
  user: User,
  input: { currentPassword: string; newPassword: string; reNewPassword: string },
): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await checkCurrentPassword(user, input.currentPassword))) addError(errors, 'current_password', M.wrongPassword);
  await replacePassword(user, input, errors);
}
