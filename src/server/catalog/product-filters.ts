import { and, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { brands, productOffers, products, productSpecifications, specifications } from '../db/schema/index.ts';
import { ValidationError } from '../errors.ts';
import { loadCategories, subtreeIds } from './categories.queries.ts';
import type { CountryCode } from './countries.ts';

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
  categoryIds?: number[];
  brandIds?: number[];
  priceFrom?: string;
  priceTo?: string;
  specifications: { id: number; slug: string; values: string[] }[];
  search?: SearchTerms;
  ids?: number[];
  isActive: boolean;
}

export interface SearchTerms {
  text: string;
  /** A `to_tsquery('russian', …)` expression with prefix matching on every word, or null when no word is left. */
  tsquery: string | null;
}

export function parseSearch(text: string): SearchTerms | undefined {
  const trimmed = text.trim().slice(0, 200);
  if (!trimmed) return undefined;
  const words = trimmed
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return { text: trimmed, tsquery: words.length ? words.map((w) => `${w}:*`).join(' & ') : null };
}

export async function resolveFilters(db: Db, filters: ProductFilters): Promise<ResolvedFilters> {
  const errors: Record<string, string[]> = {};
  const resolved: ResolvedFilters = {
    country: filters.country,
    priceFrom: filters.priceFrom,
    priceTo: filters.priceTo,
    ids: filters.ids,
    isActive: filters.isActive ?? true,
    search: filters.search ? parseSearch(filters.search) : undefined,
    specifications: [],
  };
  if (filters.category) {
    const rows = await loadCategories();
    const root = rows.find((row) => row.slug === filters.category);
    if (root) resolved.categoryIds = subtreeIds(rows, root.id);
    else errors.category = [`Категория «${filters.category}» не найдена.`];
  }
  if (filters.brands?.length) {
    const numeric = filters.brands.filter((b) => /^\d+$/.test(b)).map(Number);
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
export type FacetExclusion = 'price' | 'brand' | { specificationId: number } | undefined;

/** WHERE conditions over `products` joined with its `product_offers` row for the country. */
export function filterConditions(db: Db, f: ResolvedFilters, exclude?: FacetExclusion): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.isActive, f.isActive)];
  if (f.categoryIds) conditions.push(inArray(products.categoryId, f.categoryIds));
  if (f.ids) conditions.push(inArray(products.id, f.ids.length ? f.ids : [-1]));
  if (f.brandIds && exclude !== 'brand') conditions.push(inArray(products.brandId, f.brandIds.length ? f.brandIds : [-1]));
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
  if (f.search) conditions.push(searchCondition(f.search));
  return and(...conditions);
}

// Full-text (Russian stemming, prefixes) finds words in any form; the trigram operator `<%`
// forgives typos in the name; SKUs match exactly or by prefix, case-insensitively.
function searchCondition(search: SearchTerms): SQL {
  const matches: SQL[] = [
    sql`lower(${products.sku}) like ${escapeLike(search.text.toLowerCase()) + '%'}`,
    sql`${search.text} <% ${products.name}`,
  ];
  if (search.tsquery) matches.push(sql`${products.searchVector} @@ to_tsquery('russian', ${search.tsquery})`);
  return or(...matches)!;
}

export function searchRank(search: SearchTerms): SQL[] {
  // Closeness to the name first (rounded, so near-ties fall through to the text rank), so "композит"
  // ranks composites above "композитный цемент", whose description merely mentions the word.
  const rank: SQL[] = [
    sql`(lower(${products.sku}) = ${search.text.toLowerCase()}) desc`,
    sql`round(word_similarity(${search.text}, ${products.name})::numeric, 1) desc`,
  ];
  if (search.tsquery) rank.push(sql`ts_rank(${products.searchVector}, to_tsquery('russian', ${search.tsquery})) desc`);
  return rank;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
