/** Cities where the shop runs courses and hires, by the code the API uses (`?city=ALMATY`). */
import { COUNTRIES, type CountryCode } from './countries.ts';

export const CITIES = {
  ALMATY: {
    code: 'ALMATY',
    name: 'Алматы',
    inName: 'в Алматы',
    country: 'kz',
    timeZone: COUNTRIES.kz.timeZone,
    utcOffset: '+05:00',
  },
  ASTANA: {
    code: 'ASTANA',
    name: 'Астана',
    inName: 'в Астане',
    country: 'kz',
    timeZone: COUNTRIES.kz.timeZone,
    utcOffset: '+05:00',
  },
  SHYMKENT: {
    code: 'SHYMKENT',
    name: 'Шымкент',
    inName: 'в Шымкенте',
    country: 'kz',
    timeZone: COUNTRIES.kz.timeZone,
    utcOffset: '+05:00',
  },
  BISHKEK: {
    code: 'BISHKEK',
    name: 'Бишкек',
    inName: 'в Бишкеке',
    country: 'kg',
    timeZone: COUNTRIES.kg.timeZone,
    utcOffset: '+06:00',
  },
  OSH: {
    code: 'OSH',
    name: 'Ош',
    inName: 'в Оше',
    country: 'kg',
    timeZone: COUNTRIES.kg.timeZone,
    utcOffset: '+06:00',
  },
} as const satisfies Record<
  string,
  { code: string; name: string; inName: string; country: CountryCode; timeZone: string; utcOffset: string }
>;

export type CityCode = keyof typeof CITIES;

export const CITY_CODES = Object.keys(CITIES) as CityCode[];

/** The brief's default city of the course listing. */
export const DEFAULT_CITY: CityCode = 'ALMATY';

/** The city a country's pages start on (its courses, its vacancies): the one most of its visitors are in. */
export const COUNTRY_CITY: Record<CountryCode, CityCode> = { kg: 'BISHKEK', kz: 'ALMATY' };

/**
 * Every city, the country's own first (the one its visitors are mostly in leading: Bishkek, Osh for `kg`;
 * Almaty, Astana, Shymkent for `kz`), then the other countries'. The order of every list of cities on a
 * country's pages: the course chips, the course request form.
 */
export function citiesFirstIn(country: CountryCode): CityCode[] {
  const own = CITY_CODES.filter((code) => CITIES[code].country === country);
  const home = COUNTRY_CITY[country];
  return [
    home,
    ...own.filter((code) => code !== home),
    ...CITY_CODES.filter((code) => CITIES[code].country !== country),
  ];
}

/** The cities of a country. */
export const citiesOf = (country: CountryCode): CityCode[] =>
  CITY_CODES.filter((code) => CITIES[code].country === country);

export function isCityCode(value: unknown): value is CityCode {
  return typeof value === 'string' && Object.hasOwn(CITIES, value);
}
