/**
 * A staff member's single edits of one product's offer in one country (the brief's
 * `products_availability/{sku}/`): create it, change its price, old price or stock, or stop selling
 * there. Each is a catalog change like any import: audited, summary, caches, back-in-stock alerts.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { queryRows } from '../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { writeCatalog, type CatalogWrite } from './catalog-write.ts';
import { lockOffers, removeOffers, setPrices, setStock, type CurrentOffer } from './offers.service.ts';

export const OFFER_TEXT = {
  noProduct: 'Товара с таким артикулом нет.',
  noOffer: 'Этот товар не продаётся в этой стране: создайте предложение (POST).',
  exists: 'Этот товар уже продаётся в этой стране: измените предложение (PATCH).',
  oldPriceNotAbove: 'Старая цена должна быть выше цены (или null, чтобы убрать её).',
} as const;

export interface OfferEdit {
  country: CountryCode;
  /** Decimal string, 2 places. */
  price?: string;
  oldPrice?: string | null;
  quantity?: number;
}

export interface EditedOffer {
  sku: string;
  country: CountryCode;
  price: string;
  oldPrice: string | null;
  quantity: number;
}

async function productBySku(write: CatalogWrite, sku: string) {
  const [row] = await queryRows<{ id: number; sku: string; category_id: number }>(
    write.tx,
    sql`select id, sku, category_id from products where sku = ${sku}`,
  );
  if (!row) throw new NotFoundError(OFFER_TEXT.noProduct);
  return { id: Number(row.id), sku: row.sku, categoryId: Number(row.category_id) };
}

function checkOldPrice(price: string, oldPrice: string | null) {
  if (oldPrice !== null && Number(oldPrice) <= Number(price))
    throw new ValidationError({ old_price: [OFFER_TEXT.oldPriceNotAbove] });
}

async function edit(
  sku: string,
  edit: OfferEdit,
  userId: number,
  apply: (
    write: CatalogWrite,
    product: { id: number; sku: string; categoryId: number },
    offer: CurrentOffer | null,
  ) => Promise<void>,
): Promise<EditedOffer | null> {
  return writeCatalog({ source: 'staff', userId }, async (write) => {
    const product = await productBySku(write, sku);
    const offer = (await lockOffers(write, edit.country, [product.id])).get(product.id) ?? null;
    await apply(write, product, offer);
    const after = (await lockOffers(write, edit.country, [product.id])).get(product.id);
    return after
      ? { sku, country: edit.country, price: after.price, oldPrice: after.oldPrice, quantity: after.quantity }
      : null;
  });
}

/** Starts selling a product in a country. @throws NotFoundError, ConflictError when it is sold there already */
export async function createOffer(
  sku: string,
  input: Required<Pick<OfferEdit, 'country' | 'price' | 'quantity'>> & Pick<OfferEdit, 'oldPrice'>,
  userId: number,
): Promise<EditedOffer> {
  const created = await edit(sku, input, userId, async (write, product, offer) => {
    if (offer) throw new ConflictError(OFFER_TEXT.exists);
    const oldPrice = input.oldPrice ?? null;
    checkOldPrice(input.price, oldPrice);
    await setPrices(write, input.country, [{ product, offer: null, price: input.price, oldPrice }]);
    const [made] = (await lockOffers(write, input.country, [product.id])).values();
    await setStock(write, input.country, [{ offer: made!, quantity: input.quantity }]);
  });
  return created!;
}

/** Changes an offer's price, old price or stock. @throws NotFoundError without the product or the offer */
export async function updateOffer(sku: string, input: OfferEdit, userId: number): Promise<EditedOffer> {
  const updated = await edit(sku, input, userId, async (write, product, offer) => {
    if (!offer) throw new NotFoundError(OFFER_TEXT.noOffer);
    if (input.price !== undefined || input.oldPrice !== undefined) {
      const price = input.price ?? offer.price;
      const oldPrice = input.oldPrice === undefined ? offer.oldPrice : input.oldPrice;
      checkOldPrice(price, oldPrice);
      await setPrices(write, input.country, [{ product, offer, price, oldPrice }]);
    }
    if (input.quantity !== undefined) await setStock(write, input.country, [{ offer, quantity: input.quantity }]);
  });
  return updated!;
}

/** Stops selling a product in a country. @throws NotFoundError without the product or the offer */
export async function deleteOffer(sku: string, country: CountryCode, userId: number): Promise<void> {
  await edit(sku, { country }, userId, async (write, _product, offer) => {
    if (!offer) throw new NotFoundError(OFFER_TEXT.noOffer);
    await removeOffers(write, country, [offer]);
  });
}
