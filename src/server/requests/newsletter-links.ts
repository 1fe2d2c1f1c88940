/**
 * The confirmation link of a newsletter subscription, made the way the account links are
 * (`accounts/link-tokens.ts`): nothing more is stored; the token is an HMAC over the subscription (its
 * id, address and the random token of its unsubscribe link) and the time it was made, so it names one
 * subscription, cannot be made without the server's secret, and expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../env.ts';

/** How long a confirmation link works: a week, for people who read their mail on Mondays. */
export const CONFIRMATION_LIFETIME_SECONDS = 7 * 86_400;

export interface SignedSubscription {
  id: number;
  email: string;
  token: string;
}

function signature(subscription: SignedSubscription, timestamp: number): string {
  return createHmac('sha256', `${env.JWT_SECRET}:newsletter-links`)
    .update(`confirm|${subscription.id}|${timestamp}|${subscription.email}|${subscription.token}`)
    .digest('base64url')
    .slice(0, 32);
}

/** `<id>-<time>-<signature>`: the id and the time in base 36. */
export function makeConfirmationToken(subscription: SignedSubscription, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `${subscription.id.toString(36)}-${timestamp.toString(36)}-${signature(subscription, timestamp)}`;
}

/** The subscription id a confirmation token names, or null when it is no token. Says nothing of its signature. */
export function confirmationTokenId(token: string): number | null {
  const match = /^([0-9a-z]{1,7})-([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Whether `token` was made for this subscription and has not expired. */
export function checkConfirmationToken(
  subscription: SignedSubscription,
  token: string,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  const match = /^([0-9a-z]{1,7})-([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match || parseInt(match[1]!, 36) !== subscription.id) return 'invalid';
  const timestamp = parseInt(match[2]!, 36);
  const expected = Buffer.from(signature(subscription, timestamp));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = Math.floor(now / 1000) - timestamp;
  return age < 0 || age > CONFIRMATION_LIFETIME_SECONDS ? 'expired' : 'valid';
}
