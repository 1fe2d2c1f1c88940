/**
 * Writes of the small tables staff keep (banners, contacts, course categories, documents; the
 * catalog's specifications): each in one transaction with its audit row, then every process's caches
 * of its scope emptied, so the storefront shows it at once. Catalog tables are written through the
 * catalog's door, like every catalog change. A table with a slug gets one from its name or title
 * when none is given (`slugFor`).
 */
import { asc, eq } from 'drizzle-orm';
import { recordStaffChange, type StaffEntity } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
import { writeCatalog } from '../catalog/catalog-write.ts';
import { getDb, type Db } from '../db/client.ts';
import { banners, contacts, courseCategories, documents, specifications } from '../db/schema/index.ts';
import { slugFor, type SlugScope } from '../db/slugs.ts';
import { sanitizeRichText } from './sanitize.ts';
import { isForeignKeyViolation, isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';

const TABLES = {
  banner: { table: banners, notFound: 'Баннер не найден.', scope: 'content' },
  contact: { table: contacts, notFound: 'Контакт не найден.', scope: 'content' },
  course_category: { table: courseCategories, notFound: 'Раздел курсов не найден.', scope: 'content' },
  specification: { table: specifications, notFound: 'Характеристика не найдена.', scope: 'catalog' },
  document: { table: documents, notFound: 'Документ не найден.', scope: 'content' },
} as const;

/** What a table's rows need before they are stored: a document's text sanitised, its date of change. */
function prepared(kind: Kind, values: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'document') return values;
  const content = typeof values.content === 'string' ? sanitizeRichText(values.content) : undefined;
  return { ...values, ...(content === undefined ? {} : { content }), updatedAt: new Date() };
}

/** Where a table's slugs are unique, for the tables that have one (course categories, specifications, documents). */
function slugScope(kind: Kind): SlugScope | null {
  const { table } = TABLES[kind];
  return 'slug' in table ? { table, column: table.slug } : null;
}

/** A table's order on the site: by position where it has one, else as it was written. */
function orderOf(kind: Kind) {
  const { table } = TABLES[kind];
  return 'position' in table ? [asc(table.position), asc(table.id)] : [asc(table.id)];
}

const SLUG_TAKEN = 'Такой адрес (slug) уже занят.';
const IN_USE = 'Это ещё используется (например, в разделе есть курсы): сначала перенесите или удалите их.';

/** Runs `work` in one transaction of the table's scope and empties that scope's caches after it. */
async function inScope<T>(actor: number, scope: 'content' | 'catalog', work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    if (scope === 'catalog')
      return await writeCatalog({ source: 'staff', userId: actor }, async (write) => {
        write.markChanged();
        return work(write.tx);
      });
    const db = await getDb();
    const result = await db.transaction((tx) => work(tx));
    await invalidate('content');
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ slug: [SLUG_TAKEN] });
    if (isForeignKeyViolation(error)) throw new ValidationError({ non_field_errors: [IN_USE] });
    throw error;
  }
}

type Kind = keyof typeof TABLES & StaffEntity;
type Row<K extends Kind> = (typeof TABLES)[K]['table']['$inferSelect'];
/** A row of one of these tables as it is stored. */
export type StaffRow<K extends Kind> = Row<K>;
type Insert<K extends Kind> = (typeof TABLES)[K]['table']['$inferInsert'];

/** Every row, hidden ones too, in their order on the site. */
export async function listRows<K extends Kind>(kind: K): Promise<Row<K>[]> {
  const { table } = TABLES[kind];
  const db = await getDb();
  return (await db
    .select()
    .from(table)
    .orderBy(...orderOf(kind))) as Row<K>[];
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
  const { table, notFound, scope } = TABLES[kind];
  const defined = prepared(kind, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
  const slugs = slugScope(kind);
  const row = await inScope(actor, scope, async (tx) => {
    const [before] = id === null ? [null] : await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (id !== null && !before) throw new NotFoundError(notFound);
    if (slugs) {
      const { slug, name, title } = defined as { slug?: string; name?: string; title?: string };
      defined.slug = await slugFor(tx, slugs, { slug, title: name ?? title, isNew: id === null });
      if (defined.slug === undefined) delete defined.slug;
    }
    const [after] =
      id === null
        ? await tx
            // The union of the tables' row types is more than drizzle's generics can follow; the API's
            // schemas have checked the fields of each.
            .insert(table as typeof banners)
            .values(defined as typeof banners.$inferInsert)
            .returning()
        : Object.keys(defined).length === 0
          ? [before!] // nothing sent to change
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
  return row as Row<K>;
}

/** @throws NotFoundError */
export async function deleteRow(actor: number, kind: Kind, id: number): Promise<void> {
  const { table, notFound, scope } = TABLES[kind];
  await inScope(actor, scope, async (tx) => {
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
}
