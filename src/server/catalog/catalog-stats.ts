/**
 * The catalog summary (`category_brand_stats`, `category_spec_stats`): per country, category and brand,
 * how many active products are sold, their price range and their specification values. A category or
 * brand page without other filters takes its filter counts from here, so its cost follows the size of
 * the taxonomy (categories × brands × values), not the number of products.
 *
 * Whatever writes products, offers or specifications calls `refreshCatalogStats` for the categories it
 * touched (or for all after a bulk load), then `invalidate('catalog')`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { intArray, queryRows, textArray, type Db } from '../db/client.ts';
import { subtreeIds, type CategoryRecord } from './categories.queries.ts';
import type { Facets, SpecificationFacet } from './facets.types.ts';
import type { ResolvedFilters } from './product-filters.ts';
import { compareSpecValues } from './spec-values.ts';

/** Brand id of the summary rows of products without a brand. */
const NO_BRAND = 0;

/**
 * Products that got an offer in `country`, where they had none (the rows an insert made, not those it
 * found): each is counted in its category's summary rows of that country by adding it, not by counting
 * the category again.
 */
export interface OfferedProducts {
  country: CountryCode;
  productIds: readonly number[];
  /** Their categories. */
  categoryIds: readonly number[];
}

/**
 * Recomputes the summary of `categoryIds` (products' own categories), or of the whole catalog when
 * omitted, in one transaction; of the categories in `pricesOnly`, where only offers' prices moved, the
 * parts that depend on prices; adds the products of `offered` to their categories' rows (each category's
 * stored page is written again).
 */
export async function refreshCatalogStats(
  db: Db,
  categoryIds?: readonly number[],
  options: {
    pricesOnly?: readonly number[];
    countries?: readonly CountryCode[];
    offered?: readonly OfferedProducts[];
  } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const pricesOnly = categoryIds ? (options.pricesOnly ?? []).filter((id) => !categoryIds.includes(id)) : [];
    // Offers of some countries changed: the others' rows stand (the whole summary is of every country).
    const countries = categoryIds ? options.countries : undefined;
    await refreshSummaryRows(tx, categoryIds, { countries });
    // Only prices moved there: the per-specification rows count products, which stay as they were.
    if (pricesOnly.length) await refreshSummaryRows(tx, pricesOnly, { specifications: false, countries });
    // A recount of the whole catalog counts the new offers with the rest.
    const offered = categoryIds ? (options.offered ?? []) : [];
    for (const products of offered) await addOfferedRows(tx, products, categoryIds!, pricesOnly);
    const listed = categoryIds && [...new Set([...categoryIds, ...offered.flatMap((o) => o.categoryIds)])];
    const scope = await listingScope(tx, listed, countries);
    if (listed) await deleteListingRows(tx, scope.touched, countries);
    else await tx.execute(sql`delete from category_listing_stats`);
    await refreshListingRows(tx, scope, scope.affected);
    if (pricesOnly.length) {
      const priced = await listingScope(tx, pricesOnly, countries);
      await refreshListingPrices(
        tx,
        priced,
        priced.affected.filter((id) => !scope.affected.includes(id)),
      );
    }
  });
}

/**
 * The same summary as `refreshCatalogStats(db, categoryIds)`, written a category at a time, each in a
 * transaction of its own followed by `pause` (the embedded database after an import written in steps:
 * one transaction for forty categories held every page for half a second). Between two steps a
 * category's count may already be new while its parent's is not: the caches are emptied only after
 * the last step, so what pages show moves once.
 */
export async function refreshCatalogStatsInSteps(
  db: Db,
  categoryIds: readonly number[],
  pause: (tookMs: number) => Promise<void>,
): Promise<void> {
  const step = async (work: (tx: Db) => Promise<void>) => {
    const began = performance.now();
    await db.transaction(work);
    await pause(performance.now() - began);
  };
  for (const id of categoryIds) await step((tx) => refreshSummaryRows(tx, [id]));
  const scope = await listingScope(db, categoryIds);
  const gone = scope.touched.filter((id) => !scope.affected.includes(id));
  if (gone.length) await step((tx) => deleteListingRows(tx, gone));
  for (const id of scope.affected)
    await step(async (tx) => {
      await deleteListingRows(tx, [id]);
      await refreshListingRows(tx, scope, [id]);
    });
}

/**
 * The per-brand and per-specification rows of `categoryIds` (or of all categories), recomputed; without
 * `specifications`, the per-brand rows alone (their prices).
 */
async function refreshSummaryRows(
  tx: Db,
  categoryIds?: readonly number[],
  { specifications = true, countries }: { specifications?: boolean; countries?: readonly CountryCode[] } = {},
): Promise<void> {
  if (categoryIds && !categoryIds.length) return;
  const only = (category: SQL, country: SQL) =>
    sql`${categoryIds ? sql`and ${category} = any(${intArray(categoryIds)}::int[])` : sql``}
        ${inCountries(country, countries)}`;
  await tx.execute(sql`delete from category_brand_stats where true ${only(sql`category_id`, sql`country`)}`);
  await tx.execute(sql`
    insert into category_brand_stats (country, category_id, brand_id, products, min_price, max_price)
    select o.country, p.category_id, coalesce(p.brand_id, ${NO_BRAND}), count(*), min(o.price), max(o.price)
    from products p join product_offers o on o.product_id = p.id
    where p.is_active ${only(sql`p.category_id`, sql`o.country`)}
    group by 1, 2, 3`);
  if (!specifications) return;
  await tx.execute(sql`delete from category_spec_stats where true ${only(sql`category_id`, sql`country`)}`);
  await tx.execute(sql`
    insert into category_spec_stats (country, category_id, brand_id, specification_id, value, value_number, products)
    select o.country, p.category_id, coalesce(p.brand_id, ${NO_BRAND}), ps.specification_id, ps.value, min(ps.value_number), count(*)
    from product_specifications ps
      join products p on p.id = ps.product_id
      join product_offers o on o.product_id = p.id
    where p.is_active ${only(sql`p.category_id`, sql`o.country`)}
    group by 1, 2, 3, 4, 5`);
}

/**
 * Adds products that got an offer to the summary rows of their categories in its country: one product
 * more per brand (and per specification value), the price range widened. The rows of the categories
 * counted again in the same change (`recounted`, and `pricesRecounted` for the per-brand rows) already
 * hold them. A product in the summary is one sold in that country: with no offer there before, it was
 * not counted (the caller passes only the offers its insert made).
 */
async function addOfferedRows(
  tx: Db,
  { country, productIds }: OfferedProducts,
  recounted: readonly number[],
  pricesRecounted: readonly number[],
): Promise<void> {
  if (!productIds.length) return;
  const offered = (skipped: readonly number[]) =>
    sql`join product_offers o on o.product_id = p.id and o.country = ${country}
        where p.id = any(${intArray(productIds)}::int[]) and p.is_active
          ${skipped.length ? sql`and p.category_id <> all(${intArray(skipped)}::int[])` : sql``}`;
  await tx.execute(sql`
    insert into category_brand_stats as s (country, category_id, brand_id, products, min_price, max_price)
    select o.country, p.category_id, coalesce(p.brand_id, ${NO_BRAND}), count(*), min(o.price), max(o.price)
    from products p ${offered([...recounted, ...pricesRecounted])}
    group by 1, 2, 3
    on conflict (country, category_id, brand_id) do update
      set products = s.products + excluded.products, min_price = least(s.min_price, excluded.min_price),
          max_price = greatest(s.max_price, excluded.max_price)`);
  await tx.execute(sql`
    insert into category_spec_stats as s (country, category_id, brand_id, specification_id, value, value_number, products)
    select o.country, p.category_id, coalesce(p.brand_id, ${NO_BRAND}), ps.specification_id, ps.value, min(ps.value_number), count(*)
    from products p join product_specifications ps on ps.product_id = p.id ${offered(recounted)}
    group by 1, 2, 3, 4, 5
    on conflict (country, category_id, brand_id, specification_id, value) do update
      set products = s.products + excluded.products, value_number = least(s.value_number, excluded.value_number)`);
}

/** Which stored category pages (`category_listing_stats`) a change of `categoryIds` reaches. */
interface ListingScope {
  tree: CategoryRecord[];
  countries: CountryCode[];
  /** The categories whose subtree holds one of `categoryIds` (they and their ancestors), or every category. */
  touched: number[];
  /** Of `touched`, the active categories, whose rows are written again. */
  affected: number[];
}

async function listingScope(
  db: Db,
  categoryIds?: readonly number[],
  only?: readonly CountryCode[],
): Promise<ListingScope> {
  const rows = await queryRows<{ id: number; parent_id: number | null }>(
    db,
    sql`select id, parent_id from categories where is_active`,
  );
  const tree = rows.map((r) => ({
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
  })) as CategoryRecord[];
  const countries = (await queryRows<{ code: CountryCode }>(db, sql`select code from countries`))
    .map((r) => r.code)
    .filter((code) => !only || only.includes(code));
  if (!categoryIds) {
    const all = tree.map((c) => c.id);
    return { tree, countries, touched: all, affected: all };
  }
  const parentOf = new Map(tree.map((c) => [c.id, c.parentId]));
  const up = new Set<number>();
  for (const id of categoryIds)
    for (let cur: number | null | undefined = id; cur != null && !up.has(cur); cur = parentOf.get(cur)) up.add(cur);
  return { tree, countries, touched: [...up], affected: [...up].filter((id) => parentOf.has(id)) };
}

async function deleteListingRows(
  tx: Db,
  categoryIds: readonly number[],
  countries?: readonly CountryCode[],
): Promise<void> {
  await tx.execute(
    sql`delete from category_listing_stats where category_id = any(${intArray(categoryIds)}::int[])
        ${inCountries(sql`country`, countries)}`,
  );
}

/** `and <column> in countries`, or nothing when every country is meant. */
function inCountries(column: SQL, countries: readonly CountryCode[] | undefined): SQL {
  return countries ? sql`and ${column} = any(${textArray(countries)}::text[])` : sql``;
}

/** Writes the stored category page of each of `ids` in every country, from the summary rows. */
async function refreshListingRows(tx: Db, scope: ListingScope, ids: readonly number[]): Promise<void> {
  for (const code of scope.countries) {
    for (const id of ids) {
      const f: ResolvedFilters = {
        country: code,
        categoryId: id,
        categoryIds: subtreeIds(scope.tree, id),
        isActive: true,
        specifications: [],
      };
      const products = await computeCount(tx, f);
      const facets = await computeFacets(tx, f);
      await tx.execute(
        sql`insert into category_listing_stats (country, category_id, products, facets) values (${code}, ${id}, ${products}, ${JSON.stringify(facets)}::jsonb)`,
      );
    }
  }
}

/**
 * The price range of the stored category page of each of `ids` in every country, in one statement, from
 * the per-brand rows of their subtrees (when only prices moved, the counts and the other facets stand).
 */
async function refreshListingPrices(tx: Db, scope: ListingScope, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const pairs = ids.flatMap((id) => subtreeIds(scope.tree, id).map((below) => [id, below] as const));
  await tx.execute(sql`
    with pairs as (
      select * from unnest(${intArray(pairs.map((p) => p[0]))}::int[], ${intArray(pairs.map((p) => p[1]))}::int[])
        as p(category_id, below)
    ), prices as (
      select s.country, p.category_id, min(s.min_price)::text as min, max(s.max_price)::text as max
      from pairs p join category_brand_stats s on s.category_id = p.below
      group by 1, 2
    )
    update category_listing_stats l
    set facets = jsonb_set(l.facets, '{price}', jsonb_build_object('min', prices.min, 'max', prices.max))
    from prices where l.country = prices.country and l.category_id = prices.category_id`);
}

/** Whether `f` is a category page as it opens, whose count and facets are stored (`refreshListingRows`). */
const isStoredListing = (f: ResolvedFilters) => f.categoryId !== undefined && !f.brandIds && isSummarised(f);

/** One column of the stored row of `f`'s category page, or undefined when none is stored. */
async function storedListing<K extends 'products' | 'facets'>(
  db: Db,
  f: ResolvedFilters,
  column: K,
): Promise<(K extends 'products' ? number : Facets) | undefined> {
  if (!isStoredListing(f)) return undefined;
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`select ${sql.raw(column === 'products' ? 'products' : 'facets')} as value from category_listing_stats where country = ${f.country} and category_id = ${f.categoryId!}`,
  );
  if (!row) return undefined;
  const value =
    column === 'products' ? Number(row.value) : typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
  return value as K extends 'products' ? number : Facets;
}

/**
 * Whether the summary can answer these filters' facets: a listing narrowed by nothing but country,
 * category and brands (a category or brand page as it opens).
 */
export function isSummarised(f: ResolvedFilters): boolean {
  return f.isActive && !f.search && !f.ids && !f.priceFrom && !f.priceTo && f.specifications.length === 0;
}

const categoryCondition = (f: ResolvedFilters) =>
  f.categoryIds ? sql`and s.category_id = any(${intArray(f.categoryIds)}::int[])` : sql``;
const brandCondition = (f: ResolvedFilters) =>
  f.brandIds ? sql`and s.brand_id = any(${intArray(f.brandIds.length ? f.brandIds : [-1])}::int[])` : sql``;
const scopeConditions = (f: ResolvedFilters) => sql`${categoryCondition(f)} ${brandCondition(f)}`;

/** How many products a summarised listing (see `isSummarised`) holds. */
export async function countFromStats(db: Db, f: ResolvedFilters): Promise<number> {
  return (await storedListing(db, f, 'products')) ?? computeCount(db, f);
}

async function computeCount(db: Db, f: ResolvedFilters): Promise<number> {
  const [row] = await queryRows<{ count: number | null }>(
    db,
    sql`select sum(s.products)::int as count from category_brand_stats s where s.country = ${f.country} ${scopeConditions(f)}`,
  );
  return Number(row?.count ?? 0);
}

/**
 * How many active products the country sells in each category itself (not below it), by category id: the
 * summary's rows summed over brands, so a category's listing count is its own and its subtree's sum.
 */
export async function productsPerCategory(db: Db, country: CountryCode): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; count: number }>(
    db,
    sql`select s.category_id as id, sum(s.products)::int as count from category_brand_stats s
        where s.country = ${country} group by s.category_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.count)]));
}

/** How many active products of each brand the country sells, by brand id (a brand page's count). */
export async function productsPerBrand(db: Db, country: CountryCode): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; count: number }>(
    db,
    sql`select s.brand_id as id, sum(s.products)::int as count from category_brand_stats s
        where s.country = ${country} and s.brand_id <> ${NO_BRAND} group by s.brand_id`,
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.count)]));
}

/**
 * The facets of a summarised listing (see `isSummarised`), with the same meaning as `getFacets`: one
 * stored row for a category page as it opens, else counted from the summary.
 */
export async function facetsFromStats(db: Db, f: ResolvedFilters): Promise<Facets> {
  return (await storedListing(db, f, 'facets')) ?? computeFacets(db, f);
}

async function computeFacets(db: Db, f: ResolvedFilters): Promise<Facets> {
  const inCategories = categoryCondition(f);
  // Each facet leaves out its own filter: the brand facet counts every brand of the categories.
  const ofBrands = brandCondition(f);
  const [price, brandRows, specRows] = await Promise.all([
    queryRows<{ min: string | null; max: string | null }>(
      db,
      sql`select min(s.min_price)::text as min, max(s.max_price)::text as max
          from category_brand_stats s where s.country = ${f.country} ${inCategories} ${ofBrands}`,
    ),
    queryRows<{ id: number; slug: string; name: string; count: number }>(
      db,
      sql`select b.id, b.slug, b.name, sum(s.products)::int as count
          from category_brand_stats s join brands b on b.id = s.brand_id
          where s.country = ${f.country} ${inCategories}
          group by b.id order by b.name`,
    ),
    queryRows<{
      specification_id: number;
      slug: string;
      name: string;
      unit: string | null;
      kind: 'number' | 'text';
      value: string;
      sort_number: string | null;
      count: number;
    }>(
      db,
      sql`select sp.id as specification_id, sp.slug, sp.name, sp.unit, sp.kind, s.value,
            min(s.value_number)::text as sort_number, sum(s.products)::int as count
          from category_spec_stats s join specifications sp on sp.id = s.specification_id
          where s.country = ${f.country} and sp.is_filter ${inCategories} ${ofBrands}
          group by sp.id, s.value
          order by sp.position, sp.name`,
    ),
  ]);
  const brands = brandRows.map((r) => ({ id: Number(r.id), slug: r.slug, name: r.name, count: Number(r.count) }));
  // A chosen brand stays listed even when the categories have none of it (as `getFacets` does).
  for (const id of f.brandIds ?? []) {
    if (!brands.some((b) => b.id === id)) brands.push(...(await brandLinks(db, [id])).map((b) => ({ ...b, count: 0 })));
  }
  // Rows come ordered by specification; values are then sorted as getFacets sorts them.
  const bySpec = new Map<
    number,
    { facet: SpecificationFacet; counted: { value: string; count: number; sortNumber: string | null }[] }
  >();
  for (const row of specRows) {
    const id = Number(row.specification_id);
    let entry = bySpec.get(id);
    if (!entry) {
      entry = {
        facet: { id, slug: row.slug, name: row.name, unit: row.unit, kind: row.kind, values: [] },
        counted: [],
      };
      bySpec.set(id, entry);
    }
    entry.counted.push({ value: row.value, count: Number(row.count), sortNumber: row.sort_number });
  }
  const specifications = [...bySpec.values()].map(({ facet, counted }) => ({
    ...facet,
    values: counted.sort((x, y) => compareSpecValues(facet.kind, x, y)).map(({ value, count }) => ({ value, count })),
  }));
  return { price: { min: price[0]?.min ?? null, max: price[0]?.max ?? null }, brands, specifications };
}

async function brandLinks(db: Db, ids: number[]): Promise<{ id: number; slug: string; name: string }[]> {
  return queryRows(db, sql`select id, slug, name from brands where id = any(${intArray(ids)}::int[])`);
}
