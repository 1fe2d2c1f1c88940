import { and, asc, count, eq } from 'drizzle-orm';
import { COUNTRIES, type CountryCode, type CurrencyCode } from '../../shared/countries.ts';
import { contentCache } from '../content/cache.ts';
import { getDb } from '../db/client.ts';
import { printingPriceOffers, printingPrices } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

/** A row of the printing price list with its price in the country's currency. */
export type PrintingPrice = Omit<typeof printingPrices.$inferSelect, 'isActive'> & {
  price: string;
  currency: CurrencyCode;
};

interface Paging {
  limit: number;
  offset: number;
}

const columns = {
  id: printingPrices.id,
  service: printingPrices.service,
  material: printingPrices.material,
  unit: printingPrices.unit,
  leadTime: printingPrices.leadTime,
  description: printingPrices.description,
  position: printingPrices.position,
  price: printingPriceOffers.price,
};

const offeredIn = (country: CountryCode) =>
  and(eq(printingPrices.isActive, true), eq(printingPriceOffers.country, country));

/** The services offered in a country, in the price list's order. */
export function listPrintingPrices(
  options: Paging & { country: CountryCode },
): Promise<{ items: PrintingPrice[]; count: number }> {
  return contentCache.get(`printing:${options.country}:${options.limit}:${options.offset}`, async () => {
    const db = await getDb();
    const joined = () =>
      db
        .select(columns)
        .from(printingPrices)
        .innerJoin(printingPriceOffers, eq(printingPriceOffers.printingPriceId, printingPrices.id));
    const [rows, [total]] = await Promise.all([
      joined()
        .where(offeredIn(options.country))
        .orderBy(asc(printingPrices.position), asc(printingPrices.id))
        .limit(options.limit)
        .offset(options.offset),
      db
        .select({ value: count() })
        .from(printingPrices)
        .innerJoin(printingPriceOffers, eq(printingPriceOffers.printingPriceId, printingPrices.id))
        .where(offeredIn(options.country)),
    ]);
    const currency = COUNTRIES[options.country].currency;
    return { items: rows.map((row) => ({ ...row, currency })), count: total?.value ?? 0 };
  });
}

/** One service as offered in a country; NotFoundError when it is not offered there. */
export function getPrintingPrice(id: number, country: CountryCode): Promise<PrintingPrice> {
  return contentCache.get(`printing-one:${country}:${id}`, async () => {
    const db = await getDb();
    const [row] = await db
      .select(columns)
      .from(printingPrices)
      .innerJoin(printingPriceOffers, eq(printingPriceOffers.printingPriceId, printingPrices.id))
      .where(and(offeredIn(country), eq(printingPrices.id, id)));
    if (!row) throw new NotFoundError();
    return { ...row, currency: COUNTRIES[country].currency };
  });
}
