/** A link in a toast to what the toast is about: «Перейти в корзину» after adding to the cart, and the like. */
export interface ToastAction {
  href: string;
  label: string;
}
