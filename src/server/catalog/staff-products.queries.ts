/**
 * Products as the back office reads them: hidden ones too, every country's offer side by side, found
 * by SKU or name, paged on the server (20,000 products page as fast as 20).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb } from '../db/client.ts';
import { containing } from '../db/like.ts';
import {
  brands,
  categories,
  productOffers,
  products,
  productSpecifications,
  specifications,
} from '../db/schema/index.ts';

export const STAFF_PRODUCT_ORDERINGS = ['name', '-name', 'sku', '-sku', 'updated_at', '-updated_at'] as const;
export type StaffProductOrdering = (typeof STAFF_PRODUCT_ORDERINGS)[number];

export interface StaffProductFilters {
  /** Part of the SKU or the name. */
  search?: string;
  category?: string;
  brand?: string;
  isActive?: boolean;
  ordering: StaffProductOrdering;
  limit: number;
  offset: number;
}

export interface StaffOffer {
  country: CountryCode;
  price: string;
  oldPrice: string | null;
  quantity: number;
}

export interface StaffProduct {
  id: number;
  sku: string;
  name: string;
  slug: string;
  category: { slug: string; name: string };
  brand: { slug: string; name: string } | null;
  family: string | null;
  isActive: boolean;
  offers: StaffOffer[];
  updatedAt: Date;
  /** The main photo's address (the first of `images`), for the list's thumbnail; null without photos. */
  image: string | null;
}

export interface StaffProductDetail extends StaffProduct {
  description: string;
  images: string[];
  /** Specification slug → values, as the products file writes them. */
  specifications: Record<string, string[]>;
}

const ORDER_BY: Record<StaffProductOrdering, SQL[]> = {
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
  sku: [asc(products.sku)],
  '-sku': [desc(products.sku)],
  updated_at: [asc(products.updatedAt), asc(products.id)],
  '-updated_at': [desc(products.updatedAt), desc(products.id)],
};

const columns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  family: products.family,
  isActive: products.isActive,
  updatedAt: products.updatedAt,
  categorySlug: categories.slug,
  categoryName: categories.name,
  brandSlug: brands.slug,
  brandName: brands.name,
  images: products.images,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

async function withOffers(rows: Row[]): Promise<StaffProduct[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const offers = await db
    .select()
    .from(productOffers)
    .where(
      inArray(
        productOffers.productId,
        rows.map((r) => r.id!),
      ),
    )
    .orderBy(asc(productOffers.productId), asc(productOffers.country));
  const byProduct = new Map<number, StaffOffer[]>();
  for (const o of offers)
    (byProduct.get(o.productId) ?? byProduct.set(o.productId, []).get(o.productId)!).push({
      country: o.country as CountryCode,
      price: o.price,
      oldPrice: o.oldPrice,
      quantity: o.quantity,
    });
  return rows.map((r) => ({
    id: r.id!,
    sku: r.sku!,
    name: r.name!,
    slug: r.slug!,
    category: { slug: r.categorySlug!, name: r.categoryName! },
    brand: r.brandSlug ? { slug: r.brandSlug, name: r.brandName! } : null,
    family: r.family,
    isActive: r.isActive!,
    offers: byProduct.get(r.id!) ?? [],
    updatedAt: r.updatedAt!,
    image: r.images?.[0] ?? null,
  }));
}

export async function listProductsForStaff(
  filters: StaffProductFilters,
): Promise<{ count: number; items: StaffProduct[] }> {
  const db = await getDb();
  const search = filters.search?.trim();
  const where = and(
    search ? or(ilike(products.sku, containing(search)), ilike(products.name, containing(search))) : undefined,
    filters.category ? eq(categories.slug, filters.category) : undefined,
    filters.brand ? eq(brands.slug, filters.brand) : undefined,
    filters.isActive === undefined ? undefined : eq(products.isActive, filters.isActive),
  );
  const base = () =>
    db
      .select(columns)
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...ORDER_BY[filters.ordering])
      .limit(filters.limit)
      .offset(filters.offset),
    db
      .select({ n: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where),
  ]);
  return { count: total?.n ?? 0, items: await withOffers(rows) };
}

export async function findProductForStaff(sku: string): Promise<StaffProductDetail | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...columns, description: products.description, images: products.images })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.sku, sku));
  if (!row) return null;
  const [product] = await withOffers([row]);
  const specs = await db
    .select({ slug: specifications.slug, value: productSpecifications.value })
    .from(productSpecifications)
    .innerJoin(specifications, eq(specifications.id, productSpecifications.specificationId))
    .where(eq(productSpecifications.productId, row.id))
    .orderBy(asc(specifications.position), asc(specifications.slug), asc(productSpecifications.value));
  const bySlug: Record<string, string[]> = {};
  // Own keys only: a specification's slug may be any word, `constructor` included.
  for (const s of specs) (Object.hasOwn(bySlug, s.slug) ? bySlug[s.slug]! : (bySlug[s.slug] = [])).push(s.value);
  return { ...product!, description: row.description, images: row.images, specifications: bySlug };
}
