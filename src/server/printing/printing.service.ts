import type { Db } from '../db/client.ts';
import { printingPriceOffers, printingPrices } from '../db/schema/index.ts';

export interface NewPrintingPrice extends Omit<typeof printingPrices.$inferInsert, 'id'> {
  prices: { country: string; price: string }[];
}

/** Stores printing services with their price in each country that offers them. */
export async function insertPrintingPrices(db: Db, items: NewPrintingPrice[]): Promise<void> {
  for (const { prices, ...item } of items) {
    const [row] = await db.insert(printingPrices).values(item).returning({ id: printingPrices.id });
    if (prices.length)
      await db.insert(printingPriceOffers).values(prices.map((p) => ({ ...p, printingPriceId: row!.id })));
  }
}
