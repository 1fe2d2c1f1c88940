/**
 * The one rule of every staff table with an address (slug): the one given, else made from the title
 * and numbered past those its scope already holds; a given slug that is taken is refused, a title with
 * nothing to make one of is refused, and a change that sends none keeps the address.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

const nextYear = new Date().getFullYear() + 1;

/** Each table's path and a body of a new row titled `title` (its other required fields filled). */
const TABLES: [string, (title: string) => Record<string, unknown>][] = [
  ['/staff/categories/', (name) => ({ name })],
  ['/staff/brands/', (name) => ({ name })],
  ['/staff/course_categories/', (name) => ({ name })],
  ['/staff/specifications/', (name) => ({ name })],
  ['/staff/documents/', (title) => ({ title, document_type: 'licence' })],
  ['/staff/vacancies/', (title) => ({ title, country: 'kg', city: 'BISHKEK', employment_type: 'full_time' })],
  [
    '/staff/courses/',
    (title) => ({
      title,
      category: 'slug-test-kursy',
      city: 'BISHKEK',
      venue: 'Учебный центр',
      start_date: `${nextYear}-05-14`,
      end_date: `${nextYear}-05-14`,
      price: '5000',
      lecturer: 'Петров П. П.',
      seats_total: 10,
    }),
  ],
  ['/staff/publications/', (title) => ({ kind: 'news', title })],
];

describe('staff tables: slugs', () => {
  it.each(TABLES)(
    'POST %s makes a slug from the title, numbered when the title repeats, and keeps it when a change sends none',
    async (path, body) => {
      const token = await staffAccess();
      if (path === '/staff/courses/')
        await dbRows(
          sql`insert into course_categories (slug, name) values ('slug-test-kursy', 'Тест') on conflict do nothing`,
        );
      const first = await api(path, { method: 'POST', token, json: body('Проверка адресов «Ёлка» 2') });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.slug).toBe('proverka-adresov-elka-2');
      const second = await api(path, { method: 'POST', token, json: body('Проверка адресов: ёлка 2!') });
      expect(second.status, JSON.stringify(second.body)).toBe(201);
      expect(second.body.slug).toBe('proverka-adresov-elka-2-2');
      const third = await api(path, { method: 'POST', token, json: body('Проверка адресов ёлка 2') });
      expect(third.body.slug).toBe('proverka-adresov-elka-2-3');

      const taken = await api(path, { method: 'POST', token, json: { ...body('Другое'), slug: first.body.slug } });
      expect(taken.status).toBe(400);
      expect(taken.body.slug[0]).toContain('занят');

      const nothing = await api(path, { method: 'POST', token, json: body('«—» …') });
      expect(nothing.status).toBe(400);
      expect(nothing.body.slug[0]).toMatch(/не получается адрес/);

      const kept = await api(`${path}${second.body.id}/`, { method: 'PATCH', token, json: { slug: '' } });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.slug).toBe('proverka-adresov-elka-2-2');
    },
  );

  it('POST /staff/publications/ numbers a slug within its section only', async () => {
    const token = await staffAccess();
    const post = (kind: string) =>
      api('/staff/publications/', { method: 'POST', token, json: { kind, title: 'Раздел адресов' } });
    expect((await post('news')).body.slug).toBe('razdel-adresov');
    expect((await post('article')).body.slug).toBe('razdel-adresov');
    expect((await post('news')).body.slug).toBe('razdel-adresov-2');
  });

  it('POST /staff/categories/ cuts a long title to 190 characters, its number kept', async () => {
    const token = await staffAccess();
    // 187 characters, whose transliteration (щ → shch) is far longer than a slug may be.
    const name = 'Щука щучья '.repeat(17);
    const first = await api('/staff/categories/', { method: 'POST', token, json: { name } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await api('/staff/categories/', { method: 'POST', token, json: { name } });
    expect(first.body.slug.length).toBeLessThanOrEqual(190);
    expect(second.body.slug).toMatch(/-2$/);
    expect(second.body.slug.length).toBeLessThanOrEqual(190);
    expect(second.body.slug).not.toBe(first.body.slug);
  });
});
