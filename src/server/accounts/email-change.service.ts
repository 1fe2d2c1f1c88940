import { and, eq, isNull } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { isUniqueViolation, ValidationError } from '../errors.ts';
import { sendHeldOrderMails } from '../orders/orders.service.ts';
import { checkCurrentPassword, limitEmailChange } from './accounts.limits.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import * as mails from './accounts.mails.ts';
import { inBackground } from './background.ts';
import { addError, throwIfAny, type FieldErrors } from './field-errors.ts';
import { linkedUser } from './link-tokens.ts';
import { findUserByEmail, normalizeEmail, type User } from './users.queries.ts';

/**
 * Moving an account's login to another address. Asked with the current password (`set_email/`) or with the
 * old address's mailed link (`reset_email/` → `reset_email_confirm/`, djoser's flow), the change waits as
 * the account's `pendingEmail` until the new address confirms it by the link mailed to it: an address
 * nobody confirmed never becomes a login that order mails go to. Asking says nothing of the new address
 * (204 whether or not it has an account; its owner is mailed instead of a link) and counts against the
 * account mails' limits; the old address is told, without the new one in full.
 */

/** Mails an email reset link to an active account's address; says nothing either way. */
export async function requestEmailReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user?.isActive) inBackground(() => mails.sendEmailResetMail(user));
}

function newEmailErrors(user: User, newEmail: string, reNewEmail: string, errors: FieldErrors): string {
  const email = normalizeEmail(newEmail);
  if (email !== normalizeEmail(reNewEmail)) addError(errors, 'non_field_errors', M.emailMismatch);
  else if (email === user.email) addError(errors, 'new_email', M.sameEmail);
  return email;
}

// Keeps the address asked for and mails, after the answer, the new address its link (or its owner word
// that someone tried) and the old address the notice: the answer and its timing are the same either way.
async function askForEmailChange(user: User, email: string, clientIp: string): Promise<void> {
  await limitEmailChange(clientIp, user.id, email);
  const db = await getDb();
  const [asked] = await db
    .update(users)
    .set({ pendingEmail: email, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  if (!asked) return;
  inBackground(async () => {
    const owner = await findUserByEmail(email);
    if (owner) await mails.sendAddressInUseMail(owner);
    else await mails.sendEmailChangeLinkMail({ ...asked, pendingEmail: email });
    await mails.sendEmailChangeRequestedMail(asked, email);
  });
}

/** djoser's `reset_email_confirm/`: the old address's link names the account. @throws ValidationError, RateLimitError */
export async function confirmEmailReset(
  input: { uid: string; token: string; newEmail: string; reNewEmail: string },
  clientIp: string,
): Promise<void> {
  const user = await linkedUser('email_reset', input.uid, input.token);
  const errors: FieldErrors = {};
  const email = newEmailErrors(user, input.newEmail, input.reNewEmail, errors);
  throwIfAny(errors);
  await askForEmailChange(user, email, clientIp);
}

/** @throws RateLimitError after too many wrong current passwords or changes asked, ValidationError */
export async function setEmail(
  user: User,
  input: { currentPassword: string; newEmail: string; reNewEmail: string },
  clientIp: string,
): Promise<void> {
  const errors: FieldErrors = {};
  if (!(await checkCurrentPassword(user, input.currentPassword))) addError(errors, 'current_password', M.wrongPassword);
  const email = newEmailErrors(user, input.newEmail, input.reNewEmail, errors);
  throwIfAny(errors);
  await askForEmailChange(user, email, clientIp);
}

/**
 * Moves the login to the address the link was mailed to, once: the link covers the address asked for,
 * which the change clears. The address is confirmed by it, so an account opened at checkout is confirmed
 * too, and gets the mails of its orders held until then. The old address is told.
 * @throws ValidationError for a bad or used link, or an address that has an account by now
 */
export async function confirmEmailChange(uid: string, token: string): Promise<string> {
  const user = await linkedUser('email_change', uid, token);
  const email = user.pendingEmail;
  if (!email || !user.isActive) throw new ValidationError({ token: [M.invalidToken] });
  const db = await getDb();
  let changed: User | undefined;
  try {
    [changed] = await db
      .update(users)
      .set({ email, pendingEmail: null, emailPending: false, updatedAt: new Date() })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.email, user.email),
          eq(users.pendingEmail, email),
          eq(users.isActive, true),
          isNull(users.deletedAt),
        ),
      )
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ non_field_errors: [M.emailTakenSince] });
    throw error;
  }
  if (!changed) throw new ValidationError({ token: [M.invalidToken] });
  const account = changed;
  inBackground(async () => {
    await mails.sendEmailChangedNotice(account, user.email);
    if (user.emailPending) await sendHeldOrderMails(account.id);
  });
  return email;
}
