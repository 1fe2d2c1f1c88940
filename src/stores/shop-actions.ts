import { stockNotice } from '~/shared/stock.ts';
import { NOTICES, notifyError, notifySuccess, type ToastAction } from '~/islands/toasts/notify.ts';
import { $cart, addToCart, removeFromCart } from './cart.ts';
import { toggleFavourite } from './favourites.ts';

/**
 * What islands call when the visitor acts: the store action plus the toast the brief (§8) assigns to it.
 * Store actions stay free of UI, so changes from another tab or from code never toast.
 */

/**
 * Adds to the cart at most what is in stock (`available`, when the page knows it), counting what the cart
 * already holds, and says so when the buyer gets less than asked. Returns the units added.
 */
export function addToCartAndNotify(id: number, quantity = 1, available?: number): number {
  const inCart = $cart.get().find((item) => item.id === id)?.quantity ?? 0;
  const room = available === undefined ? quantity : Math.max(0, available - inCart);
  const amount = Math.min(quantity, room);
  if (amount <= 0) {
    notifyError(stockNotice(available ?? 0, inCart), toCart());
    return 0;
  }
  addToCart(id, amount);
  notifySuccess(
    amount < quantity
      ? `${stockNotice(available ?? amount, 0)} В корзину добавлено ${amount} шт.`
      : NOTICES.addedToCart,
    toCart(),
  );
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
