import type { Db } from '../../db/client.ts';
import { productOffers, products, productSpecifications } from '../../db/schema/index.ts';
import type { ProductDraft } from './products.ts';

/** Rows per INSERT statement: big enough to be fast on PGlite, far below the bind-parameter limit. */
export const CHUNK_SIZE = 500;

export function chunks<T>(rows: T[], size = CHUNK_SIZE): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += size) result.push(rows.slice(i, i + size));
  return result;
}

/** Ids of already inserted categories, brands and specifications, by slug. */
export interface CatalogRefs {
  categories: Map<string, number>;
  brands: Map<string, number>;
  specifications: Map<string, number>;
}

function requireId(ids: Map<string, number>, slug: string, what: string): number {
  const id = ids.get(slug);
  if (id === undefined) throw new Error(`Cannot seed products: the ${what} "${slug}" does not exist in the database.`);
  return id;
}

/** Inserts products with their offers and specification values, in batches. */
export async function insertProducts(db: Db, drafts: ProductDraft[], refs: CatalogRefs): Promise<void> {
  for (const batch of chunks(drafts)) {
    const inserted = await db
      .insert(products)
      .values(
        batch.map((d) => ({
          slug: d.slug,
          sku: d.sku,
          name: d.name,
          family: d.family,
          description: d.description,
          brandId: requireId(refs.brands, d.brand, 'brand'),
          categoryId: requireId(refs.categories, d.category, 'category'),
          images: d.images,
          searchText: d.searchText,
          createdAt: d.createdAt,
          updatedAt: d.createdAt,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const idBySku = new Map(inserted.map((row) => [row.sku, row.id]));
    const offers = batch.flatMap((d) =>
      d.offers.map((o) => ({
        productId: idBySku.get(d.sku)!,
        country: o.country,
        price: o.price,
        oldPrice: o.oldPrice,
        quantity: o.quantity,
        updatedAt: d.createdAt,
      })),
    );
    const specs = batch.flatMap((d) =>
      d.specs.map((s) => ({
        productId: idBySku.get(d.sku)!,
        specificationId: requireId(refs.specifications, s.slug, 'specification'),
        value: s.value,
        valueNumber: s.valueNumber,
      })),
    );
    for (const rows of chunks(offers)) await db.insert(productOffers).values(rows);
    for (const rows of chunks(specs)) await db.insert(productSpecifications).values(rows);
  }
}
