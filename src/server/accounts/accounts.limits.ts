import { AuthenticationError } from '../errors.ts';
import {
  assertUnderRateLimit,
  consumeRateLimits,
  rateLimitKey,
  recordRateLimitHit,
  type RateLimit,
} from '../security/rate-limit.ts';
import { normalizeEmail } from './users.queries.ts';

/**
 * How often each guessable or mail-sending action may be tried, per client address and per email.
 * Per-address limits stop one client from trying many accounts; per-email limits stop many clients
 * (a botnet) from trying one account or flooding one mailbox. Each kind of mail has its own quota,
 * so using one up (say, resending activation) never blocks a password reset.
 */
export const ACCOUNT_LIMITS = {
  loginPerIp: { name: 'login:ip', max: 30, windowSeconds: 600 },
  /** Failed logins only: a person who types the right password is never counted. */
  loginFailuresPerEmail: { name: 'login-failures:email', max: 10, windowSeconds: 600 },
  registerPerIp: { name: 'register:ip', max: 10, windowSeconds: 3600 },
  registerPerEmail: { name: 'register:email', max: 5, windowSeconds: 3600 },
  mailPerIp: { name: 'account-mail:ip', max: 10, windowSeconds: 3600 },
  activationMailPerEmail: { name: 'activation-mail:email', max: 3, windowSeconds: 3600 },
  passwordMailPerEmail: { name: 'password-mail:email', max: 3, windowSeconds: 3600 },
  emailMailPerEmail: { name: 'email-mail:email', max: 3, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

export type AccountMail = 'activation' | 'password' | 'email';

const MAIL_LIMITS: Record<AccountMail, RateLimit> = {
  activation: ACCOUNT_LIMITS.activationMailPerEmail,
  password: ACCOUNT_LIMITS.passwordMailPerEmail,
  email: ACCOUNT_LIMITS.emailMailPerEmail,
};

/**
 * Runs a login attempt within the limits: every attempt counts against the address; an email that
 * has failed too often in its window is refused before its password is checked, and a failed
 * attempt counts against the email.
 * @throws RateLimitError, or whatever the attempt throws
 */
export async function limitedLogin<T>(ip: string, email: string, attempt: () => Promise<T>): Promise<T> {
  const subject = normalizeEmail(email);
  await consumeRateLimits([[ACCOUNT_LIMITS.loginPerIp, ip]]);
  await assertUnderRateLimit(ACCOUNT_LIMITS.loginFailuresPerEmail, subject);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof AuthenticationError) await recordRateLimitHit(ACCOUNT_LIMITS.loginFailuresPerEmail, subject);
    throw error;
  }
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

/** Every per-email counter key of an address, to forget when the account is erased. */
export function emailRateLimitKeys(email: string): string[] {
  const subject = normalizeEmail(email);
  return Object.values(ACCOUNT_LIMITS)
    .filter((limit) => limit.name.endsWith(':email'))
    .map((limit) => rateLimitKey(limit, subject));
}
