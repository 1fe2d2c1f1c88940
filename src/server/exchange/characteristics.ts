/**
 * Characteristics of 1C (`ХарактеристикиТовара`, offers whose `Ид` is `product#characteristic`): the shop
 * has no variants inside a product; the shades, sizes and packs of one product line are products of their
 * own that share a `family`. So each characteristic 1C sends becomes its own SKU, made once (its `Ид` kept
 * in `exchange_ids`, so a later file finds it), a copy of its product (category, brand, description,
 * photos) named by its offer, with the product's family (the product's SKU when it had none); the product
 * itself, sold only through its characteristics, is hidden. Its SKU is the offer's `Артикул` when 1C gives
 * one of its own, else the product's SKU and the characteristic's words («GLOVE-100-M»).
 */
import { sql } from 'drizzle-orm';
import { slugify } from '../../shared/slug.ts';
import type { CatalogWrite } from '../catalog/catalog-write.ts';
import { intArray, queryRows, textArray } from '../db/client.ts';
import type { ProductRow } from '../imports/import.types.ts';
import { applyProductsPlan, planProducts } from '../imports/products-import.ts';
import type { OfferRecord } from './commerceml.ts';
import { loadIds, saveIds } from './exchange-ids.ts';
import { elementFailure } from './exchange-run.ts';

type Offer = OfferRecord & { line: number; sku: string };

interface Base {
  id: number;
  sku: string;
  name: string;
  category: string;
  brand: string | null;
  family: string | null;
  description: string;
  images: string[];
}

/**
 * Makes the products of the characteristics `offers` name that the shop does not have yet.
 * @returns how many were made
 */
export async function makeCharacteristics(
  write: CatalogWrite,
  filename: string,
  offers: readonly Offer[],
  baseIds: ReadonlyMap<string, number>,
  notes: string[],
): Promise<number> {
  const wanted = offers.filter((o) => o.offerId.includes('#') && baseIds.has(o.productId));
  if (!wanted.length) return 0;
  const known = await loadIds(
    write.tx,
    'product',
    wanted.map((o) => o.offerId),
  );
  const fresh = [...new Map(wanted.filter((o) => !known.has(o.offerId)).map((o) => [o.offerId, o])).values()];
  if (!fresh.length) return 0;
  const bases = new Map(
    (
      await queryRows<Omit<Base, 'id'> & { id: number }>(
        write.tx,
        sql`select p.id, p.sku, p.name, c.slug as category, b.slug as brand, p.family, p.description, p.images
            from products p join categories c on c.id = p.category_id left join brands b on b.id = p.brand_id
            where p.id = any(${intArray([...new Set(fresh.map((o) => baseIds.get(o.productId)!))])}::int[])`,
      )
    ).map((r) => [Number(r.id), { ...r, id: Number(r.id) }]),
  );
  const candidates = fresh.map((offer) => {
    const base = bases.get(baseIds.get(offer.productId)!)!;
    const words = offer.characteristics.length ? offer.characteristics : [offer.offerId.split('#')[1] ?? ''];
    const own = offer.sku && offer.sku !== base.sku ? offer.sku : '';
    const sku =
      own || `${base.sku}-${slugify(words.join('-')).toUpperCase() || offer.offerId.split('#')[1]}`.slice(0, 64);
    const name =
      offer.name && offer.name !== base.name ? offer.name : `${base.name} (${words.filter(Boolean).join(', ')})`;
    return { offer, base, sku, name };
  });
  // An SKU the shop already uses for another product: the characteristic's Ид tells them apart.
  const taken = new Set(
    (
      await queryRows<{ sku: string }>(
        write.tx,
        sql`select sku from products where sku = any(${textArray(candidates.map((c) => c.sku))}::text[])`,
      )
    ).map((r) => r.sku),
  );
  const used = new Set<string>();
  for (const c of candidates) {
    if (taken.has(c.sku) || used.has(c.sku)) c.sku = `${c.sku}-${c.offer.offerId.split('#')[1]!.slice(0, 8)}`;
    used.add(c.sku);
  }
  const rows: ProductRow[] = candidates.map(({ offer, base, sku, name }, index) => ({
    row: offer.line,
    index,
    item: `Предложение ${offer.offerId}`,
    sku,
    name,
    category: base.category,
    brand: base.brand,
    family: base.family ?? base.sku,
    isActive: true,
    ...(base.description ? { description: base.description } : {}),
    ...(base.images.length ? { images: base.images } : {}),
  }));
  // The product itself is sold through its characteristics: hidden, the head of their family.
  const heads = [...new Map(candidates.map((c) => [c.base.id, c.base])).values()];
  for (const base of heads)
    rows.push({ row: 0, index: rows.length, sku: base.sku, family: base.family ?? base.sku, isActive: false });
  const plan = await planProducts(write, rows);
  if (plan.errors.length) {
    const first = plan.errors[0]!;
    throw elementFailure(filename, first.row, first.message, first.item ?? null);
  }
  await applyProductsPlan(write, plan);
  const ids = new Map(
    (
      await queryRows<{ id: number; sku: string }>(
        write.tx,
        sql`select id, sku from products where sku = any(${textArray(candidates.map((c) => c.sku))}::text[])`,
      )
    ).map((r) => [r.sku, Number(r.id)]),
  );
  await saveIds(
    write.tx,
    'product',
    candidates.map((c) => ({ externalId: c.offer.offerId, localId: ids.get(c.sku) ?? null, value: null })),
  );
  notes.push(
    `Характеристики стали отдельными товарами (${candidates.length}): ${candidates
      .slice(0, 10)
      .map((c) => c.sku)
      .join(', ')}${candidates.length > 10 ? '…' : ''}; товары с характеристиками скрыты.`,
  );
  return plan.drafts.length;
}
