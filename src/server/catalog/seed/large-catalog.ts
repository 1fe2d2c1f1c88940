import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { loadCatalogRefs } from './catalog.ts';
import { afterBulkLoad } from '../maintenance.ts';
import { insertProducts } from './insert.ts';
import { buildOffers, roundKgs } from './offers.ts';
import { buildDemoProducts, demoCreatedAt, type ProductDraft } from './products.ts';
import { randomFor } from '../../seeding/random.ts';

// Drafts are built and inserted in slices so memory stays flat for very large targets.
const SLICE = 5000;

/**
 * Adds generated products until the catalog holds `target` products; expects the demo catalog in
 * place (its categories and brands). Generated products are multi-packs of demo products: same category, brand and
 * specifications, their own SKU, slug, prices, stock and dates. Deterministic for a given starting count.
 */
export async function seedLargeCatalog(db: Db, target: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(products);
    if (existing >= target) return;
    const refs = await loadCatalogRefs(tx);
    const templates = buildDemoProducts().filter((t) => refs.categories.has(t.category) && refs.brands.has(t.brand));
    if (templates.length === 0)
      throw new Error('Cannot generate products: none of the demo categories and brands exist in the database.');
    for (let start = existing; start < target; start += SLICE) {
      const drafts: ProductDraft[] = [];
      for (let i = start; i < Math.min(start + SLICE, target); i++) drafts.push(multiPack(templates, i));
      await insertProducts(tx, drafts, refs);
    }
  });
  await afterBulkLoad(db);
}

// Product number i becomes template i mod T sold as a set of n; n grows with each pass over the templates.
function multiPack(templates: ProductDraft[], i: number): ProductDraft {
  const template = templates[i % templates.length]!;
  const n = Math.max(2, Math.floor(i / templates.length) + 1);
  const sku = `${template.sku}-K${n}`;
  const price = roundKgs(template.price * n * 0.95);
  const note = `Комплект из ${n} шт. — выгоднее, чем покупать по одной упаковке.`;
  return {
    ...template,
    slug: `${template.slug}-komplekt-${n}-sht`,
    sku,
    name: `${template.name}, комплект ${n} шт`,
    description: `${template.description}<p>${note}</p>`,
    searchText: `${template.searchText} ${note}`,
    offers: buildOffers(price, randomFor(`offer:${sku}`)),
    createdAt: demoCreatedAt(randomFor(sku)),
    price,
  };
}
