import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { getDb, queryRows } from '../db/client.ts';
import { productOffers, products, stockAlerts } from '../db/schema/index.ts';
import { ValidationError } from '../errors.ts';
import { logger } from '../logger.ts';
import { renderMail, sendMail, withinMailboxQuota } from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import {
  checkConfirmationToken,
  confirmationTokenId,
  makeConfirmationToken,
  type ConfirmationKind,
} from './confirmation-links.ts';
import { consumeFormLimits } from './requests.limits.ts';

const log = logger.child({ module: 'stock-alerts' });

export interface StockAlert {
  product: { id: number; slug: string; name: string };
  country: CountryCode;
  email: string;
}

/** How long the link that confirms an alert's address works: a week, like the newsletter's. */
export const ALERT_CONFIRMATION: ConfirmationKind = { name: 'stock-alert-links', lifetimeSeconds: 7 * 86_400 };

const signed = (alert: { email: string; productId: number; country: string }) => [
  alert.email,
  String(alert.productId),
  alert.country,
];

// An address its owner has confirmed: an account's (activated, not waiting for confirmation), or one that
// confirmed an alert before.
async function isConfirmedAddress(email: string): Promise<boolean> {
  const [row] = await queryRows<{ confirmed: boolean }>(
    await getDb(),
    sql`select exists (select 1 from users where email = ${email} and deleted_at is null
                         and activated_at is not null and not email_pending)
            or exists (select 1 from stock_alerts where email = ${email} and confirmed_at is not null) as confirmed`,
  );
  return row?.confirmed === true;
}

/**
 * Asks to be told when a product is back in stock in a country. Asking twice for the same product
 * and address keeps one alert. Double opt-in, like the newsletter: an address nobody has confirmed
 * gets, as its first mail, the link that confirms it (again when asked again, within the mailbox's
 * quota), and its alert waits for that before the «back in stock» mail can go; a confirmed address
 * (an account's, or one confirmed before) is not asked again. The answer is the same either way. An
 * alert a bot `trapped` itself with (the hidden field) goes through the same limits and checks and is
 * answered the same, but is not kept.
 * @throws ValidationError when the product is not sold in the country or is in stock now;
 * RateLimitError when the address asks too often.
 */
export async function createStockAlert(
  input: { product: number; country: CountryCode; email: string },
  clientIp: string,
  { trapped = false }: { trapped?: boolean } = {},
): Promise<StockAlert> {
  await consumeFormLimits('back-in-stock', clientIp);
  const db = await getDb();
  const [offer] = await db
    .select({ id: products.id, slug: products.slug, name: products.name, quantity: productOffers.quantity })
    .from(products)
    .innerJoin(productOffers, and(eq(productOffers.productId, products.id), eq(productOffers.country, input.country)))
    .where(and(eq(products.id, input.product), eq(products.isActive, true)));
  if (!offer) throw new ValidationError({ product: [`Этот товар не продаётся ${COUNTRIES[input.country].inName}.`] });
  if (offer.quantity > 0) throw new ValidationError({ product: ['Товар уже в наличии: его можно заказать сейчас.'] });
  const alert = {
    product: { id: offer.id, slug: offer.slug, name: offer.name },
    country: input.country,
    email: input.email,
  };
  if (trapped) return alert;
  const confirmed = await isConfirmedAddress(input.email);
  await db
    .insert(stockAlerts)
    .values({
      productId: offer.id,
      country: input.country,
      email: input.email,
      confirmedAt: confirmed ? new Date() : null,
    })
    .onConflictDoNothing();
  if (confirmed) return alert;
  const [waiting] = await db
    .select()
    .from(stockAlerts)
    .where(
      and(
        eq(stockAlerts.productId, offer.id),
        eq(stockAlerts.country, input.country),
        eq(stockAlerts.email, input.email),
        isNull(stockAlerts.notifiedAt),
        isNull(stockAlerts.confirmedAt),
      ),
    );
  if (waiting && (await withinMailboxQuota(input.email))) await sendConfirmationMail(waiting, offer.name);
  return alert;
}

export type AlertConfirmation = 'confirmed' | 'already' | 'expired' | 'unknown';

/**
 * Confirms the address of the alert a mailed link names, and with it every alert of that address still
 * waiting: the address is its owner's now, and later alerts need no link. `already` for an address
 * confirmed before; `expired` for a link older than its lifetime; `unknown` for a link that names no alert.
 */
export async function confirmStockAlert(token: string): Promise<AlertConfirmation> {
  const id = confirmationTokenId(token);
  if (id === null) return 'unknown';
  const db = await getDb();
  const [alert] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, id));
  if (!alert) return 'unknown';
  const check = checkConfirmationToken(ALERT_CONFIRMATION, alert.id, signed(alert), token);
  if (check === 'invalid') return 'unknown';
  if (alert.confirmedAt) return 'already';
  if (check === 'expired') return 'expired';
  const confirmed = await db
    .update(stockAlerts)
    .set({ confirmedAt: new Date() })
    .where(and(eq(stockAlerts.email, alert.email), isNull(stockAlerts.confirmedAt)))
    .returning({ id: stockAlerts.id });
  // Confirmed meanwhile by the same link opened twice at once.
  return confirmed.length ? 'confirmed' : 'already';
}

async function sendConfirmationMail(alert: typeof stockAlerts.$inferSelect, productName: string): Promise<void> {
  const country = alert.country as CountryCode;
  const url = absoluteUrl(
    paths.stockAlertConfirm(country, makeConfirmationToken(ALERT_CONFIRMATION, alert.id, signed(alert))),
  );
  const mail = await renderMail(country, {
    preheader: 'Подтвердите адрес, и мы напишем, когда товар появится.',
    heading: 'Подтвердите адрес для уведомления',
    paragraphs: [
      `Этот адрес указали на сайте ${SHOP_NAME}, чтобы узнать, когда ${productName} снова появится в наличии ${COUNTRIES[country].inName}.`,
      'Подтвердите, что адрес ваш, и мы напишем один раз, когда товар появится. Ссылка действует 7 дней.',
    ],
    action: { label: 'Подтвердить адрес', url },
    footnote:
      'Вы получили это письмо, потому что этот адрес указали в форме «Сообщить о поступлении» на сайте. Если это были не вы, просто не обращайте внимания: без подтверждения писем не будет.',
  });
  await sendMail({
    kind: 'back_in_stock_confirm',
    to: alert.email,
    subject: `Подтвердите адрес для уведомления о поступлении — ${SHOP_NAME}`,
    ...mail,
  });
}

interface DueAlert {
  id: number;
  email: string;
  country: CountryCode;
  slug: string;
  name: string;
  price: string;
}

/**
 * Mails every waiting alert whose address is confirmed and whose product is in stock again in its
 * country, and marks it sent.
 * Rows are claimed with SKIP LOCKED, so several shop processes sweeping at once never mail an alert
 * twice. Returns how many were mailed.
 */
export async function notifyRestockedProducts(batch = 200): Promise<number> {
  const db = await getDb();
  const due = await db.transaction(async (tx) => {
    const rows = await queryRows<DueAlert>(
      tx,
      sql`select a.id, a.email, a.country, p.slug, p.name, o.price::text as price
          from ${stockAlerts} a
          join ${productOffers} o on o.product_id = a.product_id and o.country = a.country
          join ${products} p on p.id = a.product_id
          where a.notified_at is null and a.confirmed_at is not null and o.quantity > 0 and p.is_active
          order by a.id
          limit ${batch}
          for update of a skip locked`,
    );
    if (rows.length) {
      await tx
        .update(stockAlerts)
        .set({ notifiedAt: new Date() })
        .where(
          inArray(
            stockAlerts.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return rows;
  });
  for (const alert of due) await sendRestockMail(alert);
  if (due.length) log.info({ mailed: due.length }, 'Back-in-stock alerts mailed');
  return due.length;
}

async function sendRestockMail(alert: DueAlert): Promise<void> {
  const url = absoluteUrl(paths.product(alert.country, alert.slug));
  const price = formatMoney(Number(alert.price), toDisplayCurrency(COUNTRIES[alert.country].currency));
  const mail = await renderMail(alert.country, {
    preheader: `${alert.name} снова можно заказать.`,
    heading: 'Товар снова в наличии',
    paragraphs: [
      `${alert.name} снова в наличии ${COUNTRIES[alert.country].inName}. Цена сейчас: ${price}.`,
      'Количество ограничено: запасы уходят быстро.',
    ],
    action: { label: 'Открыть товар', url },
    footnote: `Вы получили это письмо, потому что просили сообщить о поступлении товара на сайте ${SHOP_NAME}. Письмо приходит один раз.`,
  });
  await sendMail({ kind: 'back_in_stock', to: alert.email, subject: `Снова в наличии: ${alert.name}`, ...mail });
}

/** Waiting alerts of a country (staff tools and tests). */
export async function countWaitingAlerts(country?: CountryCode): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(
      and(
        isNull(stockAlerts.notifiedAt),
        country ? eq(stockAlerts.country, country) : undefined,
        gt(stockAlerts.id, 0),
      ),
    );
  return row?.n ?? 0;
}
