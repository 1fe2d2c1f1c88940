import type { CountryCode } from '~/shared/countries.ts';
import { STOCK_TEXT } from '~/shared/stock.ts';

/** A list line's availability in the cart's words: what the buyer is told before adding it to the cart. */
export function stockText(
  line: { price: string | null; stock: number; quantity: number },
  country: CountryCode,
): string {
  if (line.price === null) return STOCK_TEXT.notSold(country);
  if (line.stock <= 0) return STOCK_TEXT.outOfStock;
  if (line.stock < line.quantity) return STOCK_TEXT.onlyAvailable(line.stock);
  return `В наличии ${line.stock} шт.`;
}
