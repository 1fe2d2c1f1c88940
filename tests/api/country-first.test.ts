import { describe, expect, it } from 'vitest';
import { CITIES } from '../../src/shared/cities.ts';
import { getHomeData } from '../../src/server/web/home.ts';
import { loadCourseList } from '../../src/server/web/courses.ts';

// Issue 36, item 3: a country's pages list its own courses first. The pages read these loaders; the
// chips' order is citiesFirstIn (tests/unit/shared/cities.test.ts) and the browser test shows both.
const countryOf = (course: { city: keyof typeof CITIES }) => CITIES[course.city].country;

describe('the country’s own courses first', () => {
  it('shows Kyrgyz courses first in «Ближайшие курсы» on the Kyrgyz home page, Kazakh ones on the Kazakh', async () => {
    const kg = await getHomeData('kg');
    expect(kg.courses.length).toBeGreaterThan(0);
    expect(countryOf(kg.courses[0]!)).toBe('kg');
    const kz = await getHomeData('kz');
    expect(countryOf(kz.courses[0]!)).toBe('kz');
  });

  it('lists every city’s courses with the country’s own first, each part soonest first', async () => {
    for (const country of ['kg', 'kz'] as const) {
      const list = await loadCourseList(new URLSearchParams({ city: 'all' }), country);
      const countries = list!.items.map(countryOf);
      expect(countries.length).toBeGreaterThan(1);
      const firstOther = countries.findIndex((c) => c !== country);
      // A page may hold only the country's own (Kazakhstan has more than a page of them).
      expect(firstOther < 0 || countries.slice(firstOther).every((c) => c !== country)).toBe(true);
      expect(countries[0]).toBe(country);
      const own = list!.items.filter((course) => countryOf(course) === country).map((course) => course.startDate);
      expect(own).toEqual([...own].sort());
    }
  });

  it('opens /kg/courses/ on Bishkek, with the cities of its chips in the Kyrgyz order', async () => {
    const list = await loadCourseList(new URLSearchParams(), 'kg');
    expect(list!.city).toBe('BISHKEK');
    expect(list!.items.every((course) => course.city === 'BISHKEK')).toBe(true);
  });
});
