import { plural, POSITIONS } from './plural.ts';

/**
 * What a cart or an order holds, said one way everywhere (the cart, checkout, the order, the orders list,
 * the mails): its lines and its units apart, «2 позиции, 3 шт.», since «3 товара» read as three products
 * when it meant three units of two.
 */
export function goodsCount(lines: readonly { quantity: number }[]): string {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${plural(lines.length, POSITIONS)}, ${units.toLocaleString('ru-RU')} шт.`;
}
