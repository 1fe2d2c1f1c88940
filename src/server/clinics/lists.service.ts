/**
 * A clinic's lists that write (issue 37): any member makes, renames, refills and deletes the clinic's
 * lists (an assistant too: lists are shared by the clinic). A list's lines are replaced whole, in the order
 * given; a product named twice is one line. Names are unique within a clinic (the database's index says so).
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { clinicListItems, clinicLists, products } from '../db/schema/index.ts';
import { isUniqueViolation, NotFoundError, ValidationError, type ErrorTree } from '../errors.ts';
import { findMemberClinic } from './clinics.queries.ts';
import {
  LIST_MESSAGES,
  MAX_CLINIC_LISTS,
  MAX_LIST_QUANTITY,
  readClinicList,
  type ClinicList,
} from './lists.queries.ts';

export interface ListLine {
  productId: number;
  quantity: number;
}

/** One line per product, in first-seen order, quantities added (up to a line's most). */
export function mergeListLines(lines: readonly ListLine[]): ListLine[] {
  const byId = new Map<number, number>();
  for (const line of lines) byId.set(line.productId, (byId.get(line.productId) ?? 0) + line.quantity);
  return [...byId].map(([productId, quantity]) => ({ productId, quantity: Math.min(quantity, MAX_LIST_QUANTITY) }));
}

/** @throws ValidationError `{items: [{}, {product: [...]}]}` for products the catalog does not have */
async function checkProducts(db: Db, lines: readonly ListLine[], field: string): Promise<void> {
  if (!lines.length) return;
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = new Set(
    (await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id),
  );
  if (lines.every((l) => found.has(l.productId))) return;
  if (field !== 'items') throw new ValidationError({ [field]: [LIST_MESSAGES.emptyOrder] });
  throw new ValidationError({
    items: lines.map((l): ErrorTree => (found.has(l.productId) ? {} : { product: [LIST_MESSAGES.unknownProduct] })),
  });
}

async function writeLines(tx: Db, listId: number, lines: readonly ListLine[]): Promise<void> {
  await tx.delete(clinicListItems).where(eq(clinicListItems.listId, listId));
  if (lines.length)
    await tx
      .insert(clinicListItems)
      .values(lines.map((l, position) => ({ listId, productId: l.productId, quantity: l.quantity, position })));
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new ValidationError({ name: [LIST_MESSAGES.nameTaken] });
  throw error;
}

/**
 * Makes a list of the clinic with `lines` (checked against the catalog; `source` names the field a
 * problem is reported on: `items`, or `from_order` for a list made from an order).
 * @throws NotFoundError for a non-member; ValidationError for a taken name, too many lists, unknown products
 */
export async function createClinicList(
  userId: number,
  clinicId: number,
  input: { name: string; lines: readonly ListLine[]; source?: 'items' | 'from_order' },
): Promise<ClinicList> {
  const clinic = await findMemberClinic(clinicId, userId);
  const lines = mergeListLines(input.lines);
  const db = await getDb();
  await checkProducts(db, lines, input.source ?? 'items');
  const listId = await db
    .transaction(async (tx) => {
      const [lists] = await tx.select({ n: count() }).from(clinicLists).where(eq(clinicLists.clinicId, clinicId));
      if ((lists?.n ?? 0) >= MAX_CLINIC_LISTS)
        throw new ValidationError({ non_field_errors: [LIST_MESSAGES.tooManyLists] });
      const [row] = await tx
        .insert(clinicLists)
        .values({ clinicId, name: input.name, createdBy: userId })
        .returning({ id: clinicLists.id });
      await writeLines(tx, row!.id, lines);
      return row!.id;
    })
    .catch(nameTaken);
  return readClinicList(clinic, listId);
}

/**
 * Renames a list or replaces its lines (either or both).
 * @throws NotFoundError for a non-member or a list of another clinic; ValidationError for a taken name or unknown products
 */
export async function updateClinicList(
  userId: number,
  clinicId: number,
  listId: number,
  input: { name?: string; lines?: readonly ListLine[] },
): Promise<ClinicList> {
  const clinic = await findMemberClinic(clinicId, userId);
  const lines = input.lines && mergeListLines(input.lines);
  const db = await getDb();
  if (lines) await checkProducts(db, lines, 'items');
  await db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(clinicLists)
        .set({ ...(input.name === undefined ? {} : { name: input.name }), updatedAt: new Date() })
        .where(and(eq(clinicLists.id, listId), eq(clinicLists.clinicId, clinicId)))
        .returning({ id: clinicLists.id });
      if (!row) throw new NotFoundError(LIST_MESSAGES.notFound);
      if (lines) await writeLines(tx, listId, lines);
    })
    .catch(nameTaken);
  return readClinicList(clinic, listId);
}

/** @throws NotFoundError for a non-member or a list of another clinic */
export async function deleteClinicList(userId: number, clinicId: number, listId: number): Promise<void> {
  await findMemberClinic(clinicId, userId);
  const db = await getDb();
  const gone = await db
    .delete(clinicLists)
    .where(and(eq(clinicLists.id, listId), eq(clinicLists.clinicId, clinicId)))
    .returning({ id: clinicLists.id });
  if (!gone.length) throw new NotFoundError(LIST_MESSAGES.notFound);
}
