import { and, asc, count, desc, eq, inArray, max, min, notInArray, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import {
  brands,
  categories,
  productOffers,
  products,
  productSpecifications,
  specifications,
} from '../db/schema/index.ts';
import { memoCache } from '../cache/memo.ts';
import type { Facets, SpecificationFacet } from './facets.types.ts';
import { facetsFromStats, isSummarised } from './catalog-stats.ts';
import { cacheKey } from './product-filters.ts';
import type { IndexFacets } from './search-index.ts';
import { compareSpecValues } from './spec-values.ts';
import { filterConditions, resolveFilters, type ProductFilters, type ResolvedFilters } from './product-filters.ts';

export type { Facets, FacetValue, SpecificationFacet } from './facets.types.ts';

/**
 * What each filter choice would leave: every count applies all current filters except the
 * facet's own, so choosing another value of the same facet widens the result (OR within a facet).
 * Values already chosen stay listed, with their count, even when it is zero.
 */
export function getFacets(filters: ProductFilters): Promise<Facets> {
  return facetCache.get(cacheKey(filters), () => computeFacets(filters));
}

const facetCache = memoCache<Facets>({ scopes: ['catalog'], max: 1000 });

async function computeFacets(filters: ProductFilters): Promise<Facets> {
  const db = await getDb();
  const f = await resolveFilters(db, filters);
  if (f.search) return searchFacets(db, f, f.search.matches.facets(f));
  return isSummarised(f) ? facetsFromStats(db, f) : countFacets(db, f);
}

/**
 * A search's facets: the search index counts them over the matches (as `countFacets` would), and the
 * database names the brands and specifications counted.
 */
async function searchFacets(db: Db, f: ResolvedFilters, counted: IndexFacets): Promise<Facets> {
  const brandIds = [...new Set([...counted.brands.keys(), ...(f.brandIds ?? [])])];
  const [brandRows, specFacets] = await Promise.all([
    brandIds.length
      ? db
          .select({ id: brands.id, slug: brands.slug, name: brands.name })
          .from(brands)
          .where(inArray(brands.id, brandIds))
          .orderBy(asc(brands.name))
      : [],
    nameSpecificationFacets(db, f, counted.specifications),
  ]);
  // Brands with products first, by name; a chosen brand nothing matches after them, with 0.
  const brandFacetValues = [
    ...brandRows.filter((b) => counted.brands.has(b.id)).map((b) => ({ ...b, count: counted.brands.get(b.id)! })),
    ...brandRows.filter((b) => !counted.brands.has(b.id)).map((b) => ({ ...b, count: 0 })),
  ];
  return { price: counted.price, brands: brandFacetValues, specifications: specFacets };
}

/** The facets counted from the products themselves (any filters); `facetsFromStats` must agree with it. */
export async function countFacets(db: Db, f: ResolvedFilters): Promise<Facets> {
  const [price, brandCounts, specCounts] = await Promise.all([
    priceRange(db, f),
    brandFacet(db, f),
    specificationFacets(db, f),
  ]);
  return { price, brands: brandCounts, specifications: specCounts };
}

function offerJoin(f: ResolvedFilters) {
  return and(eq(productOffers.productId, products.id), eq(productOffers.country, f.country));
}

async function priceRange(db: Db, f: ResolvedFilters): Promise<Facets['price']> {
  const [row] = await db
    .select({
      min: sql<string | null>`${min(productOffers.price)}::text`,
      max: sql<string | null>`${max(productOffers.price)}::text`,
    })
    .from(products)
    .innerJoin(productOffers, offerJoin(f))
    .where(filterConditions(db, f, 'price'));
  return { min: row?.min ?? null, max: row?.max ?? null };
}

async function brandFacet(db: Db, f: ResolvedFilters): Promise<Facets['brands']> {
  const rows = await db
    .select({ id: brands.id, slug: brands.slug, name: brands.name, count: count() })
    .from(products)
    .innerJoin(productOffers, offerJoin(f))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(filterConditions(db, f, 'brand'))
    .groupBy(brands.id)
    .orderBy(asc(brands.name));
  const chosen = new Set(f.brandIds ?? []);
  const missing = [...chosen].filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) {
    const extra = await db
      .select({ id: brands.id, slug: brands.slug, name: brands.name })
      .from(brands)
      .where(inArray(brands.id, missing));
    rows.push(...extra.map((b) => ({ ...b, count: 0 })));
  }
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

async function specificationFacets(db: Db, f: ResolvedFilters): Promise<SpecificationFacet[]> {
  const chosenIds = f.specifications.map((s) => s.id);
  const countValues = (where: ReturnType<typeof filterConditions>, only?: number) =>
    db
      .select({
        specificationId: productSpecifications.specificationId,
        value: productSpecifications.value,
        sortNumber: min(productSpecifications.valueNumber),
        // (product, specification, value) is the primary key, so rows are distinct products already.
        count: count(),
      })
      .from(productSpecifications)
      .innerJoin(products, eq(products.id, productSpecifications.productId))
      .innerJoin(productOffers, offerJoin(f))
      .innerJoin(specifications, eq(specifications.id, productSpecifications.specificationId))
      .where(
        and(
          where,
          // A chosen specification is counted even when it is not a filter, so its chosen values show what they match.
          only === undefined
            ? and(
                eq(specifications.isFilter, true),
                chosenIds.length ? notInArray(productSpecifications.specificationId, chosenIds) : undefined,
              )
            : eq(productSpecifications.specificationId, only),
        ),
      )
      .groupBy(productSpecifications.specificationId, productSpecifications.value);

  const groups = await Promise.all([
    countValues(filterConditions(db, f)),
    ...chosenIds.map((id) => countValues(filterConditions(db, f, { specificationId: id }), id)),
  ]);
  return nameSpecificationFacets(db, f, groups.flat());
}

/** A specification value and how many products it would leave. */
type CountedValue = IndexFacets['specifications'][number];

/**
 * The specification facets of counted values (unchosen specifications counted within every filter, chosen
 * ones without their own): a chosen value nothing matches is listed with 0; only filter specifications are
 * offered, but a chosen one whatever it is; specifications in their order, values in theirs.
 */
async function nameSpecificationFacets(
  db: Db,
  f: ResolvedFilters,
  counted: readonly CountedValue[],
): Promise<SpecificationFacet[]> {
  const chosen = new Set(f.specifications.map((spec) => spec.id));
  const values = [...counted];
  for (const spec of f.specifications) {
    for (const value of spec.values) {
      if (!values.some((c) => c.specificationId === spec.id && c.value === value))
        values.push({ specificationId: spec.id, value, sortNumber: null, count: 0 });
    }
  }
  const ids = [...new Set(values.map((c) => c.specificationId))];
  if (!ids.length) return [];
  const specs = await db
    .select({
      id: specifications.id,
      slug: specifications.slug,
      name: specifications.name,
      unit: specifications.unit,
      kind: specifications.kind,
      isFilter: specifications.isFilter,
    })
    .from(specifications)
    .where(inArray(specifications.id, ids))
    .orderBy(asc(specifications.position), asc(specifications.name));
  return specs
    .filter((spec) => spec.isFilter || chosen.has(spec.id))
    .flatMap(({ isFilter: _isFilter, ...spec }) => {
      const own = values.filter((c) => c.specificationId === spec.id);
      if (!own.length) return [];
      const sorted = own.sort((a, b) => compareSpecValues(spec.kind, a, b));
      return [{ ...spec, values: sorted.map((c) => ({ value: c.value, count: Number(c.count) })) }];
    });
}

export interface CategoryFacetValue {
  slug: string;
  name: string;
  count: number;
}

/**
 * A brand page's first filter: the categories the listing's products sit in, with how many products
 * each would leave (every filter applies except the category's own), most products first. The chosen
 * category stays listed, even with no products left.
 */
export function getCategoryFacet(filters: ProductFilters): Promise<CategoryFacetValue[]> {
  return categoryFacetCache.get(cacheKey(filters), async () => {
    const db = await getDb();
    const f = await resolveFilters(db, filters);
    const rows = await db
      .select({ id: categories.id, slug: categories.slug, name: categories.name, count: count() })
      .from(products)
      .innerJoin(productOffers, offerJoin(f))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(filterConditions(db, f, 'category'))
      .groupBy(categories.id)
      .orderBy(desc(count()), asc(categories.name));
    const values = rows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) }));
    if (f.categoryId !== undefined && filters.category && !values.some((v) => v.slug === filters.category)) {
      const [chosen] = await db
        .select({ slug: categories.slug, name: categories.name })
        .from(categories)
        .where(eq(categories.id, f.categoryId));
      if (chosen) values.push({ ...chosen, count: 0 });
    }
    return values;
  });
}

const categoryFacetCache = memoCache<CategoryFacetValue[]>({ scopes: ['catalog'], max: 500 });
