import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, intArray } from '../db/client.ts';
import {
  brands,
  categories,
  productOffers,
  products,
  productSpecifications,
  specifications,
} from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import { ancestorsOf, loadCategories, type CategoryLink } from './categories.queries.ts';
import { COUNTRIES, type CountryCode, type CurrencyCode } from '../../shared/countries.ts';
import { memoCache } from '../cache/memo.ts';
import { countFromStats, isSummarised } from './catalog-stats.ts';
import { loadFamily, loadRelatedIds, type FamilyMember } from './product-family.queries.ts';
import { cacheKey, filterConditions, resolveFilters, type Ordering, type ProductFilters } from './product-filters.ts';

export interface ProductSummary {
  id: number;
  slug: string;
  sku: string;
  name: string;
  brand: { id: number; slug: string; name: string } | null;
  category: { id: number; slug: string; name: string };
  images: string[];
  /** Decimal string in `currency`; null when the product is not sold in the country. */
  price: string | null;
  /** The public price when `price` is a clinic's contract price (`clinics/contract-prices.queries.ts`); else absent. */
  listPrice?: string | null;
  oldPrice: string | null;
  currency: CurrencyCode;
  quantity: number;
  inStock: boolean;
  isActive: boolean;
  country: CountryCode;
}

export interface ProductSpecificationValue {
  slug: string;
  name: string;
  unit: string | null;
  value: string;
}

export interface ProductDetail extends ProductSummary {
  description: string;
  specifications: ProductSpecificationValue[];
  breadcrumbs: CategoryLink[];
  availableInCountry: boolean;
  /** Countries where the product is offered, with stock, for "also available in" hints. */
  offers: { country: CountryCode; inStock: boolean }[];
  /** The product line's key shared by its shades, sizes and packs; null for a product on its own. */
  familyKey: string | null;
  /** The family's active products, this one included (`current`); empty without a family. */
  family: FamilyMember[];
  createdAt: Date;
  updatedAt: Date;
}

export interface ProductListOptions extends ProductFilters {
  ordering?: Ordering;
  limit: number;
  offset: number;
}

const summaryColumns = {
  id: products.id,
  slug: products.slug,
  sku: products.sku,
  name: products.name,
  images: products.images,
  isActive: products.isActive,
  brandId: brands.id,
  brandSlug: brands.slug,
  brandName: brands.name,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryName: categories.name,
  price: productOffers.price,
  oldPrice: productOffers.oldPrice,
  quantity: productOffers.quantity,
};

interface SummaryRow {
  id: number;
  slug: string;
  sku: string;
  name: string;
  images: string[];
  isActive: boolean;
  brandId: number | null;
  brandSlug: string | null;
  brandName: string | null;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  price: string | null;
  oldPrice: string | null;
  quantity: number | null;
}

function toSummary(row: SummaryRow, country: CountryCode): ProductSummary {
  const quantity = row.quantity ?? 0;
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    brand: row.brandId === null ? null : { id: row.brandId, slug: row.brandSlug!, name: row.brandName! },
    category: { id: row.categoryId, slug: row.categorySlug, name: row.categoryName },
    images: row.images,
    price: row.price,
    oldPrice: row.oldPrice,
    currency: COUNTRIES[country].currency,
    quantity,
    inStock: row.price !== null && quantity > 0,
    isActive: row.isActive,
    country,
  };
}

/**
 * The brief's default ordering, by price, puts what can be bought now first (issue 12); an ordering the
 * visitor chose is followed as chosen. The index `product_offers_listing_idx` (migration 0014) serves it.
 */
const availableFirst = sql`(${productOffers.quantity} > 0 and ${productOffers.price} is not null) desc`;

function orderBy(ordering: Exclude<Ordering, 'relevance'>): SQL[] {
  switch (ordering) {
    case 'price':
      return [availableFirst, asc(productOffers.price), asc(products.id)];
    case '-price':
      return [desc(productOffers.price), asc(products.id)];
    case 'name':
      return [asc(products.name), asc(products.id)];
    case '-name':
      return [desc(products.name), asc(products.id)];
    case 'created_at':
      return [asc(products.createdAt), asc(products.id)];
    case '-created_at':
      return [desc(products.createdAt), desc(products.id)];
  }
}

/**
 * One page of products sold in the country, with the total count. Without a search the default
 * ordering is by price, products in stock first; with one, by relevance.
 * @throws ValidationError for an unknown category, brand or specification.
 */
export function listProducts(options: ProductListOptions): Promise<{ items: ProductSummary[]; count: number }> {
  return listCache.get(cacheKey(options), () => queryProducts(options));
}

const listCache = memoCache<{ items: ProductSummary[]; count: number }>({
  scopes: ['catalog'],
  max: 1000,
  productsOf: (page) => page.items.map((item) => item.id),
});

async function queryProducts(options: ProductListOptions): Promise<{ items: ProductSummary[]; count: number }> {
  const db = await getDb();
  const filters = await resolveFilters(db, options);
  // Built when a query needs it: a search's condition spells out every match id.
  const where = () => filterConditions(db, filters);
  const offerJoin = and(eq(productOffers.productId, products.id), eq(productOffers.country, filters.country));
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(products)
      .innerJoin(productOffers, offerJoin)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId));
  const toItems = (rows: unknown[]) => rows.map((row) => toSummary(row as SummaryRow, filters.country));

  const ordering = options.ordering ?? (filters.search ? 'relevance' : 'price');
  if (ordering === 'relevance' && filters.search) {
    // The search index ranks the matches the other filters keep, and counts them: it knows every filter.
    const { ids: pageIds, count: keptCount } = filters.search.matches.page(filters, options.offset, options.limit);
    const rows = pageIds.length ? await summaries().where(sql`${products.id} = any(${intArray(pageIds)}::int[])`) : [];
    const position = new Map(pageIds.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { items: toItems(rows), count: keptCount };
  }

  // An exact SKU hit leads whatever the ordering: a dentist who types an article number wants that item.
  const exact = filters.search?.matches.exactSkuIds ?? [];
  const lead = exact.length ? [sql`${products.id} = any(${intArray(exact)}::int[]) desc`] : [];
  const [rows, total] = await Promise.all([
    summaries()
      .where(where())
      .orderBy(...lead, ...orderBy(ordering === 'relevance' ? 'price' : ordering))
      .limit(options.limit)
      .offset(options.offset),
    // A category or brand page as it opens is counted by the catalog summary, not product by product.
    isSummarised(filters)
      ? countFromStats(db, filters)
      : db
          .select({ value: count() })
          .from(products)
          .innerJoin(productOffers, offerJoin)
          .where(where())
          .then(([row]) => row?.value ?? 0),
  ]);
  return { items: toItems(rows), count: total };
}

/** @throws NotFoundError for an unknown or inactive slug. */
export function getProduct(slug: string, country: CountryCode): Promise<ProductDetail> {
  return productCache.get(`${country}/${slug}`, () => queryProduct(slug, country));
}

const productCache = memoCache<ProductDetail>({
  scopes: ['catalog'],
  max: 2000,
  productsOf: (product) => [product.id, ...product.family.map((member) => member.id)],
});

async function queryProduct(slug: string, country: CountryCode): Promise<ProductDetail> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...summaryColumns,
      description: products.description,
      family: products.family,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(productOffers, and(eq(productOffers.productId, products.id), eq(productOffers.country, country)))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.slug, slug), eq(products.isActive, true)));
  if (!row) throw new NotFoundError();

  const [specRows, offerRows, categoryRows, family] = await Promise.all([
    db
      .select({
        slug: specifications.slug,
        name: specifications.name,
        unit: specifications.unit,
        value: productSpecifications.value,
      })
      .from(productSpecifications)
      .innerJoin(specifications, eq(specifications.id, productSpecifications.specificationId))
      .where(eq(productSpecifications.productId, row.id))
      .orderBy(
        asc(specifications.position),
        asc(specifications.name),
        asc(productSpecifications.valueNumber),
        asc(productSpecifications.value),
      ),
    db
      .select({ country: productOffers.country, quantity: productOffers.quantity })
      .from(productOffers)
      .where(eq(productOffers.productId, row.id))
      .orderBy(asc(productOffers.country)),
    loadCategories(),
    loadFamily(db, row.id, row.family, country),
  ]);
  const category = categoryRows.find((c) => c.id === row.categoryId);
  return {
    ...toSummary(row as SummaryRow, country),
    description: row.description,
    specifications: specRows,
    breadcrumbs: category
      ? [...ancestorsOf(categoryRows, category.id), { id: category.id, slug: category.slug, name: category.name }]
      : [],
    availableInCountry: row.price !== null,
    offers: offerRows.map((o) => ({ country: o.country as CountryCode, inStock: o.quantity > 0 })),
    familyKey: row.family,
    family,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export interface RelatedProducts {
  /** «С этим покупают»: from the orders that hold this product, topped up from neighbouring categories. */
  boughtWith: ProductSummary[];
  /** «Другие товары категории»: one product per family, cheapest first. */
  sameCategory: ProductSummary[];
}

/** Rows of related products in stock in the country for a product page. */
export function getRelatedProducts(product: ProductDetail, country: CountryCode): Promise<RelatedProducts> {
  return relatedCache.get(`${country}/${product.id}`, async () => {
    const ids = await loadRelatedIds(product.id, product.familyKey, product.category.id, country);
    const summaries = async (list: number[]) => {
      if (!list.length) return [];
      const { items } = await listProducts({ country, ids: list, limit: list.length, offset: 0 });
      const byId = new Map(items.map((item) => [item.id, item]));
      return list.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    };
    const [boughtWith, sameCategory] = await Promise.all([summaries(ids.boughtWith), summaries(ids.sameCategory)]);
    return { boughtWith, sameCategory };
  });
}

const relatedCache = memoCache<RelatedProducts>({
  scopes: ['catalog'],
  max: 2000,
  productsOf: (related) => [...related.boughtWith, ...related.sameCategory].map((item) => item.id),
});

/** Slugs of every active product sold in the country, for the sitemap. */
export async function listProductSlugs(country: CountryCode): Promise<{ slug: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(productOffers, and(eq(productOffers.productId, products.id), eq(productOffers.country, country)))
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
}
