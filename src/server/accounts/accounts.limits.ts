import { consumeRateLimits, type RateLimit } from '../security/rate-limit.ts';
import { normalizeEmail } from './users.queries.ts';

/**
 * How often each guessable or mail-sending action may be tried, per client address and per email.
 * Per-address limits stop one client from trying many accounts; per-email limits stop many clients
 * (a botnet) from trying one account, or from flooding one mailbox.
 */
export const ACCOUNT_LIMITS = {
  loginPerIp: { name: 'login:ip', max: 30, windowSeconds: 600 },
  loginPerEmail: { name: 'login:email', max: 10, windowSeconds: 600 },
  registerPerIp: { name: 'register:ip', max: 10, windowSeconds: 3600 },
  registerPerEmail: { name: 'register:email', max: 5, windowSeconds: 3600 },
  mailPerIp: { name: 'account-mail:ip', max: 10, windowSeconds: 3600 },
  mailPerEmail: { name: 'account-mail:email', max: 3, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/** @throws RateLimitError */
export function limitLogin(ip: string, email: string): Promise<void> {
  return consumeRateLimits([
    [ACCOUNT_LIMITS.loginPerIp, ip],
    [ACCOUNT_LIMITS.loginPerEmail, normalizeEmail(email)],
  ]);
}

/** @throws RateLimitError */
export function limitRegistration(ip: string, email: string): Promise<void> {
  return consumeRateLimits([
    [ACCOUNT_LIMITS.registerPerIp, ip],
    [ACCOUNT_LIMITS.registerPerEmail, normalizeEmail(email)],
  ]);
}

/** Resending activation, password reset and email reset: each sends a mail to the address. @throws RateLimitError */
export function limitAccountMail(ip: string, email: string): Promise<void> {
  return consumeRateLimits([
    [ACCOUNT_LIMITS.mailPerIp, ip],
    [ACCOUNT_LIMITS.mailPerEmail, normalizeEmail(email)],
  ]);
}
