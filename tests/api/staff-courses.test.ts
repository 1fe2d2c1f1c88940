import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly } from '../helpers/staff-access.ts';

let counter = 0;
const unique = (base: string) => `${base}-${process.pid}-${++counter}`;

async function courseCategory(): Promise<string> {
  const slug = unique('endo-kursy');
  await dbRows(sql`insert into course_categories (slug, name) values (${slug}, 'Эндодонтия')`);
  return slug;
}

const nextYear = new Date().getFullYear() + 1;

describe('the back office: courses', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([
      ['GET', '/staff/courses/'],
      ['GET', '/staff/courses/1/'],
      ['POST', '/staff/courses/'],
      ['PATCH', '/staff/courses/1/'],
      ['DELETE', '/staff/courses/1/'],
    ]);
  });

  it('publishes a course on the site at once, priced in its country’s currency, and keeps seats consistent', async () => {
    const token = await staffAccess();
    const category = await courseCategory();
    const course = {
      title: 'Машинная эндодонтия: практикум',
      category,
      city: 'ALMATY',
      venue: 'Учебный центр',
      start_date: `${nextYear}-03-14`,
      end_date: `${nextYear}-03-15`,
      price: '85000',
      lecturer: 'Иванов И. И.',
      seats_total: 12,
      description: '<p>Практика на моделях.</p><script>alert(1)</script>',
    };
    const created = await api('/staff/courses/', { method: 'POST', token, json: course });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      currency: 'KZT',
      seats_left: 12,
      is_published: true,
      category: { slug: category },
    });
    expect(created.body.description).not.toContain('script');
    const id = created.body.id as number;
    const onSite = await api(`/services/courses/${created.body.slug}/`);
    expect(onSite.status).toBe(200);
    expect(onSite.body.title).toBe(course.title);

    const fewer = await api(`/staff/courses/${id}/`, { method: 'PATCH', token, json: { seats_total: 10 } });
    expect(fewer.body).toMatchObject({ seats_total: 10, seats_left: 10 });
    const tooMany = await api(`/staff/courses/${id}/`, { method: 'PATCH', token, json: { seats_left: 11 } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.seats_left).toEqual(['Свободных мест не может быть больше, чем мест всего.']);
    const backwards = await api(`/staff/courses/${id}/`, {
      method: 'PATCH',
      token,
      json: { end_date: `${nextYear}-03-01` },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.end_date).toBeDefined();
    const moved = await api(`/staff/courses/${id}/`, {
      method: 'PATCH',
      token,
      json: { city: 'BISHKEK', price: '30000' },
    });
    expect(moved.body).toMatchObject({ city: 'BISHKEK', currency: 'KGS', price: '30000.00' });

    const hidden = await api(`/staff/courses/${id}/`, { method: 'PATCH', token, json: { is_published: false } });
    expect(hidden.status).toBe(200);
    expect((await api(`/services/courses/${created.body.slug}/`)).status).toBe(404);

    const audit = await api(`/staff/changes/?entity=course&entity_id=${id}`, { token });
    expect((audit.body.results as { action: string }[]).map((r) => r.action)).toEqual([
      'update',
      'update',
      'update',
      'create',
    ]);
    expect(audit.body.results[0].changes).toEqual({ isPublished: [true, false] });

    expect((await api(`/staff/courses/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/courses/${id}/`, { token })).status).toBe(404);
  });

  it('refuses bad fields, all at once, and stores nothing', async () => {
    const token = await staffAccess();
    const before = (await api('/staff/courses/?limit=1', { token })).body.count as number;
    const bad = await api('/staff/courses/', {
      method: 'POST',
      token,
      json: {
        title: '',
        category: 'no-such',
        city: 'PARIS',
        start_date: '2026-13-01',
        price: 'дорого',
        seats_total: 0,
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(
      expect.arrayContaining(['title', 'city', 'start_date', 'end_date', 'price', 'seats_total', 'venue', 'lecturer']),
    );
    const noCategory = await api('/staff/courses/', {
      method: 'POST',
      token,
      json: {
        title: 'Курс',
        category: 'no-such',
        city: 'BISHKEK',
        venue: 'Центр',
        start_date: `${nextYear}-01-10`,
        end_date: `${nextYear}-01-10`,
        price: '1000',
        lecturer: 'Лектор',
        seats_total: 5,
      },
    });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.category).toEqual(['Раздела курсов «no-such» нет.']);
    expect((await api('/staff/courses/?limit=1', { token })).body.count).toBe(before);
  });
});
