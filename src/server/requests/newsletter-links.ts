/**
 * The confirmation link of a newsletter subscription (`confirmation-links.ts`), signed over the subscription's
 * id, address and the random token of its unsubscribe link.
 */
import * as links from './confirmation-links.ts';

/** How long a confirmation link works: a week, for people who read their mail on Mondays. */
export const CONFIRMATION_LIFETIME_SECONDS = 7 * 86_400;

const NEWSLETTER: links.ConfirmationKind = { name: 'newsletter-links', lifetimeSeconds: CONFIRMATION_LIFETIME_SECONDS };

export interface SignedSubscription {
  id: number;
  email: string;
  token: string;
}

const fields = (subscription: SignedSubscription) => [subscription.email, subscription.token];

export function makeConfirmationToken(subscription: SignedSubscription, now = Date.now()): string {
  return links.makeConfirmationToken(NEWSLETTER, subscription.id, fields(subscription), now);
}

export { confirmationTokenId } from './confirmation-links.ts';

/** Whether `token` was made for this subscription and has not expired. */
export function checkConfirmationToken(
  subscription: SignedSubscription,
  token: string,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  return links.checkConfirmationToken(NEWSLETTER, subscription.id, fields(subscription), token, now);
}
