/** Countries the shop sells in. The `countries` table mirrors this list (seeded), for foreign keys. */
export const COUNTRIES = {
  kg: {
    code: 'kg',
    name: 'Кыргызстан',
    inName: 'в Кыргызстане',
    acrossName: 'по Кыргызстану',
    currency: 'KGS',
    hreflang: 'ru-KG',
    timeZone: 'Asia/Bishkek',
    /** How forms show a phone number of the country, one example everywhere. */
    phoneExample: '+996 555 12-34-56',
  },
  kz: {
    code: 'kz',
    name: 'Казахстан',
    inName: 'в Казахстане',
    acrossName: 'по Казахстану',
    currency: 'KZT',
    hreflang: 'ru-KZ',
    timeZone: 'Asia/Almaty',
    phoneExample: '+7 701 123-45-67',
  },
} as const;

export type CountryCode = keyof typeof COUNTRIES;
export type CurrencyCode = (typeof COUNTRIES)[CountryCode]['currency'];

/** Every country code, in the order of `COUNTRIES` (the first is the default). */
export const COUNTRY_CODES = Object.keys(COUNTRIES) as [CountryCode, ...CountryCode[]];
export const DEFAULT_COUNTRY: CountryCode = 'kg';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(COUNTRIES, value);
}

/** The currencies the shop sells in, one per country. */
export const CURRENCY_CODES = [...new Set(COUNTRY_CODES.map((code) => COUNTRIES[code].currency))] as CurrencyCode[];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as string[]).includes(value);
}

/** The country segment that starts every storefront URL, as a regular expression's alternation (`kg|kz`). */
export const COUNTRY_PATH_PATTERN = COUNTRY_CODES.join('|');
