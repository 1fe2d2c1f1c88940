import type { Db } from '../../db/client.ts';
import { insertBrands, insertCategories, insertCategoryCompanions, insertSpecifications } from './catalog.ts';
import { insertProducts } from './insert.ts';
import { buildDemoProducts } from './products.ts';
import { storeDemoPacks } from '../../media/media.service.ts';

export { seedLargeCatalog } from './large-catalog.ts';

/**
 * Inserts the demo catalog: the category tree, brands, specifications and products with their offers.
 * Expects empty catalog tables and the countries in place; the caller runs `afterBulkLoad` afterwards.
 */
export async function seedCatalogDemo(db: Db): Promise<void> {
  const refs = {
    categories: await insertCategories(db),
    brands: await insertBrands(db),
    specifications: await insertSpecifications(db),
  };
  await insertCategoryCompanions(db, refs.categories);
  const drafts = buildDemoProducts();
  // Each product's pack first, then its kind's illustration: the packs tell products apart.
  const packs = await storeDemoPacks(
    db,
    drafts.map((draft) => draft.pack),
  );
  drafts.forEach((draft, i) => draft.images.unshift(packs[i]!));
  await insertProducts(db, drafts, refs);
}
