import { AuthenticationError, RateLimitError } from '../errors.ts';
import {
  assertBackoffElapsed,
  assertUnderRateLimit,
  backoffKeys,
  consumeRateLimits,
  rateLimitKey,
  recordBackoffFailure,
  recordRateLimitHit,
  type Backoff,
  type RateLimit,
} from '../security/rate-limit.ts';
import { trustedDevice } from './device-cookies.ts';
import { checkPassword } from './passwords.ts';
import { normalizeEmail, type User } from './users.queries.ts';

/**
 * How often each guessable or mail-sending action may be tried, per client address and per email.
 * Per-address limits stop one client from trying many accounts; per-email limits stop many clients
 * (a botnet) from trying one account or flooding one mailbox. Each kind of mail has its own quota,
 * so using one up (say, resending activation) never blocks a password reset.
 *
 * Logins never shut an account out by its email alone, or anyone could lock out anyone they know the
 * email of: failures count per email *and* address (10 in 10 minutes stop that pair, while the owner
 * elsewhere logs in as usual), and across addresses only from 100 an hour on, and then as a growing
 * wait (1 s, 2 s, 4 s... at most 5 minutes) that slows a botnet down without keeping the owner out.
 * A browser that has signed in to the account before (its device cookie, `device-cookies.ts`) skips
 * that wait altogether; its failures count against it alone, and after 10 in 10 minutes it waits like
 * any other browser.
 * Checks of a signed-in account's current password (changing the password or email, deleting the
 * account) are limited per account like logins: a stolen session must not become a password oracle.
 */
export const ACCOUNT_LIMITS = {
  loginPerIp: { name: 'login:ip', max: 30, windowSeconds: 600 },
  /** Failed logins only: a person who types the right password is never counted. */
  loginFailuresPerEmailAndIp: { name: 'login-failures:ip-email', max: 10, windowSeconds: 600 },
  loginFailuresPerEmail: { name: 'login-failures:email', max: 100, windowSeconds: 3600, maxDelaySeconds: 300 },
  /** Failed logins from a browser with the account's device cookie, which then waits like any other. */
  loginFailuresPerDevice: { name: 'login-failures:device', max: 10, windowSeconds: 600 },
  /** Wrong current passwords only. */
  passwordChecksPerAccount: { name: 'password-check:account', max: 10, windowSeconds: 600 },
  registerPerIp: { name: 'register:ip', max: 10, windowSeconds: 3600 },
  registerPerEmail: { name: 'register:email', max: 5, windowSeconds: 3600 },
  mailPerIp: { name: 'account-mail:ip', max: 10, windowSeconds: 3600 },
  activationMailPerEmail: { name: 'activation-mail:email', max: 3, windowSeconds: 3600 },
  passwordMailPerEmail: { name: 'password-mail:email', max: 3, windowSeconds: 3600 },
  emailMailPerEmail: { name: 'email-mail:email', max: 3, windowSeconds: 3600 },
  /** Changes of the login address asked by one account (`set_email/`, `reset_email_confirm/`). */
  emailChangePerAccount: { name: 'email-change:account', max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit | Backoff>;

export type AccountMail = 'activation' | 'password' | 'email';

const MAIL_LIMITS: Record<AccountMail, RateLimit> = {
  activation: ACCOUNT_LIMITS.activationMailPerEmail,
  password: ACCOUNT_LIMITS.passwordMailPerEmail,
  email: ACCOUNT_LIMITS.emailMailPerEmail,
};

// An address never holds a space, so the pair reads back unambiguously, and its key ends with the email.
const addressAndEmail = (ip: string, email: string) => `${ip} ${email}`;

// A device that has failed too often in its window is trusted no more than a stranger.
async function deviceInGoodStanding(device: string | null): Promise<boolean> {
  if (!device) return false;
  try {
    await assertUnderRateLimit(ACCOUNT_LIMITS.loginFailuresPerDevice, device);
    return true;
  } catch (error) {
    if (error instanceof RateLimitError) return false;
    throw error;
  }
}

/**
 * Runs a login attempt within the limits: every attempt counts against the address; an address that
 * has failed too often for this email is refused before the password is checked, and so is an email
 * waiting after too many failures from everywhere, unless the attempt comes with the account's
 * `deviceToken` in good standing. A failed attempt counts against the address and email, and against
 * the device when it was trusted, else against the email-wide wait.
 * @throws RateLimitError, or whatever the attempt throws
 */
export async function limitedLogin<T>(
  ip: string,
  email: string,
  attempt: () => Promise<T>,
  deviceToken?: string,
): Promise<T> {
  const account = normalizeEmail(email);
  const pair = addressAndEmail(ip, account);
  await consumeRateLimits([[ACCOUNT_LIMITS.loginPerIp, ip]]);
  await assertUnderRateLimit(ACCOUNT_LIMITS.loginFailuresPerEmailAndIp, pair);
  const device = await trustedDevice(deviceToken, account);
  const trusted = await deviceInGoodStanding(device);
  if (!trusted) await assertBackoffElapsed(ACCOUNT_LIMITS.loginFailuresPerEmail, account);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AuthenticationError) {
      await recordRateLimitHit(ACCOUNT_LIMITS.loginFailuresPerEmailAndIp, pair);
      if (trusted) await recordRateLimitHit(ACCOUNT_LIMITS.loginFailuresPerDevice, device!);
      else await recordBackoffFailure(ACCOUNT_LIMITS.loginFailuresPerEmail, account);
    }
    throw error;
  }
}

/**
 * Whether `password` is the account's current password, within the account's limit: once 10 wrong
 * ones were given in its window, every check is refused until the window ends.
 * @throws RateLimitError
 */
export async function checkCurrentPassword(user: User, password: string): Promise<boolean> {
  const subject = String(user.id);
  await assertUnderRateLimit(ACCOUNT_LIMITS.passwordChecksPerAccount, subject);
  const matches = await checkPassword(password, user.passwordHash);
  if (!matches) await recordRateLimitHit(ACCOUNT_LIMITS.passwordChecksPerAccount, subject);
  return matches;
}

/** @throws RateLimitError */
export function limitRegistration(ip: string, email: string): Promise<void> {
  return consumeRateLimits([
    [ACCOUNT_LIMITS.registerPerIp, ip],
    [ACCOUNT_LIMITS.registerPerEmail, normalizeEmail(email)],
  ]);
}

/** Resending activation, password reset and email reset each send a mail to the address. @throws RateLimitError */
export function limitAccountMail(kind: AccountMail, ip: string, email: string): Promise<void> {
  return consumeRateLimits([
    [ACCOUNT_LIMITS.mailPerIp, ip],
    [MAIL_LIMITS[kind], normalizeEmail(email)],
  ]);
}

/**
 * Asking to move an account's login to `newEmail` mails that address (its link, or word to its owner)
 * and the account's own: it counts as an email mail to the new address and from the client's address,
 * and against the account, whatever the address turns out to be. @throws RateLimitError
 */
export function limitEmailChange(ip: string, userId: number, newEmail: string): Promise<void> {
  return consumeRateLimits([
    [ACCOUNT_LIMITS.mailPerIp, ip],
    [ACCOUNT_LIMITS.emailMailPerEmail, normalizeEmail(newEmail)],
    [ACCOUNT_LIMITS.emailChangePerAccount, String(userId)],
  ]);
}

/**
 * The rate-limit keys named after an email, to forget when its account is erased: the exact keys,
 * and the suffix that ends every address-and-email key.
 */
export function emailRateLimitKeys(email: string): { keys: string[]; suffixes: string[] } {
  const subject = normalizeEmail(email);
  const keys = Object.values(ACCOUNT_LIMITS)
    .filter((limit) => limit.name.endsWith(':email'))
    .flatMap((limit) => ('maxDelaySeconds' in limit ? backoffKeys(limit, subject) : [rateLimitKey(limit, subject)]));
  return { keys, suffixes: [` ${subject}`] };
}
