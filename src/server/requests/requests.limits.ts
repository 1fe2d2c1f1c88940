import { RateLimitError } from '../errors.ts';
import { consumeRateLimits, type RateLimit } from '../security/rate-limit.ts';

/**
 * How often a client address may send each public form: enough for a clinic behind one address that
 * sends several requests in a day, too few for a flood. Every form also shares a daily ceiling.
 */
export const FORM_LIMITS = {
  perKindPerIp: { name: 'form:ip', max: 10, windowSeconds: 3600 },
  allFormsPerIp: { name: 'forms:ip', max: 40, windowSeconds: 86_400 },
  /** One mailbox gets at most this many acknowledgements an hour, whoever types it in. */
  mailsPerEmail: { name: 'form-mail:email', max: 5, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/** Counts a mail to `email` against its hourly quota; false when the quota is used up (the mail is skipped). */
export async function withinMailQuota(email: string): Promise<boolean> {
  try {
    await consumeRateLimits([[FORM_LIMITS.mailsPerEmail, email]]);
    return true;
  } catch (error) {
    if (error instanceof RateLimitError) return false;
    throw error;
  }
}
