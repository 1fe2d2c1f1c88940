/**
 * Writing offers (a product's price and stock in one country) inside a catalog change
 * (`catalog-write.ts`): reading them locked, setting prices and stock in bulk, taking stock for an
 * order and giving it back. Bulk statements pass whole columns as arrays, so an import of 100,000 rows
 * costs a few statements, not 100,000.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { intArray, queryRows, textArray } from '../db/client.ts';
import type { CatalogWrite, FieldChange } from './catalog-write.ts';

/** An offer as writers see it, with what they need to record a change (its SKU and category). */
export interface CurrentOffer {
  productId: number;
  sku: string;
  categoryId: number;
  /** Decimal string, 2 places. */
  price: string;
  oldPrice: string | null;
  quantity: number;
}

/** An offer row as `lockOffers` and `lockOffersBySku` select it. */
interface OfferRow {
  product_id: number;
  sku: string;
  category_id: number;
  price: string;
  old_price: string | null;
  quantity: number;
}

function toCurrentOffer(r: OfferRow): CurrentOffer {
  return {
    productId: Number(r.product_id),
    sku: r.sku,
    categoryId: Number(r.category_id),
    price: r.price,
    oldPrice: r.old_price,
    quantity: Number(r.quantity),
  };
}

/**
 * The offers of `productIds` in `country`, locked until the change commits (in product order, so two
 * writers never deadlock). Products without an offer there are missing from the map.
 */
export async function lockOffers(
  write: CatalogWrite,
  country: CountryCode,
  productIds: readonly number[],
  /** The products' SKUs and categories, when the caller has them already: the offers are read alone. */
  known?: ReadonlyMap<number, { sku: string; categoryId: number }>,
  /** `wait: false`: PostgreSQL refuses at once (55P03) when another transaction holds one of them. */
  { wait = true } = {},
): Promise<Map<number, CurrentOffer>> {
  if (!productIds.length) return new Map();
  const lock = wait ? sql`for update` : sql`for update nowait`;
  if (known && productIds.every((id) => known.has(id))) {
    const rows = await queryRows<Omit<OfferRow, 'sku' | 'category_id'>>(
      write.tx,
      sql`select product_id, price::text as price, old_price::text as old_price, quantity from product_offers
          where country = ${country} and product_id = any(${intArray(productIds)}::int[])
          order by product_id ${lock}`,
    );
    return new Map(
      rows.map((r) => {
        const product = known.get(Number(r.product_id))!;
        return [Number(r.product_id), toCurrentOffer({ ...r, sku: product.sku, category_id: product.categoryId })];
      }),
    );
  }
  const rows = await queryRows<OfferRow>(
    write.tx,
    sql`select o.product_id, p.sku, p.category_id, o.price::text as price, o.old_price::text as old_price, o.quantity
        from product_offers o join products p on p.id = o.product_id
        where o.country = ${country} and o.product_id = any(${intArray(productIds)}::int[])
        order by o.product_id ${wait ? sql`for update of o` : sql`for update of o nowait`}`,
  );
  return new Map(rows.map((r) => [Number(r.product_id), toCurrentOffer(r)]));
}

/** A product an order asks for, with its offer in the country (locked) or none (orders' `OfferForOrder`). */
export interface ProductForOrder {
  productId: number;
  name: string;
  slug: string;
  sku: string;
  isActive: boolean;
  /** Where the product stands in the catalog, for a clinic's contract price. */
  brandId?: number | null;
  categoryId?: number;
  /** Decimal string; null when the product is not sold in the country. */
  price: string | null;
  /** The public price, when `price` is a clinic's contract price. */
  listPrice?: string | null;
  stock: number;
}

/**
 * The products of `productIds` with their offers in `country`, the offers locked as `lockOffers` locks
 * them (in product order), in one statement: an order reads both under one round trip. Unknown ids are
 * missing; a product not sold in the country has no price.
 */
export async function lockOffersForOrder(
  write: CatalogWrite,
  country: CountryCode,
  productIds: readonly number[],
): Promise<ProductForOrder[]> {
  if (!productIds.length) return [];
  const rows = await queryRows<{
    id: number;
    name: string;
    slug: string;
    sku: string;
    is_active: boolean;
    brand_id: number | null;
    category_id: number;
    price: string | null;
    quantity: number | null;
  }>(
    write.tx,
    sql`with locked as materialized (
          select o.product_id, o.price::text as price, o.quantity from product_offers o
          where o.country = ${country} and o.product_id = any(${intArray(productIds)}::int[])
          order by o.product_id for update
        )
        select p.id, p.name, p.slug, p.sku, p.is_active, p.brand_id, p.category_id, l.price, l.quantity
        from products p left join locked l on l.product_id = p.id
        where p.id = any(${intArray(productIds)}::int[])`,
  );
  return rows.map((r) => ({
    productId: Number(r.id),
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    isActive: r.is_active,
    brandId: r.brand_id === null ? null : Number(r.brand_id),
    categoryId: Number(r.category_id),
    price: r.price,
    stock: Number(r.quantity ?? 0),
  }));
}

/**
 * The offers of the products with these SKUs in `country`, locked as `lockOffers` locks them, found by
 * SKU in one statement (an import's 100,000 SKUs). SKUs without an offer there are missing.
 */
export async function lockOffersBySku(
  write: CatalogWrite,
  country: CountryCode,
  skus: readonly string[],
): Promise<Map<string, CurrentOffer>> {
  if (!skus.length) return new Map();
  const rows = await queryRows<OfferRow>(
    write.tx,
    sql`select o.product_id, p.sku, p.category_id, o.price::text as price, o.old_price::text as old_price, o.quantity
        from products p join product_offers o on o.product_id = p.id and o.country = ${country}
        where p.sku = any(${textArray(skus)}::text[])
        order by o.product_id for update of o`,
  );
  return new Map(rows.map((r) => [r.sku, toCurrentOffer(r)]));
}

/** Every offer of a country, locked (an import in `replace` mode zeroes the ones its file leaves out). */
export async function lockCountryOffers(write: CatalogWrite, country: CountryCode): Promise<CurrentOffer[]> {
  const rows = await queryRows<{ product_id: number }>(
    write.tx,
    sql`select product_id from product_offers where country = ${country}`,
  );
  return [
    ...(
      await lockOffers(
        write,
        country,
        rows.map((r) => Number(r.product_id)),
      )
    ).values(),
  ];
}

/** New stock for an offer that exists, with the stock it had when it was locked. */
export interface StockChange {
  offer: CurrentOffer;
  quantity: number;
}

/**
 * Sets the stock of existing offers (already locked with `lockOffers`); records each change and wakes
 * back-in-stock alerts for those that come back from zero.
 */
export async function setStock(write: CatalogWrite, country: CountryCode, changes: readonly StockChange[]) {
  await setOffers(
    write,
    country,
    changes.map(({ offer, quantity }) => ({
      product: { id: offer.productId, sku: offer.sku, categoryId: offer.categoryId },
      offer,
      quantity,
    })),
  );
}

/** A price to set: on an existing offer (`offer`), or a new offer with stock 0 (`product` only). */
export interface PriceChange {
  product: { id: number; sku: string; categoryId: number };
  offer: CurrentOffer | null;
  /** Decimal string, 2 places. */
  price: string;
  /** Undefined: the old price stays as it is. */
  oldPrice?: string | null;
}

/**
 * Sets prices (and old prices), creating the offer with stock 0 where the product had none in the
 * country; records each changed field and refreshes the summary of the categories touched.
 */
export async function setPrices(write: CatalogWrite, country: CountryCode, changes: readonly PriceChange[]) {
  await setOffers(write, country, changes);
}

/**
 * What to write to one product's offer in a country: a field left undefined stays as it is. A product
 * without an offer there (`offer` null) gets one when a price is given (stock 0 unless `quantity` says).
 */
export interface OfferChange {
  product: { id: number; sku: string; categoryId: number };
  offer: CurrentOffer | null;
  /** Decimal string, 2 places. */
  price?: string;
  oldPrice?: string | null;
  quantity?: number;
}

/**
 * Writes prices, old prices and stock together (offers already locked with `lockOffers`): one `UPDATE`
 * for the offers that exist, so a row whose price and stock both change is written once, and one
 * `INSERT` for the new ones. Records each changed field; a price refreshes its category's summary, a
 * stock that crosses zero changes listings (and wakes back-in-stock alerts when it comes back), any
 * other stock change drops only the products' own cached entries.
 */
export async function setOffers(write: CatalogWrite, country: CountryCode, changes: readonly OfferChange[]) {
  const audit: FieldChange[] = [];
  const updated: { id: number; price: string; oldPrice: string | null; quantity: number }[] = [];
  const created: { id: number; categoryId: number; price: string; oldPrice: string | null; quantity: number | null }[] =
    [];
  /** Categories where only prices of offers they had moved. */
  const priced = new Set<number>();
  const stockMoved: number[] = [];
  let listingsMoved = false;
  let restocked = false;
  for (const change of changes) {
    const { product, offer } = change;
    const price = change.price ?? offer?.price;
    if (price === undefined) continue;
    const oldPrice = change.oldPrice === undefined ? (offer?.oldPrice ?? null) : change.oldPrice;
    const before = offer?.quantity ?? 0;
    const quantity = change.quantity ?? before;
    const field = (name: string, from: string | null, to: string | null) => {
      if (from !== to)
        audit.push({ productId: product.id, sku: product.sku, country, field: name, oldValue: from, newValue: to });
    };
    if (!offer) field('offer', null, 'sold');
    field('price', offer?.price ?? null, price);
    field('old_price', offer?.oldPrice ?? null, oldPrice);
    field('quantity', String(before), String(quantity));
    const repriced = !!offer && (offer.price !== price || offer.oldPrice !== oldPrice);
    if (repriced) priced.add(product.categoryId);
    if (quantity !== before) {
      // In stock or out of it changes what listings show; a count alone changes only the products' own entries.
      if (before <= 0 !== quantity <= 0) listingsMoved = true;
      else stockMoved.push(product.id);
      if (before <= 0 && quantity > 0) restocked = true;
    }
    if (!offer)
      created.push({
        id: product.id,
        categoryId: product.categoryId,
        price,
        oldPrice,
        quantity: change.quantity ?? null,
      });
    else if (repriced || quantity !== before) updated.push({ id: product.id, price, oldPrice, quantity });
  }
  // Recorded before the statements run (a failed one rolls the whole change back): a caller may send the
  // audit rows (`writeJournal`) while these statements are still on their way.
  if (priced.size) write.touchPrices(priced, country);
  if (listingsMoved) write.markChanged();
  else if (stockMoved.length) write.markStockMoved(stockMoved);
  if (restocked) write.markRestocked();
  write.record(audit);
  if (updated.length)
    await write.tx.execute(sql`
      update product_offers o
      set price = v.price, old_price = v.old_price, quantity = v.quantity, updated_at = now()
      from unnest(${intArray(updated.map((r) => r.id))}::int[], ${textArray(updated.map((r) => r.price))}::numeric[],
                  ${textArray(updated.map((r) => r.oldPrice))}::numeric[], ${intArray(updated.map((r) => r.quantity))}::int[])
        as v(product_id, price, old_price, quantity)
      where o.product_id = v.product_id and o.country = ${country}`);
  // Offers another writer made meanwhile (they could not be locked) take the price, and the stock if given.
  for (const withStock of [false, true]) {
    const rows = created.filter((r) => (r.quantity !== null) === withStock);
    if (!rows.length) continue;
    const made = await queryRows<{ product_id: number; inserted: boolean }>(
      write.tx,
      sql`
      insert into product_offers (product_id, country, price, old_price, quantity)
      select v.product_id, ${country}, v.price, v.old_price, coalesce(v.quantity, 0)
      from unnest(${intArray(rows.map((r) => r.id))}::int[], ${textArray(rows.map((r) => r.price))}::numeric[],
                  ${textArray(rows.map((r) => r.oldPrice))}::numeric[],
                  ${textArray(rows.map((r) => (r.quantity === null ? null : String(r.quantity))))}::int[])
        as v(product_id, price, old_price, quantity)
      on conflict (product_id, country) do update
        set price = excluded.price, old_price = excluded.old_price, updated_at = now()
        ${withStock ? sql`, quantity = excluded.quantity` : sql``}
      returning product_id, xmax = 0 as inserted`,
    );
    // An offer found there (another writer made it meanwhile) is in the summary already: its price moved.
    const categoryOf = new Map(rows.map((r) => [r.id, r.categoryId]));
    const product = (r: { product_id: number }) => ({
      id: Number(r.product_id),
      categoryId: categoryOf.get(Number(r.product_id))!,
    });
    write.addOffered(country, made.filter((r) => r.inserted).map(product));
    const found = made.filter((r) => !r.inserted).map((r) => product(r).categoryId);
    if (found.length) write.touchPrices(found, country);
  }
}

/** Stops selling products in a country: their offers go (price, stock and all). */
export async function removeOffers(write: CatalogWrite, country: CountryCode, offers: readonly CurrentOffer[]) {
  if (!offers.length) return;
  await write.tx.execute(
    sql`delete from product_offers where country = ${country}
        and product_id = any(${intArray(offers.map((o) => o.productId))}::int[])`,
  );
  write.touchCategories(
    offers.map((o) => o.categoryId),
    country,
  );
  write.record(
    offers.flatMap((o) => [
      { productId: o.productId, sku: o.sku, country, field: 'offer', oldValue: 'sold', newValue: null },
      { productId: o.productId, sku: o.sku, country, field: 'price', oldValue: o.price, newValue: null },
      { productId: o.productId, sku: o.sku, country, field: 'quantity', oldValue: String(o.quantity), newValue: null },
    ]),
  );
}

/**
 * Takes stock for an order's lines (already checked against locked offers): one statement for all of
 * them. A product that ran out empties the caches, so listings do not show it as available.
 */
export async function takeStock(
  write: CatalogWrite,
  country: CountryCode,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  if (!lines.length) return;
  const left = await queryRows<{ product_id: number; quantity: number }>(
    write.tx,
    sql`update product_offers o set quantity = o.quantity - v.quantity, updated_at = now()
        from unnest(${intArray(lines.map((l) => l.productId))}::int[], ${intArray(lines.map((l) => l.quantity))}::int[])
          as v(product_id, quantity)
        where o.product_id = v.product_id and o.country = ${country}
        returning o.product_id, o.quantity`,
  );
  // A shopper must not see a count larger than what is left, nor a product that ran out as available.
  if (left.some((r) => Number(r.quantity) <= 0)) write.markChanged();
  else write.markStockMoved(left.map((r) => Number(r.product_id)));
}

/** Gives an order's stock back (a cancellation); offers that no longer exist get nothing. */
export async function returnStock(
  write: CatalogWrite,
  country: CountryCode,
  lines: readonly { productId: number; quantity: number }[],
): Promise<void> {
  if (!lines.length) return;
  const back = await queryRows<{ product_id: number; quantity: number; returned: number }>(
    write.tx,
    sql`update product_offers o set quantity = o.quantity + v.quantity, updated_at = now()
        from unnest(${intArray(lines.map((l) => l.productId))}::int[], ${intArray(lines.map((l) => l.quantity))}::int[])
          as v(product_id, quantity)
        where o.product_id = v.product_id and o.country = ${country}
        returning o.product_id, o.quantity, v.quantity as returned`,
  );
  if (!back.length) return;
  // A product back from nothing shows again in listings (and may have people waiting for it).
  if (back.some((r) => Number(r.quantity) === Number(r.returned))) write.markRestocked();
  else write.markStockMoved(back.map((r) => Number(r.product_id)));
}
