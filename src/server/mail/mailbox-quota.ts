import { withinRateLimit, type RateLimit } from '../security/rate-limit.ts';

/**
 * How many mails the shop sends to one mailbox an hour on a visitor's or customer's behalf (form
 * acknowledgements, the newsletter's confirmation links and welcome, order confirmations and cancellations), whoever typed
 * the address in; further ones are skipped. Mails to staff do not count; the account flows
 * (activation, password, email change) have their own, stricter quotas (`accounts/accounts.limits.ts`).
 */
export const MAILBOX_QUOTA: RateLimit = { name: 'mailbox:email', max: 5, windowSeconds: 3600 };

/** Whose quota a mail to `email` counts against: the address as typed, trimmed and in lower case. */
export const mailboxQuotaSubject = (email: string) => email.trim().toLowerCase();

/** Counts a mail to `email` against its hourly quota; false when the quota is used up (the mail is skipped). */
export function withinMailboxQuota(email: string): Promise<boolean> {
  return withinRateLimit(MAILBOX_QUOTA, mailboxQuotaSubject(email));
}
