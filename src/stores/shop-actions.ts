import { addedText, quantityNotice } from '~/islands/quantity/quantity.ts';
import { NOTICES, notifyError, notifySuccess, type ToastAction } from '~/islands/toasts/notify.ts';
import { $cart, addToCart, removeFromCart, toQuantity } from './cart.ts';
import { toggleFavourite } from './favourites.ts';

/**
 * What islands call when the visitor acts: the store action plus the toast the brief (§8) assigns to it.
 * Store actions stay free of UI, so changes from another tab or from code never toast.
 */

/**
 * Adds `quantity` units, all of them or none: with `available` (the stock, when the page knows it) a
 * quantity above what the cart may still take adds nothing and says why. The toast says how many were
 * added («Добавлено 10 шт.»). Returns the units added.
 */
export function addToCartAndNotify(id: number, quantity = 1, available?: number): number {
  const amount = toQuantity(quantity);
  const inCart = $cart.get().find((item) => item.id === id)?.quantity ?? 0;
  const notice = available === undefined ? '' : quantityNotice(amount, available, inCart);
  if (notice) {
    notifyError(notice, toCart());
    return 0;
  }
  addToCart(id, amount);
  notifySuccess(`${NOTICES.addedToCart}\n${addedText(amount, inCart + amount)}`, toCart());
  return amount;
}

/** A link of the header's (cart, favourites), so a toast leads where the header does, in the page's country. */
function headerLink(selector: string, label: string): ToastAction | undefined {
  const link = typeof document === 'undefined' ? null : document.querySelector<HTMLAnchorElement>(selector);
  return link ? { href: link.getAttribute('href')!, label } : undefined;
}

const toCart = () => headerLink('[data-cart-link]', 'Перейти в корзину');
const toFavourites = () => headerLink('[data-favourites-link]', 'Открыть избранное');

export function removeFromCartAndNotify(id: number): void {
  removeFromCart(id);
  notifySuccess(NOTICES.removedFromCart);
}

/** Returns whether the product is a favourite afterwards. */
export function toggleFavouriteAndNotify(id: number): boolean {
  const added = toggleFavourite(id);
  if (added) notifySuccess(NOTICES.addedToFavourites, toFavourites());
  else notifySuccess(NOTICES.removedFromFavourites);
  return added;
}
