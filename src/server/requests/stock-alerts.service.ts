import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { getDb, queryRows } from '../db/client.ts';
import { productOffers, products, stockAlerts } from '../db/schema/index.ts';
import { ValidationError } from '../errors.ts';
import { logger } from '../logger.ts';
import { renderMail, sendMail } from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import { consumeFormLimits } from './requests.limits.ts';

const log = logger.child({ module: 'stock-alerts' });

export interface StockAlert {
  product: { id: number; slug: string; name: string };
  country: CountryCode;
  email: string;
}

/**
 * Asks to be told when a product is back in stock in a country. Asking twice for the same product
 * and address keeps one alert. An alert a bot `trapped` itself with (the hidden field) goes through
 * the same limits and checks and is answered the same, but is not kept.
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
  if (!trapped)
    await db
      .insert(stockAlerts)
      .values({ productId: offer.id, country: input.country, email: input.email })
      .onConflictDoNothing();
  return { product: { id: offer.id, slug: offer.slug, name: offer.name }, country: input.country, email: input.email };
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
 * Mails every waiting alert whose product is in stock again in its country, and marks it sent.
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
          where a.notified_at is null and o.quantity > 0 and p.is_active
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
