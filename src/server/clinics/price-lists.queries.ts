/**
 * Price lists as staff read them: their rules (percent off overall, per brand, per category), their fixed
 * prices by SKU with the product's name and public price in the list's country, and the clinics given them.
 * What a member is charged is `contract-prices.ts`'s; this is the back office's view only.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows, type Db } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { brands, categories, clinics, priceListPrices, priceListRules, priceLists } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

export const PRICE_LIST_SCOPES = ['all', 'brand', 'category'] as const;
export type PriceListScope = (typeof PRICE_LIST_SCOPES)[number];

export interface PriceListRule {
  scope: PriceListScope;
  brand: { slug: string; name: string } | null;
  category: { slug: string; name: string } | null;
  /** Percent off the public price, «5.00». */
  percent: string;
}

export interface PriceListPrice {
  sku: string;
  name: string;
  price: string;
  /** The product's public price in the list's country; null when it is not sold there. */
  publicPrice: string | null;
}

export interface PriceListClinic {
  id: number;
  name: string;
  taxNumber: string;
  verified: boolean;
}

export interface StaffPriceList {
  id: number;
  name: string;
  country: CountryCode;
  comment: string;
  rules: PriceListRule[];
  pricesCount: number;
  /** The fixed prices, by SKU: in the detail only (null in the list). */
  prices: PriceListPrice[] | null;
  clinics: PriceListClinic[];
  createdAt: Date;
  updatedAt: Date;
}

export const PRICE_LIST_MESSAGES = {
  notFound: 'Прайс-лист не найден.',
} as const;

type PriceListRow = typeof priceLists.$inferSelect;

async function rulesOf(db: Db, ids: number[]): Promise<Map<number, PriceListRule[]>> {
  const rows = ids.length
    ? await db
        .select({
          listId: priceListRules.priceListId,
          scope: priceListRules.scope,
          percent: priceListRules.percent,
          brandSlug: brands.slug,
          brandName: brands.name,
          categorySlug: categories.slug,
          categoryName: categories.name,
        })
        .from(priceListRules)
        .leftJoin(brands, eq(brands.id, priceListRules.brandId))
        .leftJoin(categories, eq(categories.id, priceListRules.categoryId))
        .where(inArray(priceListRules.priceListId, ids))
        // Overall first, then brands, then categories, each by name.
        .orderBy(
          sql`case ${priceListRules.scope} when 'all' then 0 when 'brand' then 1 else 2 end`,
          sql`coalesce(${brands.name}, ${categories.name}, '')`,
          asc(priceListRules.id),
        )
    : [];
  const byList = new Map<number, PriceListRule[]>();
  for (const r of rows) {
    const rule: PriceListRule = {
      scope: r.scope as PriceListScope,
      brand: r.brandSlug !== null ? { slug: r.brandSlug, name: r.brandName! } : null,
      category: r.categorySlug !== null ? { slug: r.categorySlug, name: r.categoryName! } : null,
      percent: r.percent,
    };
    (byList.get(r.listId) ?? byList.set(r.listId, []).get(r.listId)!).push(rule);
  }
  return byList;
}

async function clinicsOf(db: Db, ids: number[]): Promise<Map<number, PriceListClinic[]>> {
  const rows = ids.length
    ? await db
        .select({
          listId: clinics.priceListId,
          id: clinics.id,
          name: clinics.name,
          taxNumber: clinics.taxNumber,
          verified: clinics.verified,
        })
        .from(clinics)
        .where(inArray(clinics.priceListId, ids))
        .orderBy(asc(clinics.name), asc(clinics.id))
    : [];
  const byList = new Map<number, PriceListClinic[]>();
  for (const { listId, ...clinic } of rows) (byList.get(listId!) ?? byList.set(listId!, []).get(listId!)!).push(clinic);
  return byList;
}

async function priceCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = ids.length
    ? await db
        .select({ listId: priceListPrices.priceListId, n: count() })
        .from(priceListPrices)
        .where(inArray(priceListPrices.priceListId, ids))
        .groupBy(priceListPrices.priceListId)
    : [];
  return new Map(rows.map((r) => [r.listId, r.n]));
}

/** A price list's fixed prices by SKU, with each product's name and public price in the list's country. */
export async function listFixedPrices(db: Db, listId: number, country: string): Promise<PriceListPrice[]> {
  const rows = await queryRows<{ sku: string; name: string; price: string; public_price: string | null }>(
    db,
    sql`select p.sku, p.name, lp.price::text as price, o.price::text as public_price
        from price_list_prices lp
        join products p on p.id = lp.product_id
        left join product_offers o on o.product_id = p.id and o.country = ${country}
        where lp.price_list_id = ${listId}
        order by p.sku`,
  );
  return rows.map((r) => ({ sku: r.sku, name: r.name, price: r.price, publicPrice: r.public_price }));
}

async function assemble(db: Db, rows: PriceListRow[], withPrices: boolean): Promise<StaffPriceList[]> {
  const ids = rows.map((r) => r.id);
  const [rules, users, counts] = await Promise.all([rulesOf(db, ids), clinicsOf(db, ids), priceCounts(db, ids)]);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      country: row.country as CountryCode,
      comment: row.comment,
      rules: rules.get(row.id) ?? [],
      pricesCount: counts.get(row.id) ?? 0,
      prices: withPrices ? await listFixedPrices(db, row.id, row.country) : null,
      clinics: users.get(row.id) ?? [],
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
  );
}

export interface PriceListFilters {
  search?: string;
  country?: CountryCode;
  limit: number;
  offset: number;
}

/** Price lists by name, with their rules, how many fixed prices each has and the clinics given it. */
export async function listPriceListsForStaff(
  filters: PriceListFilters,
): Promise<{ items: StaffPriceList[]; count: number }> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [
    filters.country ? eq(priceLists.country, filters.country) : undefined,
    filters.search
      ? or(ilike(priceLists.name, containing(filters.search)), ilike(priceLists.comment, containing(filters.search)))
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(priceLists)
      .where(where)
      .orderBy(asc(priceLists.name), asc(priceLists.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(priceLists).where(where),
  ]);
  return { items: await assemble(db, rows, false), count: total?.n ?? 0 };
}

/** @throws NotFoundError */
export async function findPriceListForStaff(id: number, db?: Db): Promise<StaffPriceList> {
  const handle = db ?? (await getDb());
  const [row] = await handle.select().from(priceLists).where(eq(priceLists.id, id));
  if (!row) throw new NotFoundError(PRICE_LIST_MESSAGES.notFound);
  return (await assemble(handle, [row], true))[0]!;
}

/** A price list found by its id (digits) or its exact name, case aside; null when there is none. */
export async function findPriceListByKey(
  key: string,
  db?: Db,
): Promise<{ id: number; name: string; country: CountryCode } | null> {
  const handle = db ?? (await getDb());
  const trimmed = key.trim();
  const byId = /^\d{1,9}$/.test(trimmed) ? eq(priceLists.id, Number(trimmed)) : undefined;
  const [row] = await handle
    .select({ id: priceLists.id, name: priceLists.name, country: priceLists.country })
    .from(priceLists)
    .where(or(byId, sql`lower(${priceLists.name}) = lower(${trimmed})`))
    .orderBy(sql`${priceLists.id}::text = ${trimmed} desc`)
    .limit(1);
  return row ? { ...row, country: row.country as CountryCode } : null;
}
