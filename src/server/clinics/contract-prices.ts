/**
 * Contract prices (issue 37): which price a clinic's price list gives a product. Pure: the terms and the
 * product's place in the catalog are read by `contract-prices.queries.ts`.
 *
 * The most specific term wins: a fixed price of the SKU, else the discount of the deepest category of
 * the product's chain that has one (a category's discount covers its subtree), else the brand's
 * discount, else the list's overall discount, else the public price. Terms of one level that both apply
 * give the clinic the better one. A discounted price is rounded to the currency's step (whole som and
 * tenge, as the shop prices them), and no term ever makes a price higher than the public one.
 */
import type { CurrencyCode } from '../../shared/countries.ts';

export type PriceRuleScope = 'all' | 'brand' | 'category';
export const PRICE_RULE_SCOPES: readonly PriceRuleScope[] = ['all', 'brand', 'category'];

/** A discount of a price list: percent off the public price (a decimal string, 0 < percent < 100). */
export interface PriceRule {
  scope: PriceRuleScope;
  brandId: number | null;
  categoryId: number | null;
  percent: string;
}

/** What a price list says about the products of one read. */
export interface PriceTerms {
  rules: readonly PriceRule[];
  /** Fixed prices by product id (decimal strings in the list's country's currency). */
  fixed: ReadonlyMap<number, string>;
}

/** A product as the rule sees it. */
export interface PricedProduct {
  id: number;
  brandId: number | null;
  /** The product's category and those above it, root first (the product's own category last). */
  categoryPath: readonly number[];
  /** The public price, a decimal string; null when the product is not sold. */
  price: string | null;
}

/** The smallest step of a contract price per currency, in cents: whole units of som and tenge. */
export const CONTRACT_PRICE_STEP_CENTS: Record<CurrencyCode, bigint> = { KGS: 100n, KZT: 100n };

/** Which term gave a price, for tests and the staff's explanations. */
export type PriceSource = 'fixed' | 'category' | 'brand' | 'all' | 'public';

/** A non-negative decimal string with at most two decimals (as numeric(…, 2) columns give them) in hundredths. */
function toCents(amount: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: "${amount}"`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

function fromCents(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** Percent as hundredths of a percent (two decimals, as the column keeps them). */
function basisPoints(percent: string): bigint {
  return toCents(percent);
}

/** `cents` less `bp` hundredths of a percent, rounded half up to `step` cents. */
export function discounted(cents: bigint, bp: bigint, step: bigint): bigint {
  const exact = cents * (10_000n - bp); // in cents × 10 000
  const unit = step * 10_000n;
  return ((exact + unit / 2n) / unit) * step;
}

function best(rules: readonly PriceRule[]): bigint | null {
  let top: bigint | null = null;
  for (const rule of rules) {
    const bp = basisPoints(rule.percent);
    if (top === null || bp > top) top = bp;
  }
  return top;
}

/** The discount that applies to `product` (in hundredths of a percent) and its level, or null for none. */
export function applicableDiscount(
  terms: PriceTerms,
  product: Pick<PricedProduct, 'brandId' | 'categoryPath'>,
): { bp: bigint; source: Exclude<PriceSource, 'fixed' | 'public'> } | null {
  for (let depth = product.categoryPath.length - 1; depth >= 0; depth--) {
    const id = product.categoryPath[depth];
    const bp = best(terms.rules.filter((r) => r.scope === 'category' && r.categoryId === id));
    if (bp !== null) return { bp, source: 'category' };
  }
  if (product.brandId !== null) {
    const bp = best(terms.rules.filter((r) => r.scope === 'brand' && r.brandId === product.brandId));
    if (bp !== null) return { bp, source: 'brand' };
  }
  const bp = best(terms.rules.filter((r) => r.scope === 'all'));
  return bp === null ? null : { bp, source: 'all' };
}

/**
 * The clinic's price of `product` and where it came from; the public price (source `public`) when no term
 * applies or the product is not sold (null stays null: a price list never sells what the shop does not).
 */
export function contractPrice(
  terms: PriceTerms,
  product: PricedProduct,
  currency: CurrencyCode,
): { price: string | null; source: PriceSource } {
  if (product.price === null) return { price: null, source: 'public' };
  const publicCents = toCents(product.price);
  const fixed = terms.fixed.get(product.id);
  if (fixed !== undefined) {
    const cents = toCents(fixed);
    return { price: fromCents(cents < publicCents ? cents : publicCents), source: 'fixed' };
  }
  const discount = applicableDiscount(terms, product);
  if (!discount) return { price: product.price, source: 'public' };
  const cents = discounted(publicCents, discount.bp, CONTRACT_PRICE_STEP_CENTS[currency]);
  return { price: fromCents(cents < publicCents ? cents : publicCents), source: discount.source };
}

/** Terms that change nothing: what a visitor, or a member of a clinic without a price list, gets. */
export const NO_TERMS: PriceTerms = { rules: [], fixed: new Map() };
