import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { productSpecifications, products, specifications } from '../db/schema/index.ts';

export interface ComparedSpecification {
  slug: string;
  name: string;
  unit: string | null;
}

export interface ProductComparison {
  /** Every filter specification some of the products have, in the shop's order of specifications. */
  specifications: ComparedSpecification[];
  /** The active products asked for, in the order asked; several values of one specification joined («A1, A2»). */
  products: { id: number; values: Record<string, string> }[];
}

/**
 * The filter specifications (those a category's listing filters by) of active products, for comparing them
 * side by side (the favourites' table, issue 36). Ids that are no active product are left out.
 */
export async function compareProducts(ids: readonly number[]): Promise<ProductComparison> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { specifications: [], products: [] };
  const db = await getDb();
  const [rows, found] = await Promise.all([
    db
      .select({
        id: productSpecifications.productId,
        slug: specifications.slug,
        name: specifications.name,
        unit: specifications.unit,
        value: productSpecifications.value,
      })
      .from(productSpecifications)
      .innerJoin(specifications, eq(specifications.id, productSpecifications.specificationId))
      .where(and(inArray(productSpecifications.productId, unique), eq(specifications.isFilter, true)))
      .orderBy(
        asc(specifications.position),
        asc(specifications.name),
        asc(productSpecifications.valueNumber),
        asc(productSpecifications.value),
      ),
    db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, unique), eq(products.isActive, true))),
  ]);
  const values = new Map<number, Record<string, string>>(found.map(({ id }) => [id, {}]));
  const shown = new Map<string, ComparedSpecification>();
  for (const row of rows) {
    const own = values.get(row.id);
    if (!own) continue;
    own[row.slug] = own[row.slug] ? `${own[row.slug]}, ${row.value}` : row.value;
    if (!shown.has(row.slug)) shown.set(row.slug, { slug: row.slug, name: row.name, unit: row.unit });
  }
  return {
    specifications: [...shown.values()],
    products: unique.filter((id) => values.has(id)).map((id) => ({ id, values: values.get(id)! })),
  };
}
