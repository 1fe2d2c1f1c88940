/** Exchange rates: the newest is the current one, by which the storefront converts prices. */
import { count, desc, eq } from 'drizzle-orm';
import { isoDay } from '../../shared/dates.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
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

/** Rates in units per 1 KGS, as decimal strings (`kgs` is always 1). */
export interface NewRates {
  kzt: string;
  usd: string;
  rub: string;
}

/**
 * A new rate, which becomes the current one at once in every process (the header's converter and the
 * prices shown in another currency), with its audit row. Older rates stay as the history.
 */
export async function createExchange(actor: number, rates: NewRates): Promise<Exchange> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(exchanges)
      .values({ date: isoDay(new Date()), kgs: '1', ...rates })
      .returning();
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'exchange',
      entityId: created!.id,
      action: 'create',
      before: null,
      after: created!,
    });
    return created!;
  });
  await invalidate('content');
  return row;
}
