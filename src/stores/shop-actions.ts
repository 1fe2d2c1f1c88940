import { NOTICES, notifySuccess } from '~/lib/notify.ts';
import { addToCart, removeFromCart } from './cart.ts';
import { toggleFavourite } from './favourites.ts';

/**
 * What islands call when the visitor acts: the store action plus the toast the brief (§8) assigns to it.
 * Store actions stay free of UI, so changes from another tab or from code never toast.
 */

export function addToCartAndNotify(id: number, quantity = 1): void {
  addToCart(id, quantity);
  notifySuccess(NOTICES.addedToCart);
}

export function removeFromCartAndNotify(id: number): void {
  removeFromCart(id);
  notifySuccess(NOTICES.removedFromCart);
}

/** Returns whether the product is a favourite afterwards. */
export function toggleFavouriteAndNotify(id: number): boolean {
  const added = toggleFavourite(id);
  notifySuccess(added ? NOTICES.addedToFavourites : NOTICES.removedFromFavourites);
  return added;
}
