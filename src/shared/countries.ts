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
  },
  kz: {
    code: 'kz',
    name: 'Казахстан',
    inName: 'в Казахстане',
    acrossName: 'по Казахстану',
    currency: 'KZT',
    hreflang: 'ru-KZ',
    timeZone: 'Asia/Almaty',
  },
} as const;

export type CountryCode = keyof typeof COUNTRIES;
export type CurrencyCode = (typeof COUNTRIES)[CountryCode]['currency'];

export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];
export const DEFAULT_COUNTRY: CountryCode = 'kg';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && Object.hasOwn(COUNTRIES, value);
}
