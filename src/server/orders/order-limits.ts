/**
 * What one account may hold in orders the shop has not confirmed yet, and how often it may order: the
 * limits against hoarding a country's stock (README, Security). Every figure is here; the rules are
 * pure, `orders.service.ts` reads the account's open orders (under a lock on the account) and hands
 * them in.
 *
 * The figures: a clinic's real order is tens of units of a product and a few orders a week, and a
 * manager confirms each within a working day. So the limits stop nobody who orders for a clinic, and
 * stop one account from taking a shelf: at most 100 units of a product, 5 orders and about ten
 * thousand dollars' worth waiting for confirmation at once; an order the manager has confirmed no
 * longer counts, and one nobody confirms within 72 hours (a weekend included) is cancelled and its
 * stock returned.
 */
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';
import { plural } from '../../shared/plural.ts';
import { env } from '../env.ts';
import type { RateLimit } from '../security/rate-limit.ts';
import { toCents, type LineErrors, type PricedLine } from './order-rules.ts';

export const ORDER_LIMITS = {
  /** Units of one product across the account's orders waiting for confirmation, in one country. */
  unitsPerProduct: 100,
  /** Orders waiting for confirmation at once, in all countries. */
  openOrders: 5,
  /** Value of the orders waiting for confirmation in a country, in its currency (about $11,000). */
  openValue: { kg: 1_000_000, kz: 5_000_000 } as Record<CountryCode, number>,
  /** `order_create` calls, answered or refused, per account and per client address. */
  createPerAccount: { name: 'order-create:account', max: 10, windowSeconds: 3600 } as RateLimit,
  createPerIp: { name: 'order-create:ip', max: 30, windowSeconds: 3600 } as RateLimit,
  /** Hours a new order waits for the manager's confirmation before it is cancelled. */
  unconfirmedHours: 72,
} as const;

/** Off only for load tests and benchmarks (`ORDER_LIMITS=off`): the hold limits and the rate limit. */
export const orderLimitsOn = (): boolean => env.ORDER_LIMITS === 'on';

/** The rate limits one `order_create` counts against: the account's, and the address's when known. */
export function orderCreateChecks(userId: number, clientIp?: string): [RateLimit, string][] {
  const checks: [RateLimit, string][] = [[ORDER_LIMITS.createPerAccount, String(userId)]];
  if (clientIp) checks.push([ORDER_LIMITS.createPerIp, clientIp]);
  return checks;
}

/** What the account holds now in orders waiting for confirmation. */
export interface HeldOrders {
  /** Orders in status `new`, in every country. */
  orders: number;
  /** Their value in the order's country, as a money string. */
  value: string;
  /** Units per product in the order's country. */
  units: ReadonlyMap<number, number>;
}

export const ORDER_LIMIT_TEXT = {
  openOrders: (held: number) =>
    `Сейчас ${plural(held, ['заказ ждёт', 'заказа ждут', 'заказов ждут'])} подтверждения менеджера: новый можно ` +
    'оформить, когда менеджер подтвердит их (обычно в течение рабочего дня), или отмените ненужный в «Мои заказы».',
  value: (country: CountryCode, held: string) =>
    `Заказы, которые ждут подтверждения, не могут вместе стоить больше ${money(country, ORDER_LIMITS.openValue[country])}` +
    (toCents(held) > 0n ? ` (сейчас ${money(country, Number(held))})` : '') +
    '. Чтобы оформить крупный заказ, позвоните менеджеру.',
  units: (held: number) =>
    `Не больше ${ORDER_LIMITS.unitsPerProduct} шт. одного товара в заказах, которые ждут подтверждения` +
    (held > 0 ? ` (в ваших заказах уже ${held} шт.)` : '') +
    '. Для большего количества позвоните менеджеру.',
} as const;

const money = (country: CountryCode, amount: number) =>
  formatMoney(amount, toDisplayCurrency(COUNTRIES[country].currency));

/** Null when the account may place one more order, else why not (before anything is priced). */
export function openOrdersProblem(held: Pick<HeldOrders, 'orders'>): string | null {
  return held.orders >= ORDER_LIMITS.openOrders ? ORDER_LIMIT_TEXT.openOrders(held.orders) : null;
}

/**
 * The priced order against what the account holds: per line, units over the limit; for the order,
 * a value over the country's limit. Null when both fit.
 */
export function holdProblems(
  country: CountryCode,
  itemCount: number,
  lines: readonly PricedLine[],
  total: string,
  held: HeldOrders,
): { items?: LineErrors; order?: string } | null {
  const items: LineErrors = Array.from({ length: itemCount }, () => ({}));
  let over = false;
  for (const line of lines) {
    const already = held.units.get(line.productId) ?? 0;
    if (already + line.quantity > ORDER_LIMITS.unitsPerProduct) {
      items[line.position] = { quantity: [ORDER_LIMIT_TEXT.units(already)] };
      over = true;
    }
  }
  const cap = BigInt(ORDER_LIMITS.openValue[country]) * 100n;
  const order = toCents(held.value) + toCents(total) > cap ? ORDER_LIMIT_TEXT.value(country, held.value) : undefined;
  if (!over && !order) return null;
  return { ...(over ? { items } : {}), ...(order ? { order } : {}) };
}
