import { and, asc, eq, inArray } from 'drizzle-orm';
import { COUNTRY_CODES } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
import { getDb, type Db } from '../db/client.ts';
import { printingPriceOffers, printingPrices } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

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

export const PRINTING_TEXT = { notFound: 'Услуга печати не найдена.' } as const;

/** A printing service as staff see it: hidden ones too, with its price per country (`null`: not offered there). */
export type StaffPrintingPrice = typeof printingPrices.$inferSelect & { prices: Record<string, string | null> };

async function pricesOf(db: Db, ids: number[]): Promise<Map<number, Record<string, string>>> {
  const offers = ids.length
    ? await db.select().from(printingPriceOffers).where(inArray(printingPriceOffers.printingPriceId, ids))
    : [];
  const byId = new Map<number, Record<string, string>>();
  for (const offer of offers)
    byId.set(offer.printingPriceId, { ...byId.get(offer.printingPriceId), [offer.country]: offer.price });
  return byId;
}

function withPrices(
  row: typeof printingPrices.$inferSelect,
  prices: Record<string, string> | undefined,
): StaffPrintingPrice {
  return { ...row, prices: Object.fromEntries(COUNTRY_CODES.map((code) => [code, prices?.[code] ?? null])) };
}

export async function listPrintingPricesForStaff(): Promise<StaffPrintingPrice[]> {
  const db = await getDb();
  const rows = await db.select().from(printingPrices).orderBy(asc(printingPrices.position), asc(printingPrices.id));
  const prices = await pricesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => withPrices(row, prices.get(row.id)));
}

export async function findPrintingPriceForStaff(id: number): Promise<StaffPrintingPrice> {
  const db = await getDb();
  const [row] = await db.select().from(printingPrices).where(eq(printingPrices.id, id));
  if (!row) throw new NotFoundError(PRINTING_TEXT.notFound);
  return withPrices(row, (await pricesOf(db, [id])).get(id));
}

export interface PrintingPriceFields {
  service?: string;
  material?: string;
  unit?: string;
  leadTime?: string;
  description?: string;
  position?: number;
  isActive?: boolean;
  /** Per country: the price, or null to stop offering it there; absent countries stay as they are. */
  prices?: Record<string, string | null>;
}

/** Creates (`id` null) or changes a printing service and its prices, audited, on the site at once. */
export async function savePrintingPrice(
  actor: number,
  id: number | null,
  fields: PrintingPriceFields,
): Promise<StaffPrintingPrice> {
  const db = await getDb();
  const { prices, ...values } = fields;
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const savedId = await db.transaction(async (tx) => {
    const before = id === null ? null : await findInTx(tx, id);
    const [row] =
      id === null
        ? await tx
            .insert(printingPrices)
            .values(defined as typeof printingPrices.$inferInsert)
            .returning()
        : Object.keys(defined).length
          ? await tx.update(printingPrices).set(defined).where(eq(printingPrices.id, id)).returning()
          : [before!];
    const rowId = row!.id;
    for (const [country, price] of Object.entries(prices ?? {})) {
      if (price === null) {
        await tx
          .delete(printingPriceOffers)
          .where(and(eq(printingPriceOffers.printingPriceId, rowId), eq(printingPriceOffers.country, country)));
      } else {
        await tx
          .insert(printingPriceOffers)
          .values({ printingPriceId: rowId, country, price })
          .onConflictDoUpdate({
            target: [printingPriceOffers.printingPriceId, printingPriceOffers.country],
            set: { price },
          });
      }
    }
    const after = await findInTx(tx, rowId);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'printing_price',
      entityId: rowId,
      action: id === null ? 'create' : 'update',
      before: before ? flatten(before) : null,
      after: flatten(after!),
    });
    return rowId;
  });
  await invalidate('content');
  return findPrintingPriceForStaff(savedId);
}

/** The audit sees each country's price as a field of its own (`price_kg`). */
function flatten(item: StaffPrintingPrice): Record<string, unknown> {
  const { prices, ...rest } = item;
  return { ...rest, ...Object.fromEntries(Object.entries(prices).map(([code, price]) => [`price_${code}`, price])) };
}

async function findInTx(tx: Db, id: number): Promise<StaffPrintingPrice | null> {
  const [row] = await tx.select().from(printingPrices).where(eq(printingPrices.id, id)).for('update');
  if (!row) throw new NotFoundError(PRINTING_TEXT.notFound);
  return withPrices(row, (await pricesOf(tx, [id])).get(id));
}

/** @throws NotFoundError */
export async function deletePrintingPrice(actor: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await findInTx(tx, id);
    await tx.delete(printingPrices).where(eq(printingPrices.id, id));
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'printing_price',
      entityId: id,
      action: 'delete',
      before: flatten(before!),
      after: null,
    });
  });
  await invalidate('content');
}
