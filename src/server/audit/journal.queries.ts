/**
 * The one journal of staff changes: the staff tables' and accounts' audit (`staff_changes`), the
 * catalog's (`catalog_changes`: a product's fields, prices and stock), and imports, newest first.
 *
 * A hand edit of a product is one entry (the fields one save changed, in one country); an import is
 * one entry however many rows it wrote (read from its task, counted from its audit rows only for the
 * page shown), so a catalog of 20,000 products imported daily still pages by entries, not rows. A
 * product's own history lists its changes by imports too, each linked to its import. Dry runs
 * (`preview` rows) are not changes and never appear.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isCountryCode } from '../../shared/countries.ts';
import { fieldLabel } from '../../shared/field-labels.ts';
import { getDb, intArray, queryRows, textArray, type Db } from '../db/client.ts';
import { EXCHANGE_TASK_KIND } from '../exchange/exchange-kind.ts';
import { importKindOf } from '../imports/imports.options.ts';
import { recordNames } from './journal-names.ts';
import type { StaffEntity } from './staff-changes.ts';
import type { JournalAction, JournalEntity, JournalEntry } from './journal.types.ts';

export interface JournalFilters {
  entity?: JournalEntity;
  /** With `entity`: a product's SKU, an account's id or email, an import's task id, or a record's id. */
  entityId?: string;
  userId?: number;
  /** At or after. */
  from?: Date;
  /** Before. */
  to?: Date;
  limit: number;
  offset: number;
}

interface EntryRow {
  kind: 'staff' | 'catalog' | 'import' | 'undo';
  key: string;
  at: Date | string;
  user_id: number | null;
  entity: string;
  entity_id: string;
  product_id: number | null;
  country: string | null;
  source: string | null;
  task_id: string | null;
  ids: (string | number)[] | string | null;
}

function timeRange(column: SQL, filters: JournalFilters): SQL[] {
  return [
    filters.from ? sql`${column} >= ${filters.from.toISOString()}::timestamptz` : undefined,
    filters.to ? sql`${column} < ${filters.to.toISOString()}::timestamptz` : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

const all = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/** The staff tables' and accounts' entries, one per audit row. */
function staffPart(filters: JournalFilters, entityId: string | undefined): SQL {
  const conditions = [
    filters.entity ? sql`s.entity = ${filters.entity}` : undefined,
    entityId !== undefined ? sql`s.entity_id = ${entityId}` : undefined,
    filters.userId !== undefined ? sql`s.user_id = ${filters.userId}` : undefined,
    ...timeRange(sql`s.at`, filters),
  ].filter((c): c is SQL => c !== undefined);
  return sql`select 'staff' as kind, s.id::text as key, s.at, s.user_id, s.entity, s.entity_id,
      null::int as product_id, null::text as country, null::text as source, null::uuid as task_id, null::bigint[] as ids
    from staff_changes s where ${all(conditions)}`;
}

/**
 * Products' entries: what one catalog change did to one product in one country. Without a product,
 * only hand edits (imports are entries of their own); with one, every change but dry runs.
 */
function catalogPart(filters: JournalFilters, productId: number | undefined): SQL {
  const conditions = [
    productId === undefined ? sql`c.source = 'staff'` : sql`c.product_id = ${productId} and c.source <> 'preview'`,
    filters.userId !== undefined ? sql`c.user_id = ${filters.userId}` : undefined,
    ...timeRange(sql`c.at`, filters),
  ].filter((c): c is SQL => c !== undefined);
  return sql`select 'catalog' as kind, min(c.id)::text as key, c.at, c.user_id, 'product' as entity, c.sku as entity_id,
      c.product_id, c.country, c.source, c.task_id, array_agg(c.id order by c.id) as ids
    from catalog_changes c where ${all(conditions)}
    group by c.at, c.user_id, c.product_id, c.sku, c.country, c.source, c.task_id`;
}

/** Imports that wrote something, and their undoing, one entry each, from their tasks. */
function importParts(filters: JournalFilters, taskId: string | undefined): SQL {
  const applied = [
    sql`t.applied_at is not null`,
    sql`t.kind like 'import\\_%'`,
    taskId !== undefined ? sql`t.id = ${taskId}::uuid` : undefined,
    filters.userId !== undefined ? sql`t.created_by = ${filters.userId}` : undefined,
    ...timeRange(sql`t.applied_at`, filters),
    sql`exists (select 1 from catalog_change_counts n where n.task_id = t.id and n.source = 'import')`,
  ].filter((c): c is SQL => c !== undefined);
  const undone = [
    sql`t.undone_at is not null`,
    taskId !== undefined ? sql`t.id = ${taskId}::uuid` : undefined,
    filters.userId !== undefined ? sql`t.undone_by = ${filters.userId}` : undefined,
    ...timeRange(sql`t.undone_at`, filters),
  ].filter((c): c is SQL => c !== undefined);
  const columns = (kind: 'import' | 'undo', at: SQL, userId: SQL) =>
    sql`select ${sql.raw(`'${kind}'`)} as kind, t.id::text as key, ${at} as at, ${userId} as user_id, 'import' as entity,
      t.id::text as entity_id, null::int as product_id, t.country, ${sql.raw(`'${kind}'`)} as source, t.id as task_id, null::bigint[] as ids`;
  return sql`${columns('import', sql`t.applied_at`, sql`t.created_by`)} from tasks t where ${all(applied)}
    union all
    ${columns('undo', sql`t.undone_at`, sql`t.undone_by`)} from tasks t where ${all(undone)}`;
}

/** The parts of the journal a filter asks for (an unknown record: none). */
async function entriesQuery(db: Db, filters: JournalFilters): Promise<SQL> {
  const { entity, entityId } = filters;
  if (entity === 'product') {
    if (entityId === undefined) return catalogPart(filters, undefined);
    const [product] = await queryRows<{ id: number }>(db, sql`select id from products where sku = ${entityId}`);
    // An unknown SKU matches nothing (product ids are positive).
    return catalogPart(filters, product ? Number(product.id) : 0);
  }
  if (entity === 'import') return importParts(filters, entityId);
  if (entity === 'user' && entityId !== undefined && !/^\d+$/.test(entityId)) {
    const [user] = await queryRows<{ id: number }>(
      db,
      sql`select id from users where email = ${entityId.trim().toLowerCase()}`,
    );
    return staffPart(filters, user ? String(user.id) : '');
  }
  if (entity) return staffPart(filters, entityId);
  return sql`${staffPart(filters, undefined)} union all ${catalogPart(filters, undefined)}
    union all ${importParts(filters, undefined)}`;
}

/** The journal, newest first, one page of it and how many entries the filters match. */
export async function listJournal(filters: JournalFilters): Promise<{ count: number; items: JournalEntry[] }> {
  const db = await getDb();
  const entries = await entriesQuery(db, filters);
  const [rows, [total]] = await Promise.all([
    queryRows<EntryRow>(
      db,
      sql`select * from (${entries}) e order by e.at desc, e.kind, e.key desc
          limit ${filters.limit} offset ${filters.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${entries}) e`),
  ]);
  return { count: Number(total?.n ?? 0), items: await toEntries(db, rows) };
}

function idList(value: EntryRow['ids']): number[] {
  if (value === null) return [];
  const list = Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',').filter(Boolean);
  return list.map(Number);
}

/** The page's rows as entries: their changes, the people, the records' names and the imports read for this page only. */
async function toEntries(db: Db, rows: EntryRow[]): Promise<JournalEntry[]> {
  if (!rows.length) return [];
  const staffIds = rows.filter((r) => r.kind === 'staff').map((r) => Number(r.key));
  const catalogIds = rows.flatMap((r) => (r.kind === 'catalog' ? idList(r.ids) : []));
  const taskIds = [...new Set(rows.map((r) => r.task_id).filter((id): id is string => id !== null))];
  const [staffRows, catalogRows, tasks, counts] = await Promise.all([
    staffIds.length
      ? queryRows<{ id: number; action: string; changes: Record<string, [unknown, unknown]> | string }>(
          db,
          sql`select id, action, changes from staff_changes where id = any(${intArray(staffIds)}::bigint[])`,
        )
      : [],
    catalogIds.length
      ? queryRows<{ id: number; field: string; old_value: string | null; new_value: string | null }>(
          db,
          sql`select id, field, old_value, new_value from catalog_changes
              where id = any(${intArray(catalogIds)}::bigint[]) order by id`,
        )
      : [],
    taskIds.length
      ? queryRows<{ id: string; kind: string; file_name: string | null }>(
          db,
          sql`select id::text, kind, file->>'name' as file_name from tasks where id = any(${textArray(taskIds)}::uuid[])`,
        )
      : [],
    taskIds.length
      ? queryRows<{ task_id: string; source: string; country: string | null; n: number }>(
          db,
          sql`select task_id::text, source, country, changes as n from catalog_change_counts
              where task_id = any(${textArray(taskIds)}::uuid[]) and source in ('import', 'undo')`,
        )
      : [],
  ]);
  const staffById = new Map(staffRows.map((r) => [Number(r.id), r]));
  const catalogById = new Map(catalogRows.map((r) => [Number(r.id), r]));
  const taskById = new Map(tasks.map((t) => [t.id, t]));
  // How many changes each import made (or its undo put back), and in which countries (a prices file names its own).
  const countOf = new Map<string, number>();
  const countriesOf = new Map<string, Set<string | null>>();
  for (const c of counts) {
    const key = `${c.task_id}:${c.source}`;
    countOf.set(key, (countOf.get(key) ?? 0) + Number(c.n));
    (countriesOf.get(key) ?? countriesOf.set(key, new Set()).get(key)!).add(c.country);
  }
  const importCountry = (key: string): string | null => {
    const countries = [...(countriesOf.get(key) ?? [])].filter((c) => c !== null);
    return countries.length === 1 ? countries[0]! : null;
  };

  const entries = rows.map((row): JournalEntry => {
    const source = row.kind === 'undo' || row.source === 'undo' ? 'undo' : row.source === 'import' ? 'import' : 'staff';
    const taskKey = `${row.task_id}:${source === 'undo' ? 'undo' : 'import'}`;
    const stated = row.kind === 'import' || row.kind === 'undo' ? (row.country ?? importCountry(taskKey)) : row.country;
    const country = stated !== null && isCountryCode(stated) ? stated : null;
    const task = row.task_id ? taskById.get(row.task_id) : undefined;
    const base = {
      at: new Date(row.at),
      user: row.user_id === null ? null : { id: Number(row.user_id), email: '', name: '' },
      entityId: row.entity_id,
      linkId: null,
      label: null,
      country,
      source,
      import: row.task_id
        ? {
            taskId: row.task_id,
            kind: !task ? null : task.kind === EXCHANGE_TASK_KIND ? 'exchange' : importKindOf(task.kind),
            fileName: task?.file_name ?? null,
            changes: countOf.get(taskKey) ?? 0,
          }
        : null,
    } satisfies Partial<JournalEntry>;
    if (row.kind === 'staff') {
      const stored = staffById.get(Number(row.key));
      const changes = typeof stored?.changes === 'string' ? JSON.parse(stored.changes) : (stored?.changes ?? {});
      return {
        ...base,
        id: `change-${row.key}`,
        entity: row.entity as StaffEntity,
        action: (stored?.action ?? 'update') as JournalAction,
        changes: Object.entries(changes as Record<string, [unknown, unknown]>).map(([field, [before, after]]) => ({
          field,
          label: fieldLabel(field, row.entity),
          before,
          after,
        })),
      };
    }
    if (row.kind === 'catalog') {
      const fields = idList(row.ids).flatMap((id) => catalogById.get(id) ?? []);
      const made = fields.find((f) => f.field === 'product');
      return {
        ...base,
        id: `catalog-${row.key}`,
        entity: 'product',
        action: !made ? 'update' : made.new_value === null ? 'delete' : 'create',
        changes: fields
          .filter((f) => f.field !== 'product')
          .map((f) => ({
            field: f.field,
            label: fieldLabel(f.field, 'product'),
            before: f.old_value,
            after: f.new_value,
          })),
      };
    }
    return { ...base, id: `${row.kind}-${row.key}`, entity: 'import', linkId: row.key, action: row.kind, changes: [] };
  });
  await recordNames(
    db,
    entries,
    rows.map((r) => (r.product_id === null ? null : Number(r.product_id))),
  );
  return entries;
}

/** Who may be chosen in the journal's person filter: staff now, and anyone who made a change. */
export async function listJournalPeople(options: { limit: number; offset: number }) {
  const db = await getDb();
  const who = sql`from users u where u.deleted_at is null and (u.is_staff
      or u.id in (select user_id from staff_changes)
      or u.id in (select user_id from catalog_changes where source = 'staff')
      or u.id in (select created_by from tasks where applied_at is not null)
      or u.id in (select undone_by from tasks))`;
  const [rows, [total]] = await Promise.all([
    queryRows<{ id: number; email: string; first_name: string; last_name: string; is_staff: boolean }>(
      db,
      sql`select u.id, u.email, u.first_name, u.last_name, u.is_staff ${who}
          order by u.is_staff desc, lower(u.first_name || ' ' || u.last_name), u.email
          limit ${options.limit} offset ${options.offset}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${who}`),
  ]);
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: Number(r.id),
      email: r.email,
      name: `${r.first_name} ${r.last_name}`.trim(),
      isStaff: r.is_staff,
    })),
  };
}
