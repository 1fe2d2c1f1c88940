import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { getDb } from '../db/client.ts';
import { newsletterSubscriptions } from '../db/schema/index.ts';
import { renderMail, sendMail, type MailContent } from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import { withinMailboxQuota } from '../mail/mailbox-quota.ts';
import { checkConfirmationToken, confirmationTokenId, makeConfirmationToken } from './newsletter-links.ts';
import { consumeFormLimits } from './requests.limits.ts';

type Subscription = typeof newsletterSubscriptions.$inferSelect;

/**
 * Subscribes an email to the newsletter, double opt-in: the address is stored as pending and mailed a
 * link that confirms it; only then is it a subscriber. Asked again, a pending address is mailed the link
 * again, an address that had unsubscribed is pending again and mailed it, and a subscriber is mailed
 * that it is subscribed already. Whoever asks gets the same answer every time, and every mail counts
 * against the mailbox's hourly quota (skipped beyond it), so the form tells nobody whether an address
 * is on the list and cannot flood one. A subscription a bot `trapped` itself with (the hidden field)
 * counts against the same limits and changes nothing.
 * @throws RateLimitError
 */
export async function subscribeToNewsletter(
  email: string,
  country: CountryCode,
  clientIp: string,
  { trapped = false }: { trapped?: boolean } = {},
): Promise<void> {
  await consumeFormLimits('newsletter', clientIp);
  if (trapped) return;
  const db = await getDb();
  const [inserted] = await db
    .insert(newsletterSubscriptions)
    .values({ email, country, token: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning();
  let subscription = inserted;
  if (!subscription) {
    const [known] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    if (!known) return;
    if (known.confirmedAt && !known.unsubscribedAt) {
      if (await withinMailboxQuota(email)) await sendAlreadySubscribedMail(known);
      return;
    }
    // Pending, or subscribing anew after leaving: pending again, for the country asked from last.
    [subscription] = await db
      .update(newsletterSubscriptions)
      .set({ country, confirmedAt: null, unsubscribedAt: null })
      .where(eq(newsletterSubscriptions.id, known.id))
      .returning();
  }
  if (subscription && (await withinMailboxQuota(email))) await sendConfirmationMail(subscription);
}

export type ConfirmationOutcome = 'confirmed' | 'already' | 'expired' | 'unknown';

/**
 * Confirms the subscription a mailed link names, and welcomes the new subscriber with the unsubscribe
 * link. `already` for a link used before; `expired` for one older than its lifetime; `unknown` for a
 * link that names no pending or confirmed subscription (a bad link, or an address that unsubscribed since).
 */
export async function confirmNewsletterSubscription(token: string): Promise<ConfirmationOutcome> {
  const id = confirmationTokenId(token);
  if (id === null) return 'unknown';
  const db = await getDb();
  const [subscription] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
  if (!subscription || subscription.unsubscribedAt) return 'unknown';
  const check = checkConfirmationToken(subscription, token);
  if (check === 'invalid') return 'unknown';
  if (subscription.confirmedAt) return 'already';
  if (check === 'expired') return 'expired';
  const [confirmed] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: new Date() })
    .where(
      and(
        eq(newsletterSubscriptions.id, id),
        isNull(newsletterSubscriptions.confirmedAt),
        isNull(newsletterSubscriptions.unsubscribedAt),
      ),
    )
    .returning();
  // Confirmed meanwhile by the same link opened twice at once.
  if (!confirmed) return 'already';
  if (await withinMailboxQuota(confirmed.email)) await sendWelcomeMail(confirmed);
  return 'confirmed';
}

/** Ends a subscription by the token of its unsubscribe link; false when the token names none. */
export async function unsubscribeFromNewsletter(token: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(newsletterSubscriptions.token, token), isNull(newsletterSubscriptions.unsubscribedAt)))
    .returning({ id: newsletterSubscriptions.id });
  if (rows.length) return true;
  const [known] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.token, token));
  return Boolean(known);
}

export function unsubscribeUrl(country: CountryCode, token: string): string {
  return absoluteUrl(paths.newsletterUnsubscribe(country, token));
}

const ABOUT = 'Пишем о новых брендах и поступлениях, курсах и выставках — не чаще раза в неделю.';

async function send(subscription: Subscription, kind: string, subject: string, content: MailContent) {
  const country = subscription.country as CountryCode;
  await sendMail({ kind, to: subscription.email, subject, ...(await renderMail(country, content)) });
}

function sendConfirmationMail(subscription: Subscription): Promise<void> {
  const country = subscription.country as CountryCode;
  return send(subscription, 'newsletter_confirm', `Подтвердите подписку на рассылку ${SHOP_NAME}`, {
    preheader: 'Один шаг: подтвердите, что рассылку можно присылать на этот адрес.',
    heading: 'Подтвердите подписку на рассылку',
    paragraphs: [
      `Этот адрес указали в форме подписки на рассылку ${SHOP_NAME}. ${ABOUT}`,
      'Чтобы получать рассылку, подтвердите подписку. Ссылка действует 7 дней.',
    ],
    action: {
      label: 'Подтвердить подписку',
      url: absoluteUrl(paths.newsletterConfirm(country, makeConfirmationToken(subscription))),
    },
    footnote:
      'Вы получили это письмо, потому что этот адрес указали в форме подписки на сайте. Если это были не вы, просто не обращайте внимания: без подтверждения рассылка не придёт.',
  });
}

function sendAlreadySubscribedMail(subscription: Subscription): Promise<void> {
  const country = subscription.country as CountryCode;
  return send(subscription, 'newsletter_already', `Вы уже подписаны на рассылку ${SHOP_NAME}`, {
    heading: 'Вы уже подписаны на рассылку',
    paragraphs: [
      `Этот адрес снова указали в форме подписки, но он уже подписан на рассылку ${SHOP_NAME}: ничего делать не нужно.`,
      `Отписаться можно в любой момент по ссылке: ${unsubscribeUrl(country, subscription.token)}`,
    ],
    footnote: 'Вы получили это письмо, потому что этот адрес указали в форме подписки на сайте.',
  });
}

function sendWelcomeMail(subscription: Subscription): Promise<void> {
  const country = subscription.country as CountryCode;
  return send(subscription, 'newsletter_welcome', `Подписка на рассылку ${SHOP_NAME} подтверждена`, {
    preheader: 'Новости, поступления и курсы — не чаще раза в неделю.',
    heading: 'Подписка подтверждена',
    paragraphs: [`Спасибо! Теперь вы получаете рассылку ${SHOP_NAME}. ${ABOUT}`],
    footnote: `Вы получили это письмо, потому что подтвердили подписку на рассылку на сайте. Отписаться можно в любой момент: ${unsubscribeUrl(country, subscription.token)}`,
  });
}
