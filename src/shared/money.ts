import type { CurrencyCode } from './countries.ts';

/** Units of each display currency one Kyrgyz som buys, as decimal strings (an `exchanges` record). */
export type ExchangeRates = Record<DisplayCurrency, string>;

/** Currencies a visitor can display prices in (the currency switcher); default `kgs`. */
export const DISPLAY_CURRENCIES = ['kgs', 'kzt', 'usd', 'rub'] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];
export const DEFAULT_CURRENCY: DisplayCurrency = 'kgs';

export const CURRENCY_SYMBOLS: Record<DisplayCurrency, string> = { kgs: 'сом', kzt: '₸', usd: '$', rub: '₽' };

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value);
}

/** The display currency a product's own currency corresponds to (`KGS` → `kgs`). */
export function toDisplayCurrency(code: CurrencyCode): DisplayCurrency {
  const display = code.toLowerCase();
  return isDisplayCurrency(display) ? display : DEFAULT_CURRENCY;
}

function rate(exchange: ExchangeRates, currency: DisplayCurrency): number | null {
  const n = Number(exchange[currency]);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * Converts a decimal-string `amount` in a product's currency to `to`, through the exchange record
 * (units of each currency per 1 KGS). Returns `null` when it cannot: an unparsable amount, or a
 * different currency with no usable rate.
 */
export function convertPrice(
  amount: string,
  from: CurrencyCode,
  to: DisplayCurrency,
  exchange: ExchangeRates | null,
): number | null {
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(value)) return null;
  const source = toDisplayCurrency(from);
  if (source === to) return value;
  if (!exchange) return null;
  const fromRate = rate(exchange, source);
  const toRate = rate(exchange, to);
  if (fromRate === null || toRate === null) return null;
  return (value / fromRate) * toRate;
}

// Building an Intl.NumberFormat costs far more than formatting with one: a page of cards formats dozens of prices.
const wholeNumbers = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Formats money for the Russian UI, e.g. `1 250 сом`, `12,50 $` (non-breaking spaces). KGS, KZT and RUB
 * drop the fraction when the rounded amount is whole; USD always shows cents.
 */
export function formatMoney(amount: number, currency: DisplayCurrency): string {
  const rounded = Math.round(amount * 100) / 100;
  const alwaysCents = currency === 'usd';
  const digits = alwaysCents || !Number.isInteger(rounded) ? 2 : 0;
  // Decimal style with our own symbol: the currency style renders KGS as "KGS" or the new "⃀" sign,
  // which most fonts lack, and its output differs between ICU versions (server vs browser hydration).
  const number = (digits === 2 ? withCents : wholeNumbers).format(rounded);
  return `${number}\u00a0${CURRENCY_SYMBOLS[currency]}`;
}

/**
 * A converted amount: only approximate (the rate moves, the buyer pays in the country's currency), so
 * it is rounded and marked, e.g. `≈ 1 634 сом`. Whole units, except dollars under 100, which keep
 * cents (`≈ 5,19 $`: a whole dollar would be off by up to 10 %).
 */
export function formatApproximate(amount: number, currency: DisplayCurrency): string {
  const keepCents = currency === 'usd' && Math.abs(amount) < 100;
  const number = keepCents ? withCents.format(Math.round(amount * 100) / 100) : wholeNumbers.format(Math.round(amount));
  return `≈\u00a0${number}\u00a0${CURRENCY_SYMBOLS[currency]}`;
}

/** Names of the countries' currencies as a sentence says them: «Оплата в тенге». */
export const CURRENCY_NAMES: Record<DisplayCurrency, string> = {
  kgs: 'сомах',
  kzt: 'тенге',
  usd: 'долларах',
  rub: 'рублях',
};

/** Where the buyer pays: the exact amount in the country's currency, e.g. «Оплата в тенге: 12 345 ₸». */
export function paymentNote(amount: number, currency: DisplayCurrency): string {
  return `Оплата в ${CURRENCY_NAMES[currency]}: ${formatMoney(amount, currency)}`;
}

/** A label for a price bound field: the short unit a visitor reads next to a number (`сом`, `тенге`, `$`, `₽`). */
export const CURRENCY_UNITS: Record<DisplayCurrency, string> = { kgs: 'сом', kzt: 'тенге', usd: '$', rub: '₽' };

/** Half of the smallest step a converted price is shown in: a bound typed by the visitor is that far from what it covers. */
function displayHalfStep(currency: DisplayCurrency, value: number): number {
  return currency === 'usd' && value < 100 ? 0.005 : 0.5;
}

/**
 * A price filter bound typed in the display currency `from`, in the country's currency `to` for the
 * query. Displayed prices are rounded (≈), so the bound is first widened by half a displayed step,
 * then the lower bound rounds down and the upper bound up (to kopecks): a product whose shown price
 * equals the bound is never left out. Unchanged in the country's own currency or without a rate.
 */
export function priceBoundToCountry(
  value: number,
  bound: 'min' | 'max',
  from: DisplayCurrency,
  to: DisplayCurrency,
  exchange: ExchangeRates | null,
): number {
  if (!value || from === to || !exchange) return value;
  const fromRate = rate(exchange, from);
  const toRate = rate(exchange, to);
  if (fromRate === null || toRate === null) return value;
  const half = displayHalfStep(from, value);
  const widened = bound === 'min' ? Math.max(0, value - half) : value + half;
  const converted = (widened / fromRate) * toRate * 100;
  return (bound === 'min' ? Math.floor(converted) : Math.ceil(converted)) / 100;
}

/**
 * A country-currency bound (from the URL) as the visitor sees it in `to`, rounded as prices are shown
 * (whole units, cents for small dollar amounts). Given the side, the widening of `priceBoundToCountry`
 * is undone, so a typed bound reads back as typed.
 */
export function priceBoundToDisplay(
  value: number,
  from: DisplayCurrency,
  to: DisplayCurrency,
  exchange: ExchangeRates | null,
  bound?: 'min' | 'max',
): number {
  if (!value || from === to || !exchange) return value;
  const fromRate = rate(exchange, from);
  const toRate = rate(exchange, to);
  if (fromRate === null || toRate === null) return value;
  let converted = (value / fromRate) * toRate;
  if (bound) converted += (bound === 'min' ? 1 : -1) * displayHalfStep(to, converted);
  return to === 'usd' && converted < 100 ? Math.round(converted * 100) / 100 : Math.round(converted);
}

/**
 * A product price as the visitor wants to see it: converted to `to` when possible, otherwise in the
 * product's own currency. `null` for a missing or unparsable price.
 */
export function formatPrice(
  amount: string | null,
  from: CurrencyCode,
  to: DisplayCurrency,
  exchange: ExchangeRates | null,
): string | null {
  if (amount === null) return null;
  const converted = convertPrice(amount, from, to, exchange);
  if (converted !== null)
    return toDisplayCurrency(from) === to ? formatMoney(converted, to) : formatApproximate(converted, to);
  const own = convertPrice(amount, from, toDisplayCurrency(from), null);
  return own === null ? null : formatMoney(own, toDisplayCurrency(from));
}

/**
 * What one unit of each other currency costs in `base`, from an exchange record (units per 1 KGS):
 * the rates a visitor who pays in `base` wants to see, e.g. 1 $ = 518,58 ₸.
 */
export function ratesIn(
  exchange: ExchangeRates,
  base: DisplayCurrency,
): { currency: DisplayCurrency; value: number }[] {
  const baseRate = rate(exchange, base);
  if (baseRate === null) return [];
  return DISPLAY_CURRENCIES.filter((c) => c !== base).flatMap((currency) => {
    const r = rate(exchange, currency);
    return r === null ? [] : [{ currency, value: baseRate / r }];
  });
}
