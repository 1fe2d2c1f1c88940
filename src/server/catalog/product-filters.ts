import { and, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { intArray, type Db } from '../db/client.ts';
import { isIdText } from '../ids.ts';
import { brands, productOffers, products, productSpecifications, specifications } from '../db/schema/index.ts';
import { ValidationError } from '../errors.ts';
import { loadCategories, subtreeIds } from './categories.queries.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { findMatches, parseSearch, type SearchMatches, type SearchTerms } from './search.ts';

export const ORDERINGS = ['price', '-price', 'name', '-name', '-created_at', 'created_at', 'relevance'] as const;
export type Ordering = (typeof ORDERINGS)[number];

/** What a product list can be narrowed by; prices are in the country's currency, as decimal strings. */
export interface ProductFilters {
  country: CountryCode;
  category?: string;
  /** Brand slugs or numeric ids. */
  brands?: string[];
  priceFrom?: string;
  priceTo?: string;
  /** Specification slug → accepted values (any of them). */
  specifications?: Record<string, string[]>;
  search?: string;
  ids?: number[];
  isActive?: boolean;
}

/** Filters resolved against the database: unknown slugs are refused once, here. */
export interface ResolvedFilters {
  country: CountryCode;
  /** The category asked for; `categoryIds` is it and every category below it. */
  categoryId?: number;
  categoryIds?: number[];
  brandIds?: number[];
  priceFrom?: string;
  priceTo?: string;
  specifications: { id: number; slug: string; values: string[] }[];
  /** The search text and the products it finds, best first. */
  search?: { terms: SearchTerms; matches: SearchMatches };
  ids?: number[];
  isActive: boolean;
}

export { parseSearch, type SearchTerms } from './search.ts';

/** A stable key for a filter set (property order and value order do not matter). */
export function cacheKey(filters: ProductFilters): string {
  const normalize = (value: unknown): unknown => {
    if (Array.isArray(value)) return [...value].map(normalize).sort();
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, normalize(v)]),
      );
    }
    return value;
  };
  return JSON.stringify(normalize(filters));
}

export async function resolveFilters(db: Db, filters: ProductFilters): Promise<ResolvedFilters> {
  const errors: Record<string, string[]> = {};
  const resolved: ResolvedFilters = {
    country: filters.country,
    priceFrom: filters.priceFrom,
    priceTo: filters.priceTo,
    ids: filters.ids,
    isActive: filters.isActive ?? true,
    specifications: [],
  };
  const terms = filters.search ? parseSearch(filters.search) : undefined;
  if (terms) resolved.search = { terms, matches: await findMatches(db, terms) };
  if (filters.category) {
    const rows = await loadCategories();
    const root = rows.find((row) => row.slug === filters.category);
    if (root) {
      resolved.categoryId = root.id;
      resolved.categoryIds = subtreeIds(rows, root.id);
    } else errors.category = [`Категория «${filters.category}» не найдена.`];
  }
  if (filters.brands?.length) {
    // A number no row can have is no id: it stays unknown instead of reaching an integer comparison.
    const numeric = filters.brands.filter(isIdText).map(Number);
    const rows = await db
      .select({ id: brands.id, slug: brands.slug })
      .from(brands)
      .where(or(inArray(brands.slug, filters.brands), numeric.length ? inArray(brands.id, numeric) : undefined));
    const known = new Set(rows.flatMap((r) => [r.slug, String(r.id)]));
    const unknown = filters.brands.filter((b) => !known.has(b));
    if (unknown.length) errors.brand = [`Бренд не найден: ${unknown.join(', ')}.`];
    resolved.brandIds = rows.map((r) => r.id);
  }
  const specSlugs = Object.keys(filters.specifications ?? {});
  if (specSlugs.length) {
    const rows = await db
      .select({ id: specifications.id, slug: specifications.slug })
      .from(specifications)
      .where(inArray(specifications.slug, specSlugs));
    const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
    const unknown = specSlugs.filter((slug) => !bySlug.has(slug));
    if (unknown.length) errors.specifications = [`Характеристика не найдена: ${unknown.join(', ')}.`];
    resolved.specifications = specSlugs
      .filter((slug) => bySlug.has(slug) && filters.specifications![slug]!.length)
      .map((slug) => ({ id: bySlug.get(slug)!, slug, values: filters.specifications![slug]! }));
  }
  if (filters.priceFrom && filters.priceTo && Number(filters.priceFrom) > Number(filters.priceTo)) {
    errors.price_to = ['Верхняя граница цены меньше нижней.'];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return resolved;
}

/** Which filter a facet leaves out, so a facet counts what choosing one of its values would give. */
export type FacetExclusion = 'price' | 'brand' | 'category' | { specificationId: number } | undefined;

/** WHERE conditions over `products` joined with its `product_offers` row for the country. */
export function filterConditions(db: Db, f: ResolvedFilters, exclude?: FacetExclusion): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, f.isActive)];
  if (f.categoryIds && exclude !== 'category') conditions.push(inArray(products.categoryId, f.categoryIds));
  if (f.ids) conditions.push(inArray(products.id, f.ids.length ? f.ids : [-1]));
  if (f.brandIds && exclude !== 'brand')
    conditions.push(inArray(products.brandId, f.brandIds.length ? f.brandIds : [-1]));
  if (exclude !== 'price') {
    if (f.priceFrom) conditions.push(gte(productOffers.price, f.priceFrom));
    if (f.priceTo) conditions.push(lte(productOffers.price, f.priceTo));
  }
  for (const spec of f.specifications) {
    if (typeof exclude === 'object' && exclude.specificationId === spec.id) continue;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(productSpecifications)
          .where(
            and(
              eq(productSpecifications.productId, products.id),
              eq(productSpecifications.specificationId, spec.id),
              inArray(productSpecifications.value, spec.values),
            ),
          ),
      ),
    );
  }
  if (f.search) conditions.push(sql`${products.id} = any(${intArray(f.search.matches.ids)}::int[])`);
  return and(...conditions);
}
