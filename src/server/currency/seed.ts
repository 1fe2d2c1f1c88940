import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { exchanges } from '../db/schema/index.ts';

/** Units of each currency per 1 KGS; oldest first so ids grow with the date. */
export const exchangeSeeds = [
  { date: '2026-11-17', kgs: '1', kzt: '5.918400', usd: '0.011428', rub: '0.918200' },
  { date: '2026-11-18', kgs: '1', kzt: '5.924700', usd: '0.011431', rub: '0.921500' },
  { date: '2026-11-19', kgs: '1', kzt: '5.931200', usd: '0.011436', rub: '0.919800' },
  { date: '2026-11-20', kgs: '1', kzt: '5.929500', usd: '0.011434', rub: '0.922700' },
];

/** The demo exchange rates: the first thing the demo data inserts. */
export async function seedExchangesDemo(db: Db): Promise<void> {
  await db.insert(exchanges).values(exchangeSeeds);
}

/** Whether the demo data (or real rates) is in place: the shop needs a current rate to show prices in other currencies. */
export async function hasExchanges(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(exchanges);
  return (row?.n ?? 0) > 0;
}
