import type { Db } from '../../db/client.ts';
import { brands, categories, categoryCompanions, specifications } from '../../db/schema/index.ts';
import { brandSeeds } from './brands.ts';
import { flattenCategories, type FlatCategory } from './categories.ts';
import type { CatalogRefs } from './insert.ts';
import { kinds } from './kinds.ts';
import { demoFamilies } from './products.ts';
import { specificationSeeds, specSlugs } from './specifications.ts';

const bySlug = (rows: Array<{ id: number; slug: string }>): Map<string, number> =>
  new Map(rows.map((r) => [r.slug, r.id]));

/** «С этим покупают» of the demo catalog: each category's companions (what is used with it), in order. */
const COMPANIONS: Record<string, string[]> = {
  kompozity: ['adgezivy', 'travilnye-geli', 'polirovochnye-diski', 'matricy-i-klinya'],
  'tekuchie-kompozity': ['adgezivy', 'travilnye-geli', 'polirovochnye-diski'],
  'steklo-ionomernye-cementy': ['matricy-i-klinya', 'polirovochnye-diski'],
  adgezivy: ['travilnye-geli', 'kompozity', 'tekuchie-kompozity'],
  'travilnye-geli': ['adgezivy', 'kompozity'],
  'polirovochnye-diski': ['polirovochnye-pasty', 'kompozity'],
  'ruchnye-faily': ['irrigacionnye-rastvory', 'endodonticheskie-igly', 'bumazhnye-shtifty', 'guttaperchevye-shtifty'],
  'mashinnye-faily': ['irrigacionnye-rastvory', 'endodonticheskie-igly', 'bumazhnye-shtifty', 'guttaperchevye-shtifty'],
  'guttaperchevye-shtifty': ['silery', 'bumazhnye-shtifty', 'mashinnye-faily'],
  silery: ['guttaperchevye-shtifty', 'bumazhnye-shtifty'],
  'irrigacionnye-rastvory': ['endodonticheskie-igly', 'mashinnye-faily'],
  'a-silikony': ['vremennye-koronki', 'vremennye-cementy'],
  'postoyannye-cementy': ['adgezivy', 'travilnye-geli'],
  'dentalnye-implantaty': ['abatmenty', 'kostnoplasticheskie-materialy', 'shovnyj-material'],
  abatmenty: ['dentalnye-implantaty', 'postoyannye-cementy'],
  shchipcy: ['elevatory', 'shovnyj-material', 'anestetiki-v-karpulakh'],
  elevatory: ['shchipcy', 'shovnyj-material'],
  'anestetiki-v-karpulakh': ['karpulnye-igly', 'karpulnye-shpricy', 'applikacionnye-anestetiki'],
  'karpulnye-shpricy': ['karpulnye-igly', 'anestetiki-v-karpulakh'],
  'karpulnye-igly': ['anestetiki-v-karpulakh', 'karpulnye-shpricy'],
  'metallicheskie-brekety': ['ortodonticheskie-dugi', 'ortodonticheskie-adgezivy'],
  'keramicheskie-brekety': ['ortodonticheskie-dugi', 'ortodonticheskie-adgezivy'],
  perchatki: ['maski', 'zashchitnye-ochki', 'antiseptiki-dlya-ruk'],
  'vatnye-valiki': ['slyunootsosy', 'nagrudnye-salfetki'],
  'pakety-dlya-sterilizacii': ['indikatory-sterilizacii', 'dezinfekciya-instrumentov'],
  'dezinfekciya-instrumentov': ['pakety-dlya-sterilizacii', 'indikatory-sterilizacii'],
};

/** Writes the demo catalog's companion categories (those whose categories exist). */
export async function insertCategoryCompanions(db: Db, ids: Map<string, number>): Promise<void> {
  const rows = Object.entries(COMPANIONS).flatMap(([slug, companions]) =>
    companions.flatMap((companion, position) => {
      const categoryId = ids.get(slug);
      const companionId = ids.get(companion);
      return categoryId && companionId ? [{ categoryId, companionId, position }] : [];
    }),
  );
  if (rows.length) await db.insert(categoryCompanions).values(rows);
}

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
