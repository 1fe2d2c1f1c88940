/**
 * Names for a page of the journal: who made each change, what each record is called now (or was
 * called, when it is gone), and the names behind ids in the changes (a product's category and
 * brand, a specification). A few small reads per page, by the page's ids only.
 */
import { sql } from 'drizzle-orm';
import { formatDay } from '../../shared/dates.ts';
import { formatRequestNumber, REQUEST_KINDS, type RequestKind } from '../../shared/request-states.ts';
import { intArray, queryRows, textArray, type Db } from '../db/client.ts';
import type { JournalEntry } from './journal.types.ts';

/** How each kind of record in `staff_changes` is named, from its table (fixed SQL, no input). */
const NAMES: Record<string, string> = {
  publication: 'select id, title as name from publications',
  vacancy: 'select id, title as name from vacancies',
  category: 'select id, name from categories',
  brand: 'select id, name from brands',
  course: 'select id, title as name from courses',
  banner: 'select id, title as name from banners',
  contact: `select id, city || ', ' || address as name from contacts`,
  course_category: 'select id, name from course_categories',
  specification: 'select id, name from specifications',
  document: 'select id, title as name from documents',
  printing_price: `select id, service || ' — ' || material as name from printing_prices`,
  exchange: 'select id, date::text as name from exchanges',
  clinic: 'select id, name from clinics',
  price_list: 'select id, name from price_lists',
  request: "select id, kind || ':' || coalesce(number, 0) as name from visitor_requests",
};

/** 1C's price types and warehouses the entries name (`price_type:<Ид>`), as «Тип цен 1С «Розничная»». */
async function mappingNames(db: Db, entries: readonly JournalEntry[]): Promise<[string, string][]> {
  const keys = entries.filter((e) => e.entity === 'exchange_mapping').map((e) => e.entityId);
  if (!keys.length) return [];
  const rows = await queryRows<{ key: string; kind: string; name: string | null; external_id: string }>(
    db,
    sql`select kind || ':' || external_id as key, kind, name, external_id from exchange_ids
        where kind || ':' || external_id = any(${textArray([...new Set(keys)])}::text[])`,
  );
  return rows.map((r) => [
    `exchange_mapping:${r.key}`,
    `${r.kind === 'warehouse' ? 'склад' : 'тип цен'} «${r.name ?? r.external_id}»`,
  ]);
}

/** Fields whose values are ids of other records: the table their names are in. */
const REFERENCES: Record<string, Record<string, string>> = {
  product: { category: 'categories', brand: 'brands' },
  category: { parentId: 'categories' },
  course: { categoryId: 'course_categories' },
  clinic: { priceListId: 'price_lists' },
};

function referenceTable(entity: string, field: string): string | undefined {
  const own = Object.hasOwn(REFERENCES, entity) ? REFERENCES[entity]! : {};
  return Object.hasOwn(own, field) ? own[field] : undefined;
}

/** A record's name as the API says it: a date for an exchange rate, «В-0003» for a request. */
function shownName(entity: string, name: string): string {
  if (entity === 'exchange' && /^\d{4}-\d{2}-\d{2}$/.test(name)) return `на ${formatDay(name)}`;
  if (entity === 'request') {
    const [kind, number] = name.split(':');
    if ((REQUEST_KINDS as readonly string[]).includes(kind!) && Number(number) > 0)
      return formatRequestNumber(kind as RequestKind, Number(number));
  }
  return name;
}

/** A name kept in the record's own audit (a deleted publication's title), when it is gone. */
function nameFromChanges(entry: JournalEntry): string | null {
  for (const field of ['title', 'name', 'service', 'date']) {
    const change = entry.changes.find((c) => c.field === field);
    const value = change ? (change.after ?? change.before) : null;
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

const personName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Fills the page's names in place: authors, labels, links, and names behind ids in the changes. */
export async function recordNames(
  db: Db,
  entries: JournalEntry[],
  productIds: readonly (number | null)[],
): Promise<void> {
  const userIds = new Set<number>();
  for (const entry of entries) {
    if (entry.user) userIds.add(entry.user.id);
    if (entry.entity === 'user' && /^\d+$/.test(entry.entityId)) userIds.add(Number(entry.entityId));
  }
  const byEntity = new Map<string, Set<number>>();
  for (const entry of entries) {
    if (entry.entity !== 'user' && Object.hasOwn(NAMES, entry.entity) && /^\d+$/.test(entry.entityId))
      (byEntity.get(entry.entity) ?? byEntity.set(entry.entity, new Set()).get(entry.entity)!).add(
        Number(entry.entityId),
      );
  }
  const references = new Map<string, Set<number>>();
  const specSlugs = new Set<string>();
  for (const entry of entries)
    for (const change of entry.changes) {
      if (change.field.startsWith('spec:')) specSlugs.add(change.field.slice(5));
      const table = referenceTable(entry.entity, change.field);
      if (!table) continue;
      for (const value of [change.before, change.after])
        if (value !== null && /^\d+$/.test(String(value)))
          (references.get(table) ?? references.set(table, new Set()).get(table)!).add(Number(value));
    }
  const products = [...new Set(productIds.filter((id): id is number => id !== null))];

  const [users, records, referenced, specs, productRows] = await Promise.all([
    userIds.size
      ? queryRows<{ id: number; email: string; first_name: string; last_name: string; deleted: boolean }>(
          db,
          sql`select id, email, first_name, last_name, deleted_at is not null as deleted from users
              where id = any(${intArray([...userIds])}::int[])`,
        )
      : [],
    Promise.all(
      [...byEntity].map(async ([entity, ids]) => {
        const rows = await queryRows<{ id: number; name: string }>(
          db,
          sql`select * from (${sql.raw(NAMES[entity]!)}) n where n.id = any(${intArray([...ids])}::int[])`,
        );
        return rows.map((r) => [`${entity}:${r.id}`, shownName(entity, r.name)] as const);
      }),
    ),
    Promise.all(
      [...references].map(async ([table, ids]) => {
        const rows = await queryRows<{ id: number; name: string }>(
          db,
          sql`select id, name from ${sql.identifier(table)} where id = any(${intArray([...ids])}::int[])`,
        );
        return rows.map((r) => [`${table}:${r.id}`, r.name] as const);
      }),
    ),
    specSlugs.size
      ? queryRows<{ slug: string; name: string }>(
          db,
          sql`select slug, name from specifications where slug = any(${textArray([...specSlugs])}::text[])`,
        )
      : [],
    products.length
      ? queryRows<{ id: number; sku: string; name: string }>(
          db,
          sql`select id, sku, name from products where id = any(${intArray(products)}::int[])`,
        )
      : [],
  ]);
  const userById = new Map(users.map((u) => [Number(u.id), u]));
  const names = new Map<string, string>([
    ...records.flat(),
    ...referenced.flat(),
    ...(await mappingNames(db, entries)),
  ]);
  const specNames = new Map(specs.map((s) => [s.slug, s.name]));
  const productById = new Map(productRows.map((p) => [Number(p.id), p]));

  entries.forEach((entry, index) => {
    if (entry.user) {
      const author = userById.get(entry.user.id);
      entry.user =
        author && !author.deleted ? { id: entry.user.id, email: author.email, name: personName(author) } : null;
    }
    if (entry.entity === 'product') {
      const productId = productIds[index];
      const product = productId === null || productId === undefined ? undefined : productById.get(productId);
      entry.label = product?.name ?? null;
      entry.linkId = product?.sku ?? null;
    } else if (entry.entity === 'user') {
      const account = userById.get(Number(entry.entityId));
      if (account && !account.deleted) {
        const name = personName(account);
        entry.label = name ? `${name} (${account.email})` : account.email;
        entry.linkId = account.email;
      }
    } else if (entry.entity !== 'import') {
      const name = names.get(`${entry.entity}:${entry.entityId}`);
      entry.label = name ?? nameFromChanges(entry);
      entry.linkId = name === undefined ? null : entry.entityId;
      if (name === undefined && entry.label) entry.label = shownName(entry.entity, entry.label);
    }
    for (const change of entry.changes) {
      if (change.field.startsWith('spec:'))
        change.label = specNames.get(change.field.slice(5)) ?? change.field.slice(5);
      const table = referenceTable(entry.entity, change.field);
      if (!table) continue;
      const nameOf = (value: unknown) =>
        value === null || value === undefined ? null : (names.get(`${table}:${String(value)}`) ?? `№ ${String(value)}`);
      change.names = [nameOf(change.before), nameOf(change.after)];
    }
  });
}
