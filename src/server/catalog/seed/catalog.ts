import type { Db } from '../../db/client.ts';
import { brands, categories, specifications } from '../../db/schema/index.ts';
import { brandSeeds } from './brands.ts';
import { flattenCategories, type FlatCategory } from './categories.ts';
import type { CatalogRefs } from './insert.ts';
import { kinds } from './kinds.ts';
import { demoFamilies } from './products.ts';
import { specificationSeeds, specSlugs } from './specifications.ts';

const bySlug = (rows: Array<{ id: number; slug: string }>): Map<string, number> =>
  new Map(rows.map((r) => [r.slug, r.id]));

/** Inserts the category tree level by level and returns ids by slug. */
export async function insertCategories(db: Db): Promise<Map<string, number>> {
  const flat = flattenCategories();
  const images = categoryImages(flat);
  const ids = new Map<string, number>();
  for (const depth of [...new Set(flat.map((c) => c.depth))].sort()) {
    const level = flat.filter((c) => c.depth === depth);
    const rows = await db
      .insert(categories)
      .values(
        level.map((c) => ({
          slug: c.slug,
          name: c.name,
          description: c.description,
          parentId: c.parentSlug === null ? null : ids.get(c.parentSlug)!,
          position: c.position,
          image: images.get(c.slug) ?? null,
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const [slug, id] of bySlug(rows)) ids.set(slug, id);
  }
  return ids;
}

// A leaf shows the picture of its first product line; a parent shows its first child's picture.
function categoryImages(flat: FlatCategory[]): Map<string, string> {
  const images = new Map<string, string>();
  for (const family of demoFamilies) {
    if (!images.has(family.category)) images.set(family.category, `/images/demo/${kinds[family.kind].images[0]}`);
  }
  for (const category of [...flat].reverse()) {
    const image = images.get(category.slug);
    if (image && category.parentSlug) images.set(category.parentSlug, image);
  }
  return images;
}

export async function insertBrands(db: Db): Promise<Map<string, number>> {
  const rows = await db.insert(brands).values(brandSeeds).returning({ id: brands.id, slug: brands.slug });
  return bySlug(rows);
}

export async function insertSpecifications(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .insert(specifications)
    .values(
      specificationSeeds.map((s, position) => ({
        slug: specSlugs[s.key],
        name: s.name,
        unit: s.unit,
        kind: s.kind,
        isFilter: s.isFilter,
        position,
      })),
    )
    .returning({ id: specifications.id, slug: specifications.slug });
  return bySlug(rows);
}

/** Ids of the categories, brands and specifications already in the database. */
export async function loadCatalogRefs(db: Db): Promise<CatalogRefs> {
  const [categoryRows, brandRows, specificationRows] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories),
    db.select({ id: brands.id, slug: brands.slug }).from(brands),
    db.select({ id: specifications.id, slug: specifications.slug }).from(specifications),
  ]);
  return { categories: bySlug(categoryRows), brands: bySlug(brandRows), specifications: bySlug(specificationRows) };
}
