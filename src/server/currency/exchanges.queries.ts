/** Exchange rates: the newest is the current one, by which the storefront converts prices. */
import { count, desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { exchanges } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import type { Paging } from '../paging.ts';

export type Exchange = typeof exchanges.$inferSelect;

/** Newest first: the first item is the current rate. */
export async function listExchanges(paging: Paging): Promise<{ items: Exchange[]; count: number }> {
  const db = await getDb();
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(exchanges)
      .orderBy(desc(exchanges.date), desc(exchanges.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ value: count() }).from(exchanges),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getCurrentExchange(): Promise<Exchange | null> {
  const db = await getDb();
  const [row] = await db.select().from(exchanges).orderBy(desc(exchanges.date), desc(exchanges.id)).limit(1);
  return row ?? null;
}

export async function getExchange(id: number): Promise<Exchange> {
  const db = await getDb();
  const [row] = await db.select().from(exchanges).where(eq(exchanges.id, id));
  if (!row) throw new NotFoundError();
  return row;
}
