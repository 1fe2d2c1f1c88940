import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { getDb } from '../db/client.ts';
import { newsletterSubscriptions } from '../db/schema/index.ts';
import { renderMail, sendMail } from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import { withinMailboxQuota } from '../mail/mailbox-quota.ts';
import { consumeFormLimits } from './requests.limits.ts';

/**
 * Subscribes an email to the newsletter and mails the welcome with its unsubscribe link. Subscribing
 * again answers the same and mails nothing, so the form tells nobody whether an address was already
 * on the list; an address that had unsubscribed is subscribed again. A subscription a bot `trapped`
 * itself with (the hidden field) counts against the same limits and changes nothing.
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
    .returning({ token: newsletterSubscriptions.token });
  let token = inserted?.token;
  if (!token) {
    const [returning] = await db
      .update(newsletterSubscriptions)
      .set({ unsubscribedAt: null, country })
      .where(and(eq(newsletterSubscriptions.email, email), isNotNull(newsletterSubscriptions.unsubscribedAt)))
      .returning({ token: newsletterSubscriptions.token });
    token = returning?.token;
  }
  if (token && (await withinMailboxQuota(email))) await sendWelcomeMail(email, country, token);
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

async function sendWelcomeMail(email: string, country: CountryCode, token: string): Promise<void> {
  const url = unsubscribeUrl(country, token);
  const mail = await renderMail(country, {
    preheader: 'Новости, поступления и курсы — не чаще раза в неделю.',
    heading: 'Вы подписаны на рассылку',
    paragraphs: [
      `Спасибо за подписку на рассылку ${SHOP_NAME}. Пишем о новых брендах и поступлениях, курсах и выставках — не чаще раза в неделю.`,
      `Отписаться можно в любой момент по ссылке: ${url}`,
    ],
    footnote:
      'Вы получили это письмо, потому что подписались на рассылку на сайте. Если это были не вы, перейдите по ссылке для отписки.',
  });
  await sendMail({
    kind: 'newsletter_welcome',
    to: email,
    subject: `Подписка на рассылку ${SHOP_NAME}`,
    ...mail,
  });
}
