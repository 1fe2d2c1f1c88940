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
 *
 * A new customer (an account whose address is not confirmed, or that has no completed order yet) may
 * also hold at most half of a product's stock in those orders, counting what it holds already, and
 * never its last unit: one account opened a second ago could otherwise empty a small shelf for 72
 * hours. Nobody's first real order is that large a share; a larger one is a phone call, and staff, who
 * place those for customers, are not held to it.
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
  /**
   * A new customer's share of a product's stock in a country (what is left plus what it holds already)
   * across its orders waiting for confirmation, rounded down.
   */
  newCustomerShareOfStock: 0.5,
  /** Units of a product a new customer's orders always leave in stock. */
  lastUnitsKept: 1,
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
  /**
   * Whether the account's address is confirmed and it has a completed order, or it is staff's: only
   * such an account may hold more than a new customer's share of a product's stock.
   */
  trusted: boolean;
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
  /** A new customer's line over its share of the stock; `allowed` is what it may still order now. */
  shareOfStock: (allowed: number, held: number) =>
    (allowed > 0
      ? `Сейчас можно заказать не больше ${allowed} шт.: `
      : 'Сейчас этот товар можно заказать только через менеджера: ') +
    'пока у аккаунта нет выполненного заказа и подтверждённой почты, в заказах, которые ждут подтверждения, ' +
    'можно держать не больше половины остатка товара, и последние штуки остаются на складе' +
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
 * How many more units of a product a new customer may order now: its share of the stock there would be
 * without its own waiting orders (`stock` left plus `held`), less what it holds, keeping the last units.
 */
export function newCustomerAllowance(stock: number, held: number): number {
  const whole = Math.max(0, stock) + held;
  const cap = Math.min(Math.floor(whole * ORDER_LIMITS.newCustomerShareOfStock), whole - ORDER_LIMITS.lastUnitsKept);
  return Math.max(0, cap - held);
}

/**
 * The priced order against what the account holds: per line, units over the limit or, for a new
 * customer, over its share of the stock (`stock`: each product's stock left before this order), saying
 * whichever allows fewer; for the order, a value over the country's limit. Null when all fit.
 */
export function holdProblems(
  country: CountryCode,
  itemCount: number,
  lines: readonly PricedLine[],
  total: string,
  held: HeldOrders,
  stock: ReadonlyMap<number, number>,
): { items?: LineErrors; order?: string } | null {
  const items: LineErrors = Array.from({ length: itemCount }, () => ({}));
  let over = false;
  for (const line of lines) {
    const already = held.units.get(line.productId) ?? 0;
    const byUnits = ORDER_LIMITS.unitsPerProduct - already;
    const byShare = held.trusted ? Infinity : newCustomerAllowance(stock.get(line.productId) ?? 0, already);
    if (line.quantity <= Math.min(byUnits, byShare)) continue;
    const text = byShare < byUnits ? ORDER_LIMIT_TEXT.shareOfStock(byShare, already) : ORDER_LIMIT_TEXT.units(already);
    items[line.position] = { quantity: [text] };
    over = true;
  }
  const cap = BigInt(ORDER_LIMITS.openValue[country]) * 100n;
  const order = toCents(held.value) + toCents(total) > cap ? ORDER_LIMIT_TEXT.value(country, held.value) : undefined;
  if (!over && !order) return null;
  return { ...(over ? { items } : {}), ...(order ? { order } : {}) };
}
