/**
 * Putting many lines into the cart at once (a clinic's list, a repeated order, a quick order): what can be
 * sold now is added (as much as the country has in stock), the rest is said line by line.
 */
import type { CountryCode } from '~/shared/countries.ts';
import { STOCK_TEXT } from '~/shared/stock.ts';
import { addToCart } from '~/stores/cart.ts';

export interface LineToCart {
  id: number;
  name: string;
  sku: string;
  quantity: number;
  /** Null: not sold in the country. */
  price: string | null;
  stock: number;
}

export interface CartOutcome {
  /** Units added. */
  added: number;
  /** Lines added in part or not at all, in words. */
  problems: string[];
}

export function addLinesToCart(lines: readonly LineToCart[], country: CountryCode): CartOutcome {
  let added = 0;
  const problems: string[] = [];
  for (const line of lines) {
    const label = `${line.name} (арт. ${line.sku})`;
    if (line.price === null) problems.push(`${label}: ${STOCK_TEXT.notSold(country)}`);
    else if (line.stock <= 0) problems.push(`${label}: ${STOCK_TEXT.outOfStock}`);
    else {
      const quantity = Math.min(line.quantity, line.stock);
      addToCart(line.id, quantity);
      added += quantity;
      if (quantity < line.quantity)
        problems.push(`${label}: ${STOCK_TEXT.onlyAvailable(line.stock)} Добавлено ${quantity} из ${line.quantity}.`);
    }
  }
  return { added, problems };
}
