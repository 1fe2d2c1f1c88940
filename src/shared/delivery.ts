/**
 * What delivery costs, in one place: per country, the cities the shop's couriers serve (a price and
 * the order value from which delivery is free) and what happens elsewhere (a transport company at
 * its own tariff, paid on receipt, free to its terminal above a threshold). Pickup is always free.
 * The server prices an order's delivery with {@link quoteDelivery}; checkout, the cart and the
 * product page show the same figures from the same function. (The «Доставка» page says the same in
 * words; the back office will edit these figures later.)
 */
import { COUNTRIES, type CountryCode } from './countries.ts';
import { formatMoney, toDisplayCurrency } from './money.ts';

export interface CourierCity {
  /** How people write the city's name, lower case («бишкек», «bishkek»). */
  names: readonly string[];
  name: string;
  /** «по Бишкеку». */
  within: string;
  price: number;
  freeFrom: number;
}

export interface CountryDelivery {
  /** The city the shop shows delivery for when none is chosen yet (the cart, the product page). */
  mainCity: CourierCity;
  cities: readonly CourierCity[];
  /** Other cities: a transport company at its tariff, paid on receipt; free to its terminal from `freeFrom`. */
  elsewhere: { freeFrom: number };
}

const bishkek: CourierCity = {
  names: ['бишкек', 'bishkek', 'г. бишкек', 'г.бишкек'],
  name: 'Бишкек',
  within: 'по Бишкеку',
  price: 250,
  freeFrom: 10_000,
};
const almaty: CourierCity = {
  names: ['алматы', 'almaty', 'алма-ата', 'г. алматы', 'г.алматы'],
  name: 'Алматы',
  within: 'по Алматы',
  price: 1_500,
  freeFrom: 60_000,
};

export const DELIVERY: Record<CountryCode, CountryDelivery> = {
  kg: {
    mainCity: bishkek,
    cities: [
      bishkek,
      { names: ['ош', 'osh', 'г. ош', 'г.ош'], name: 'Ош', within: 'по Ошу', price: 250, freeFrom: 10_000 },
    ],
    elsewhere: { freeFrom: 30_000 },
  },
  kz: {
    mainCity: almaty,
    cities: [
      almaty,
      {
        names: ['астана', 'astana', 'нур-султан', 'г. астана', 'г.астана'],
        name: 'Астана',
        within: 'по Астане',
        price: 1_500,
        freeFrom: 60_000,
      },
    ],
    elsewhere: { freeFrom: 180_000 },
  },
};

const normalise = (city: string) => city.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');

/** The courier city a typed name means, or null for a city the couriers do not serve. */
export function courierCity(country: CountryCode, city: string): CourierCity | null {
  const typed = normalise(city);
  return DELIVERY[country].cities.find((c) => c.names.includes(typed)) ?? null;
}

export type DeliveryQuote =
  /** Nothing to pay: pickup, or an order above the city's threshold. */
  | { kind: 'free'; price: 0; reason: 'pickup' | 'threshold' | 'terminal' }
  /** The courier's price; `freeFrom` and how much more makes it free. */
  | { kind: 'courier'; price: number; freeFrom: number; missing: number }
  /** A transport company at its own tariff, paid on receipt: not part of the total. */
  | { kind: 'carrier'; price: null; freeFrom: number; missing: number };

/** What delivering goods worth `goods` (in the country's currency) costs. */
export function quoteDelivery(
  country: CountryCode,
  delivery: { method: 'pickup' } | { method: 'courier'; city: string },
  goods: number,
): DeliveryQuote {
  if (delivery.method === 'pickup') return { kind: 'free', price: 0, reason: 'pickup' };
  const city = courierCity(country, delivery.city);
  if (city) {
    if (goods >= city.freeFrom) return { kind: 'free', price: 0, reason: 'threshold' };
    return { kind: 'courier', price: city.price, freeFrom: city.freeFrom, missing: city.freeFrom - goods };
  }
  const { freeFrom } = DELIVERY[country].elsewhere;
  if (goods >= freeFrom) return { kind: 'free', price: 0, reason: 'terminal' };
  return { kind: 'carrier', price: null, freeFrom, missing: freeFrom - goods };
}

const money = (country: CountryCode, amount: number) =>
  formatMoney(amount, toDisplayCurrency(COUNTRIES[country].currency));

const CARRIER_TARIFF = 'по тарифу перевозчика, при получении';
const FREE = 'бесплатно';

/** The delivery line of a total: «250 сом», «бесплатно», «по тарифу перевозчика». */
export function deliveryPriceText(country: CountryCode, quote: DeliveryQuote): string {
  if (quote.kind === 'courier') return money(country, quote.price);
  if (quote.kind === 'carrier') return CARRIER_TARIFF;
  return FREE;
}

/** The same line for a placed order, from its stored price (`"250.00"`; null: the carrier's tariff). */
export function orderDeliveryPriceText(country: CountryCode, price: string | null): string {
  if (price === null) return CARRIER_TARIFF;
  return Number(price) === 0 ? FREE : money(country, Number(price));
}

/** What to add for free delivery, or null: «До бесплатной доставки осталось 6 460 сом». */
export function freeDeliveryHint(country: CountryCode, quote: DeliveryQuote): string | null {
  if (quote.kind === 'courier')
    return `До бесплатной доставки осталось ${money(country, quote.missing)} (бесплатно от ${money(country, quote.freeFrom)}).`;
  if (quote.kind === 'carrier')
    return `Доставку до терминала транспортной компании оплатим мы при заказе от ${money(country, quote.freeFrom)}.`;
  return null;
}

/** «Доставка по Бишкеку — 250 сом, бесплатно от 10 000 сом.» for the product page and the cart. */
export function mainCityDeliveryText(country: CountryCode): string {
  const city = DELIVERY[country].mainCity;
  return `Доставка ${city.within} — ${money(country, city.price)}, бесплатно от ${money(country, city.freeFrom)}.`;
}
