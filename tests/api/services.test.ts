import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invalidate } from '../../src/server/cache/invalidation.ts';
import { addDays, shopToday } from '../../src/server/courses/course-dates.ts';
import { CITY_CODES } from '../../src/shared/cities.ts';
import { api, dbRows, listAll, ORIGIN } from '../helpers/api.ts';

const today = shopToday();

describe('GET /services/course_categories/', () => {
  it('GET /services/course_categories/ lists the four categories in display order', async () => {
    const { status, body } = await api('/services/course_categories/');
    expect(status).toBe(200);
    expect(body.count).toBe(4);
    for (const c of body.results)
      expect(c).toEqual({
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
      });
  });

  it('GET /services/course_categories/{id}/ answers one category, and 404 for an unknown or non-numeric id', async () => {
    const [first] = (await api('/services/course_categories/?limit=1')).body.results;
    expect((await api(`/services/course_categories/${first.id}/`)).body).toEqual(first);
    expect((await api('/services/course_categories/999999/')).status).toBe(404);
    const bad = await api('/services/course_categories/terapiya/');
    expect(bad.status).toBe(404);
    expect(bad.body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /services/courses/', () => {
  it('GET /services/courses/ lists upcoming courses of every city, soonest first', async () => {
    const all = await listAll('/services/courses/');
    expect(all.length).toBeGreaterThanOrEqual(15);
    const starts = all.map((c) => c.start_date);
    expect(starts).toEqual([...starts].sort());
    for (const course of all) {
      expect(course.end_date >= today).toBe(true);
      expect(course.is_upcoming).toBe(true);
      expect(course).not.toHaveProperty('description');
      expect(CITY_CODES).toContain(course.city);
      expect(course.price).toMatch(/^\d+\.\d{2}$/);
      expect(['KGS', 'KZT']).toContain(course.currency);
      expect(course.seats_left).toBeLessThanOrEqual(course.seats_total);
    }
    expect(new Set(all.map((c) => c.city))).toEqual(new Set(['ALMATY', 'ASTANA', 'BISHKEK', 'SHYMKENT']));
  });

  it('GET /services/courses/ keeps past courses out of the list but answers their pages', async () => {
    const past = await dbRows<{ slug: string }>(sql`select slug from courses where end_date < ${today}`);
    expect(past.length).toBeGreaterThan(0);
    const listed = new Set((await listAll('/services/courses/')).map((c) => c.slug));
    for (const { slug } of past) {
      expect(listed.has(slug)).toBe(false);
      const { status, body } = await api(`/services/courses/${slug}/`);
      expect(status).toBe(200);
      expect(body.is_upcoming).toBe(false);
    }
  });

  it('GET /services/courses/{slug}/ sanitises a description written to the database outside the shop', async () => {
    const [course] = await dbRows<{ slug: string }>(sql`select slug from courses where is_published limit 1`);
    await dbRows(
      sql`update courses set description = '<p>Программа</p><img src=x onerror="alert(1)"><form action="https://evil.test"><input name="card"></form>' where slug = ${course!.slug}`,
    );
    await invalidate('content');
    const { body } = await api(`/services/courses/${course!.slug}/`);
    expect(body.description).toBe('<p>Программа</p>');
  });

  it('GET /services/courses/ treats empty category and city as «all», as the brief sends them', async () => {
    const all = await api('/services/courses/?limit=100');
    const empty = await api('/services/courses/?category=&city=&limit=100');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ ...all.body, next: null, previous: null });
  });

  it('GET /services/courses/?city=BISHKEK&category=... narrows by both', async () => {
    const bishkek = await listAll('/services/courses/?city=BISHKEK');
    expect(bishkek.length).toBeGreaterThan(0);
    expect(bishkek.every((c) => c.city === 'BISHKEK' && c.currency === 'KGS')).toBe(true);
    const category = bishkek[0].category.slug;
    const both = await listAll(`/services/courses/?city=BISHKEK&category=${category}`);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((c) => c.city === 'BISHKEK' && c.category.slug === category)).toBe(true);
  });

  it.each(['MOSCOW', 'almaty', 'ALMATY,ASTANA'])(
    'GET /services/courses/?city=%s answers 400 naming the field',
    async (city) => {
      const { status, body } = await api(`/services/courses/?city=${encodeURIComponent(city)}`);
      expect(status).toBe(400);
      expect(body.city).toEqual([expect.stringContaining('ALMATY')]);
    },
  );

  it('GET /services/courses/?category=unknown answers 400 naming the field', async () => {
    const { status, body } = await api('/services/courses/?category=no-such-category');
    expect(status).toBe(400);
    expect(body.category).toEqual([expect.any(String)]);
  });

  it('GET /services/courses/?month= lists every course that runs in the month, past ones included', async () => {
    const [past] = await dbRows<{ start: string; end: string; slug: string }>(
      sql`select start_date::text as start, end_date::text as end, slug from courses where end_date < ${today} order by start_date limit 1`,
    );
    const month = past!.start.slice(0, 7);
    const { status, body } = await api(`/services/courses/?month=${month}&limit=100`);
    expect(status).toBe(200);
    expect(body.results.map((c: { slug: string }) => c.slug)).toContain(past!.slug);
    const monthEnd = addDays(`${month}-01`, 40).slice(0, 7);
    for (const c of body.results) {
      expect(c.start_date <= `${month}-31`).toBe(true);
      expect(c.end_date >= `${month}-01`).toBe(true);
      expect(c.start_date < `${monthEnd}-01`).toBe(true);
    }
    const [{ n }] = (await dbRows<{ n: number }>(
      sql`select count(*)::int as n from courses where start_date <= (${`${month}-01`}::date + interval '1 month' - interval '1 day') and end_date >= ${`${month}-01`}::date`,
    )) as [{ n: number }];
    expect(body.count).toBe(n);
  });

  it.each(['2027-13', '2027-1', '27-01', 'next'])('GET /services/courses/?month=%s answers 400', async (month) => {
    const { status, body } = await api(`/services/courses/?month=${month}`);
    expect(status).toBe(400);
    expect(body.month).toEqual([expect.any(String)]);
  });

  it('GET /services/courses/{slug}/ answers the course with its description, and 404 for an unknown slug', async () => {
    const [first] = (await api('/services/courses/?limit=1')).body.results;
    const { status, body } = await api(`/services/courses/${first.slug}/`);
    expect(status).toBe(200);
    expect(body).toEqual({ ...first, description: expect.stringContaining('<') });
    expect((await api('/services/courses/no-such-course/')).body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /services/printing_prices/', () => {
  it("GET /services/printing_prices/ prices each row in the country's currency", async () => {
    const kg = await listAll('/services/printing_prices/?country=kg');
    const kz = await listAll('/services/printing_prices/?country=kz');
    expect(kg.length).toBeGreaterThanOrEqual(10);
    expect(kg.every((p) => p.currency === 'KGS')).toBe(true);
    expect(kz.every((p) => p.currency === 'KZT')).toBe(true);
    for (const row of kg) {
      expect(row).toEqual({
        id: expect.any(Number),
        service: expect.any(String),
        material: expect.any(String),
        unit: expect.any(String),
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        currency: 'KGS',
        lead_time: expect.any(String),
        description: expect.any(String),
      });
    }
    // A row offered in one country only is not in the other's list.
    expect(kz.length).toBeGreaterThan(kg.length);
  });

  it('GET /services/printing_prices/ defaults to Kyrgyzstan', async () => {
    const { body } = await api('/services/printing_prices/?limit=100');
    expect(body.results.every((p: { currency: string }) => p.currency === 'KGS')).toBe(true);
  });

  it('GET /services/printing_prices/{id}/ answers the row in the country, and 404 where it is not offered', async () => {
    const kg = await listAll('/services/printing_prices/?country=kg');
    const kz = await listAll('/services/printing_prices/?country=kz');
    const onlyKz = kz.find((p) => !kg.some((k) => k.id === p.id))!;
    expect((await api(`/services/printing_prices/${onlyKz.id}/?country=kz`)).body).toEqual(onlyKz);
    expect((await api(`/services/printing_prices/${onlyKz.id}/?country=kg`)).status).toBe(404);
    expect((await api('/services/printing_prices/abc/')).status).toBe(404);
    expect((await api(`/services/printing_prices/${kg[0].id}/?country=ru`)).status).toBe(400);
  });
});

describe('GET /services/vacancies/', () => {
  it('GET /services/vacancies/ lists open vacancies first, then the closed one', async () => {
    const { status, body } = await api('/services/vacancies/');
    expect(status).toBe(200);
    expect(body.count).toBe(6);
    const open = body.results.map((v: { is_open: boolean }) => v.is_open);
    expect(open).toEqual([true, true, true, true, true, false]);
    for (const v of body.results) {
      expect(v.salary_label).toBeTruthy();
      expect(v.duties.length).toBeGreaterThan(0);
      expect(v.employment_type_label).toBeTruthy();
    }
    const negotiable = body.results.find(
      (v: { salary_from: string | null; salary_to: string | null }) => !v.salary_from && !v.salary_to,
    );
    expect(negotiable.salary_label).toBe('по договорённости');
  });

  it('GET /services/vacancies/?is_open=false&country=kz narrows the list', async () => {
    const closed = await listAll('/services/vacancies/?is_open=false');
    expect(closed.map((v) => v.is_open)).toEqual([false]);
    const kz = await listAll('/services/vacancies/?country=kz');
    expect(kz.length).toBeGreaterThan(0);
    expect(kz.every((v) => v.country === 'kz')).toBe(true);
    expect((await api('/services/vacancies/?is_open=maybe')).status).toBe(400);
    expect((await api('/services/vacancies/?city=PARIS')).status).toBe(400);
  });

  it('GET /services/vacancies/{id}/ answers an open or closed vacancy, and 404 otherwise', async () => {
    const [closed] = await listAll('/services/vacancies/?is_open=false');
    expect((await api(`/services/vacancies/${closed.id}/`)).body).toEqual(closed);
    expect((await api('/services/vacancies/999999/')).status).toBe(404);
    expect((await api('/services/vacancies/x1/')).body).toEqual({ detail: 'Not found.' });
  });

  it('GET /services/vacancies/ pages with absolute links', async () => {
    const { body } = await api('/services/vacancies/?limit=4');
    expect(body.next).toBe(`${ORIGIN}/api/v1/services/vacancies/?limit=4&offset=4`);
  });
});
