import { asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { brands, products } from '../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { loadCategories, subtreeIds } from './categories.queries.ts';

export interface Brand {
  id: number;
  slug: string;
  name: string;
  origin: string;
  description: string;
  logo: string | null;
}

const columns = {
  id: brands.id,
  slug: brands.slug,
  name: brands.name,
  origin: brands.origin,
  description: brands.description,
  logo: brands.logo,
};

/**
 * Brands ordered by name; with `category` (a slug), only brands with active products in that subtree.
 * @throws ValidationError for an unknown category.
 */
export async function listBrands(options: {
  category?: string;
  limit: number;
  offset: number;
}): Promise<{ items: Brand[]; count: number }> {
  const db = await getDb();
  let all: Brand[];
  if (options.category) {
    const rows = await loadCategories();
    const root = rows.find((row) => row.slug === options.category);
    if (!root) throw new ValidationError({ category: [`Категория «${options.category}» не найдена.`] });
    all = await db
      .selectDistinct(columns)
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .where(inArray(products.categoryId, subtreeIds(rows, root.id)))
      .orderBy(asc(brands.name), asc(brands.id));
  } else {
    all = await db.select(columns).from(brands).orderBy(asc(brands.name), asc(brands.id));
  }
  return { items: all.slice(options.offset, options.offset + options.limit), count: all.length };
}

/** @throws NotFoundError */
export async function getBrand(key: { id: number } | { slug: string }): Promise<Brand> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(brands)
    .where('id' in key ? eq(brands.id, key.id) : eq(brands.slug, key.slug));
  if (!row) throw new NotFoundError();
  return row;
}

export async function listAllBrandSlugs(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ slug: brands.slug }).from(brands).orderBy(asc(brands.slug));
  return rows.map((r) => r.slug);
}
