import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import {
  categoryCompanions,
  categories,
  orderLines,
  productOffers,
  products,
  productSpecifications,
  specifications,
} from '../db/schema/index.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { compareSizes } from '../../shared/sizes.ts';

/** One product of a family (its shades, sizes, packs), told apart by `label`. */
export interface FamilyMember {
  id: number;
  slug: string;
  name: string;
  /** What sets it apart from the rest of the family: «A2», «4 г», «50 шт.»... */
  label: string;
  /** Sold in the country with stock. */
  inStock: boolean;
  /** Offered in the country at all (with a price). */
  available: boolean;
  current: boolean;
}

/** A family is shown up to this many members; the demo's large catalog makes some very long. */
const FAMILY_LIMIT = 40;

/**
 * The family of a product, itself included and marked `current`; empty when the product has no family
 * or is its family's only active member. Members follow what sets them apart, as sizes sort (XS, S, M, L;
 * «№ 2» before «№ 10»: `shared/sizes.ts`), so article numbers need not be in size order.
 */
export async function loadFamily(
  db: Db,
  productId: number,
  family: string | null,
  country: CountryCode,
): Promise<FamilyMember[]> {
  if (!family) return [];
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      price: productOffers.price,
      quantity: productOffers.quantity,
    })
    .from(products)
    .leftJoin(productOffers, and(eq(productOffers.productId, products.id), eq(productOffers.country, country)))
    .where(and(eq(products.family, family), eq(products.isActive, true)))
    .orderBy(asc(products.sku), asc(products.id))
    .limit(FAMILY_LIMIT);
  if (rows.length < 2) return [];

  const specRows = await db
    .select({
      productId: productSpecifications.productId,
      slug: specifications.slug,
      name: specifications.name,
      unit: specifications.unit,
      position: specifications.position,
      value: productSpecifications.value,
    })
    .from(productSpecifications)
    .innerJoin(specifications, eq(specifications.id, productSpecifications.specificationId))
    .where(
      inArray(
        productSpecifications.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(specifications.position), asc(specifications.slug));
  const labels = distinguishingLabels(
    rows.map((r) => r.id),
    rows.map((r) => r.name),
    specRows,
  );
  return rows
    .map((r, index) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      label: labels[index]!,
      available: r.price !== null,
      inStock: r.price !== null && (r.quantity ?? 0) > 0,
      current: r.id === productId,
    }))
    .sort((a, b) => compareSizes(a.label, b.label));
}

/**
 * For each product, the values of the specifications that differ within the family («A2», «4 г»), or, when
 * the specifications do not tell them apart, the part of the name after what all names share. When two or
 * more differ, each value says what it is («Ø 4 мм · длина 10 мм», not «4 мм · 10 мм»).
 */
export function distinguishingLabels(
  ids: number[],
  names: string[],
  specRows: { productId: number; slug: string; name?: string; unit: string | null; value: string }[],
): string[] {
  const valuesOf = new Map<number, Map<string, string>>(ids.map((id) => [id, new Map()]));
  const order: string[] = [];
  const specNames = new Map<string, string>();
  for (const row of specRows) {
    const values = valuesOf.get(row.productId);
    if (!values) continue;
    if (!order.includes(row.slug)) order.push(row.slug);
    if (row.name) specNames.set(row.slug, row.name);
    const text = row.unit ? `${row.value} ${row.unit}` : row.value;
    values.set(row.slug, values.has(row.slug) ? `${values.get(row.slug)}, ${text}` : text);
  }
  const differing = order.filter((slug) => new Set(ids.map((id) => valuesOf.get(id)!.get(slug) ?? '')).size > 1);
  const named = (slug: string, value: string) => {
    const name = specNames.get(slug);
    if (differing.length < 2 || !name) return value;
    return /^диаметр/i.test(name) ? `Ø ${value}` : `${name.toLowerCase()} ${value}`;
  };
  const fromSpecs = ids.map((id) =>
    differing
      .flatMap((slug) => {
        const value = valuesOf.get(id)!.get(slug);
        return value ? [named(slug, value)] : [];
      })
      .join(' · '),
  );
  if (differing.length && new Set(fromSpecs).size === ids.length) return fromSpecs;
  const prefix = commonPrefix(names);
  return names.map((name) => name.slice(prefix).replace(/^[\s,.:—-]+/, '') || name);
}

function commonPrefix(names: string[]): number {
  const first = names[0] ?? '';
  let end = first.length;
  for (const name of names) {
    let i = 0;
    while (i < end && name[i] === first[i]) i++;
    end = i;
  }
  // Cut at a word boundary, so «шприц 4 г» and «шприц 4,5 г» keep their numbers whole.
  const space = first.lastIndexOf(' ', end);
  return end === first.length ? end : Math.max(0, space);
}

/**
 * Products bought together with this one (lines of the same orders, most frequent first), sold and in stock
 * in the country; topped up from the category's companions (`category_companions`: a composite's adhesive,
 * etching gel and polishing discs, in the staff's order; the parent category's when it has none) when orders
 * say too little, never from the neighbouring categories, which hold substitutes. `sameCategory`: the
 * category's other families, cheapest first.
 */
export async function loadRelatedIds(
  productId: number,
  family: string | null,
  categoryId: number,
  country: CountryCode,
  limit = 8,
): Promise<{ boughtWith: number[]; sameCategory: number[] }> {
  const db = await getDb();
  const sameFamily = family ? sql`coalesce(${products.family}, '') <> ${family}` : sql`true`;
  const inStock = and(
    eq(productOffers.productId, products.id),
    eq(productOffers.country, country),
    sql`${productOffers.quantity} > 0`,
  );
  // The category's own companions, else its parent's; by their position, each companion's products cheapest first.
  const companionOf = sql`(select cc.companion_id, cc.position from ${categoryCompanions} cc
    where cc.category_id = coalesce(
      (select ${categoryId}::int where exists (select 1 from ${categoryCompanions} where category_id = ${categoryId})),
      (select ${categories.parentId} from ${categories} where ${categories.id} = ${categoryId})))`;
  const [bought, category, neighbours] = await Promise.all([
    db
      .select({ id: products.id, times: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .innerJoin(productOffers, inStock)
      .where(
        and(
          sql`${orderLines.orderId} in (select ${orderLines.orderId} from ${orderLines} where ${orderLines.productId} = ${productId})`,
          ne(products.id, productId),
          eq(products.isActive, true),
          sameFamily,
        ),
      )
      .groupBy(products.id)
      .orderBy(sql`count(*) desc`, asc(products.id))
      .limit(limit),
    db
      .select({ id: products.id, family: products.family })
      .from(products)
      .innerJoin(productOffers, inStock)
      .where(
        and(eq(products.categoryId, categoryId), ne(products.id, productId), eq(products.isActive, true), sameFamily),
      )
      .orderBy(asc(productOffers.price), asc(products.id))
      .limit(limit * 4),
    db
      .select({ id: products.id, family: products.family, categoryId: products.categoryId })
      .from(products)
      .innerJoin(productOffers, inStock)
      .innerJoin(sql`${companionOf} as companion`, sql`companion.companion_id = ${products.categoryId}`)
      .where(and(eq(products.isActive, true), ne(products.id, productId)))
      .orderBy(sql`companion.position`, asc(productOffers.price), asc(products.id))
      .limit(limit * 4),
  ]);
  const boughtWith = bought.map((row) => row.id);
  const topUp = takeInTurn(neighbours).filter((id) => !boughtWith.includes(id));
  return {
    boughtWith: [...boughtWith, ...topUp].slice(0, limit),
    sameCategory: onePerFamily(category).slice(0, limit),
  };
}

/**
 * One product per family, the companion categories taking turns (an adhesive, an etching gel, a polishing
 * disc, then the next adhesive), so one companion does not fill the row.
 */
function takeInTurn(rows: { id: number; family: string | null; categoryId: number }[]): number[] {
  const kept = new Set(onePerFamily(rows));
  const queues = new Map<number, number[]>();
  for (const row of rows)
    if (kept.has(row.id)) queues.set(row.categoryId, [...(queues.get(row.categoryId) ?? []), row.id]);
  const order: number[] = [];
  for (let round = 0; order.length < kept.size; round += 1)
    for (const queue of queues.values()) if (queue[round] !== undefined) order.push(queue[round]!);
  return order;
}

/** One product per family, so five shades of one composite do not fill a row. */
function onePerFamily(rows: { id: number; family: string | null }[]): number[] {
  const seen = new Set<string>();
  return rows
    .filter((row) => {
      if (!row.family) return true;
      if (seen.has(row.family)) return false;
      seen.add(row.family);
      return true;
    })
    .map((row) => row.id);
}
