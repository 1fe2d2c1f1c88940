/**
 * The quantity field's rules (issue 36, item 1), for every place a buyer types how many: the product page
 * and the cart (React, `use-quantity-field.ts`, `QuantityField.tsx`) and the product cards (the cards'
 * page script, `browser/product-cards.ts`). The field may be empty while typed; the number typed is taken
 * as it is, and a number above the stock is said beside the field, never cut to it.
 */
import { STOCK_TEXT } from '~/shared/stock.ts';

/** More digits than any stock: a longer number is a slip of the finger, not an order. */
const MAX_DIGITS = 5;

/** What the field keeps of what was typed: digits only (a pasted «10 шт.» is 10), at most five. */
export function typedDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, MAX_DIGITS);
}

/** The quantity typed, or null while there is none to take (empty, or only zeros). */
export function typedQuantity(text: string): number | null {
  const n = Number.parseInt(typedDigits(text), 10);
  return Number.isFinite(n) && n >= 1 ? n : null;
}

/**
 * What the field says beside itself when `wanted` is more than can be added (`available` in stock, of which
 * `inCart` are in the cart already), or '' when it can be added.
 */
export function quantityNotice(wanted: number, available: number, inCart = 0): string {
  const room = Math.max(0, available - inCart);
  if (wanted <= room) return '';
  if (room === 0 && inCart > 0) return STOCK_TEXT.allInCart(available);
  return inCart > 0
    ? `${STOCK_TEXT.onlyAvailable(available)}, ${inCart} из них уже в корзине.`
    : STOCK_TEXT.onlyAvailable(available);
}

/** The toast's second line: «Добавлено 10 шт.», and what the cart holds now when it held some before. */
export function addedText(amount: number, inCartNow: number): string {
  return inCartNow > amount ? `Добавлено ${amount} шт., в корзине ${inCartNow} шт.` : `Добавлено ${amount} шт.`;
}

/** The next quantity a step of the − and + buttons gives: never below 1. */
export function steppedQuantity(current: number, step: 1 | -1): number {
  return Math.max(1, current + step);
}
