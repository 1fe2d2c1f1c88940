/**
 * Writes of the small content tables staff keep (banners, contacts): each in one transaction with its
 * audit row, then every process's content caches emptied, so the storefront shows it at once.
 */
import { asc, eq } from 'drizzle-orm';
import { recordStaffChange, type StaffEntity } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
import { getDb } from '../db/client.ts';
import { banners, contacts } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

const TABLES = {
  banner: { table: banners, notFound: 'Баннер не найден.' },
  contact: { table: contacts, notFound: 'Контакт не найден.' },
} as const;

type Kind = keyof typeof TABLES & StaffEntity;
type Row<K extends Kind> = (typeof TABLES)[K]['table']['$inferSelect'];
type Insert<K extends Kind> = (typeof TABLES)[K]['table']['$inferInsert'];

/** Every row, hidden ones too, in their order on the site. */
export async function listRows<K extends Kind>(kind: K): Promise<Row<K>[]> {
  const { table } = TABLES[kind];
  const db = await getDb();
  return (await db.select().from(table).orderBy(asc(table.position), asc(table.id))) as Row<K>[];
}

export async function findRow<K extends Kind>(kind: K, id: number): Promise<Row<K>> {
  const { table, notFound } = TABLES[kind];
  const db = await getDb();
  const [row] = await db.select().from(table).where(eq(table.id, id));
  if (!row) throw new NotFoundError(notFound);
  return row as Row<K>;
}

/** Creates (`id` null) or changes a row. @throws NotFoundError */
export async function saveRow<K extends Kind>(
  actor: number,
  kind: K,
  id: number | null,
  values: Partial<Insert<K>>,
): Promise<Row<K>> {
  const { table, notFound } = TABLES[kind];
  const db = await getDb();
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const row = await db.transaction(async (tx) => {
    const [before] = id === null ? [null] : await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (id !== null && !before) throw new NotFoundError(notFound);
    const [after] =
      id === null
        ? await tx
            // The union of the tables' row types is more than drizzle's generics can follow; the API's
            // schemas have checked the fields of each.
            .insert(table as typeof banners)
            .values(defined as typeof banners.$inferInsert)
            .returning()
        : await tx.update(table).set(defined).where(eq(table.id, id)).returning();
    await recordStaffChange(tx, {
      userId: actor,
      entity: kind,
      entityId: after!.id,
      action: id === null ? 'create' : 'update',
      before: before ?? null,
      after: after!,
    });
    return after!;
  });
  await invalidate('content');
  return row as Row<K>;
}

/** @throws NotFoundError */
export async function deleteRow(actor: number, kind: Kind, id: number): Promise<void> {
  const { table, notFound } = TABLES[kind];
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(table).where(eq(table.id, id)).returning();
    if (!row) throw new NotFoundError(notFound);
    await recordStaffChange(tx, {
      userId: actor,
      entity: kind,
      entityId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  });
  await invalidate('content');
}
