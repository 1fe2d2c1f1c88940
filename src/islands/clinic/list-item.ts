import type { LineToCart } from './to-cart.ts';

/** A line of a clinic's list as its page hands it to the islands: the product as the country sells it. */
export interface ListItem extends LineToCart {
  href: string;
  /** The photo's address at the row's size. */
  imageSrc: string;
  /** The price in words («1 250 сом»), or null when not sold in the country. */
  priceText: string | null;
}

/** The API's lines of a list: products and quantities, in their order. */
export const toListItems = (items: readonly { id: number; quantity: number }[]) =>
  items.map((item) => ({ product: item.id, quantity: item.quantity }));
