import { describe, expect, it } from 'vitest';
import { CITIES, CITY_CODES, citiesFirstIn, citiesOf } from '~/shared/cities.ts';

describe('a country’s cities first (issue 36, item 3)', () => {
  it('lists Bishkek and Osh first on the Kyrgyz pages, the Kazakh cities after', () => {
    expect(citiesFirstIn('kg')).toEqual(['BISHKEK', 'OSH', 'ALMATY', 'ASTANA', 'SHYMKENT']);
  });

  it('lists Almaty, Astana, Shymkent first on the Kazakh pages', () => {
    expect(citiesFirstIn('kz')).toEqual(['ALMATY', 'ASTANA', 'SHYMKENT', 'BISHKEK', 'OSH']);
  });

  it('keeps every city once, and a country’s cities are those of its own', () => {
    for (const country of ['kg', 'kz'] as const) {
      expect([...citiesFirstIn(country)].sort()).toEqual([...CITY_CODES].sort());
      expect(citiesOf(country).every((code) => CITIES[code].country === country)).toBe(true);
    }
  });
});
