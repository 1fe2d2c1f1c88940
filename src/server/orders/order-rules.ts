/**
 * The pure rules of placing an order: which lines can be sold, at what price, and the totals. No
 * database here: `orders.service.ts` reads the offers (locked) and hands them in.
 */
import type { CountryCode } from '../../shared/countries.ts';
import { TAX_NUMBER, taxNumberProblem } from '../../shared/order-methods.ts';
import { stockProblem, stockProblemText } from '../../shared/stock.ts';
import type { ProductForOrder } from '../catalog/offers.service.ts';

export const MAX_LINE_QUANTITY = 999;
export const MAX_ORDER_LINES = 100;

export interface OrderItemInput {
  product: number;
  quantity: number;
}

/** A product's state for the order's country, as read (and locked) when ordering. */
export type OfferForOrder = ProductForOrder;

export interface PricedLine {
  position: number;
  productId: number;
  productName: string;
  productSlug: string;
  sku: string;
  unitPrice: string;
  /** The public price, when the line is priced below it with a clinic's contract price; else null. */
  listPrice: string | null;
  quantity: number;
  lineTotal: string;
}

/** Per line: `{}` when it is fine, else `{field: [messages]}`; the DRF shape of a list's errors. */
export type LineErrors = Record<string, string[]>[];

export const ORDER_TEXT = {
  unknownProduct: 'Такого товара нет в каталоге.',
  duplicate: 'Этот товар уже есть в заказе выше: измените количество в той строке.',
} as const;

/** Money as integer cents: prices are numeric(14,2) strings, so sums stay exact. */
export function toCents(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not a money amount: "${amount}"`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * Prices every line from the offers, or says what is wrong with each: a duplicate product, an
 * unknown, inactive or unsold product, or more than the stock. All lines or none: the caller
 * refuses the whole order when any line has an error.
 */
export function priceOrder(
  country: CountryCode,
  items: readonly OrderItemInput[],
  offers: ReadonlyMap<number, OfferForOrder>,
): { ok: true; lines: PricedLine[]; total: string } | { ok: false; errors: LineErrors } {
  const errors: LineErrors = items.map(() => ({}));
  const seen = new Set<number>();
  const lines: PricedLine[] = [];
  let total = 0n;
  items.forEach((item, position) => {
    const fail = (field: string, message: string) => (errors[position]![field] = [message]);
    if (seen.has(item.product)) return fail('product', ORDER_TEXT.duplicate);
    seen.add(item.product);
    const offer = offers.get(item.product);
    if (!offer) return fail('product', ORDER_TEXT.unknownProduct);
    if (!offer.isActive || offer.price === null)
      return fail('product', stockProblemText({ kind: 'not_sold' }, country));
    const problem = stockProblem(offer, item.quantity);
    if (problem) return fail('quantity', stockProblemText(problem, country));
    const lineTotal = toCents(offer.price) * BigInt(item.quantity);
    const listPrice = offer.listPrice ? toCents(offer.listPrice) : null;
    total += lineTotal;
    lines.push({
      position,
      productId: offer.productId,
      productName: offer.name,
      productSlug: offer.slug,
      sku: offer.sku,
      unitPrice: fromCents(toCents(offer.price)),
      listPrice: listPrice !== null && listPrice > toCents(offer.price) ? fromCents(listPrice) : null,
      quantity: item.quantity,
      lineTotal: fromCents(lineTotal),
    });
  });
  if (errors.some((e) => Object.keys(e).length > 0)) return { ok: false, errors };
  return { ok: true, lines, total: fromCents(total) };
}

/**
 * What a clinic's contract prices took off the public prices of these lines (`listPrice` − `unitPrice`,
 * times the quantity); null when no line was priced below the public price.
 */
export function contractSaving(
  lines: readonly Pick<PricedLine, 'unitPrice' | 'listPrice' | 'quantity'>[],
): string | null {
  let saved = 0n;
  for (const line of lines)
    if (line.listPrice !== null) saved += (toCents(line.listPrice) - toCents(line.unitPrice)) * BigInt(line.quantity);
  return saved > 0n ? fromCents(saved) : null;
}

export { TAX_NUMBER, taxNumberProblem };

/** `KG-000123`. */
export function orderNumber(country: CountryCode, id: number): string {
  return `${country.toUpperCase()}-${String(id).padStart(6, '0')}`;
}

/** What an order number looks like to a URL or a form: two letters, a hyphen, digits (`KG-000123`). */
export const ORDER_NUMBER_PATTERN = /^[A-Za-z]{2}-\d{1,12}$/;

export function isOrderNumber(text: string): boolean {
  return ORDER_NUMBER_PATTERN.test(text);
}
