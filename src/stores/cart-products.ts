/**
 * The cart's products, fetched for the current country: what the cart page shows. Kept apart from
 * `cart.ts` so the page script, which only counts the cart, does not ship the API client.
 */
import { computed } from 'nanostores';
import type { CountryCode, CurrencyCode, ProductListItem } from '~/lib/api/types.ts';
import { $cart, $cartIds, type CartItem } from './cart.ts';
import { createProductLookup } from './product-lookup.ts';

/** A cart line joined with its product; `product` is undefined while loading or when it is not sold in the country. */
export interface CartLine extends CartItem {
  product: ProductListItem | undefined;
}

const lookup = createProductLookup();

/** Loading state of the cart's product details for the current country. */
export const $cartProductsState = lookup.$lookup;
/** Cart products by id for the current country (memory only). */
export const $cartProducts = computed(lookup.$lookup, (state) => state.byId);

/** Fetches the cart's products for `country`; call on mount and when the country or the cart's ids change. */
export function loadCartProducts(country: CountryCode): Promise<void> {
  return lookup.load($cartIds.get(), country);
}

export const $cartLines = computed([$cart, $cartProducts], (items, products): CartLine[] =>
  items.map((item) => ({ ...item, product: products[item.id] })),
);

export interface CartSubtotal {
  /** In `currency`, summed over the lines whose product and price are known. */
  amount: number;
  currency: CurrencyCode;
  /** Lines left out: still loading, not sold in the country, out of stock, or without a price. */
  missing: number;
  /** Lines that can be ordered now: sold in the country, priced and in stock. */
  orderable: number;
}

/** Indicative total for display only; the server recomputes every price when the order is placed. */
export function cartSubtotal(lines: readonly CartLine[]): CartSubtotal | null {
  let amount = 0;
  let currency: CurrencyCode | null = null;
  let missing = 0;
  let orderable = 0;
  for (const line of lines) {
    const price = line.product?.price == null ? NaN : Number(line.product.price);
    if (!line.product || !Number.isFinite(price) || !line.product.in_stock) {
      missing += 1;
      continue;
    }
    currency ??= line.product.currency;
    amount += price * line.quantity;
    orderable += 1;
  }
  return currency === null ? null : { amount, currency, missing, orderable };
}

export const $cartSubtotal = computed($cartLines, cartSubtotal);
