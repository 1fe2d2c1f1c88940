/**
 * The stock rule every place that takes a quantity applies (the product page, the cart, checkout and
 * the order itself on the server), and the words for what it finds.
 */
import { COUNTRIES, type CountryCode } from './countries.ts';

/** What a wanted quantity meets: nothing wrong, a product not sold in the country, none in stock, or less than wanted. */
export type StockProblem = { kind: 'not_sold' } | { kind: 'out_of_stock' } | { kind: 'too_many'; available: number };

/**
 * Checks `wanted` units against an offer. `offer` null: the product is not sold in the country (no
 * price there, inactive, or unknown).
 */
export function stockProblem(offer: { stock: number } | null, wanted: number): StockProblem | null {
  if (!offer) return { kind: 'not_sold' };
  if (offer.stock <= 0) return { kind: 'out_of_stock' };
  if (wanted > offer.stock) return { kind: 'too_many', available: offer.stock };
  return null;
}

export const STOCK_TEXT = {
  notSold: (country: CountryCode) => `Товар не продаётся ${COUNTRIES[country].inName}.`,
  outOfStock: 'Товара нет в наличии.',
  onlyAvailable: (available: number) => `Доступно только ${available} шт.`,
  /** The cart already holds every unit there is. */
  allInCart: (available: number) => `В корзине уже все ${available} шт., что есть в наличии.`,
} as const;

/** The sentence for a problem, as the order's field error and the checkout line say it. */
export function stockProblemText(problem: StockProblem, country: CountryCode): string {
  switch (problem.kind) {
    case 'not_sold':
      return STOCK_TEXT.notSold(country);
    case 'out_of_stock':
      return STOCK_TEXT.outOfStock;
    case 'too_many':
      return STOCK_TEXT.onlyAvailable(problem.available);
  }
}
