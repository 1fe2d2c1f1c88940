import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly, staffCrudRoutes } from '../helpers/staff-access.ts';

let counter = 0;
const unique = (base: string) => `${base}-${process.pid}-${++counter}`;

describe('the back office: course categories and specifications', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([
      ...staffCrudRoutes('/staff/course_categories/'),
      ...staffCrudRoutes('/staff/specifications/'),
    ]);
  });

  it('adds a course category the public list shows at once, and refuses to delete one with courses', async () => {
    const token = await staffAccess();
    const created = await api('/staff/course_categories/', {
      method: 'POST',
      token,
      json: { name: 'Ортодонтия тест', slug: unique('orto') },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const publicList = await api('/services/course_categories/?limit=100');
    expect((publicList.body.results as { id: number }[]).map((c) => c.id)).toContain(id);

    const taken = await api('/staff/course_categories/', {
      method: 'POST',
      token,
      json: { name: 'Дубль', slug: created.body.slug },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.slug).toBeDefined();

    const course = await api('/staff/courses/', {
      method: 'POST',
      token,
      json: {
        title: unique('Брекеты'),
        category: created.body.slug,
        city: 'BISHKEK',
        venue: 'Центр',
        start_date: `${new Date().getFullYear() + 1}-02-01`,
        end_date: `${new Date().getFullYear() + 1}-02-01`,
        price: '5000',
        lecturer: 'Лектор',
        seats_total: 5,
      },
    });
    expect(course.status, JSON.stringify(course.body)).toBe(201);
    const refused = await api(`/staff/course_categories/${id}/`, { method: 'DELETE', token });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors[0]).toContain('используется');
    expect((await api(`/staff/course_categories/${id}/`, { token })).status).toBe(200);

    expect((await api(`/staff/courses/${course.body.id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/course_categories/${id}/`, { method: 'DELETE', token })).status).toBe(204);
  });

  it('adds a specification with its unit and kind, renames it, and the public list follows', async () => {
    const token = await staffAccess();
    const bad = await api('/staff/specifications/', { method: 'POST', token, json: { name: '', kind: 'colour' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['kind', 'name']);

    const created = await api('/staff/specifications/', {
      method: 'POST',
      token,
      json: { name: 'Длина тест', slug: unique('dlina'), unit: 'мм', kind: 'number' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ unit: 'мм', kind: 'number', is_filter: true });
    const id = created.body.id as number;
    const renamed = await api(`/staff/specifications/${id}/`, {
      method: 'PATCH',
      token,
      json: { name: 'Длина рабочей части', kind: 'text' },
    });
    expect(renamed.status).toBe(200);
    // `kind` is fixed once created: a PATCH does not take it.
    expect(renamed.body).toMatchObject({ name: 'Длина рабочей части', kind: 'number' });
    const onSite = await api(`/products/specifications/${id}/`);
    expect(onSite.status).toBe(200);
    expect(onSite.body.name).toBe('Длина рабочей части');
    const hidden = await api(`/staff/specifications/${id}/`, { method: 'PATCH', token, json: { is_filter: false } });
    expect(hidden.body.is_filter).toBe(false);

    const audit = await api(`/staff/changes/?entity=specification&entity_id=${id}`, { token });
    expect((audit.body.results as { changes: object }[]).map((r) => r.changes)).toEqual([
      { isFilter: [true, false] },
      { name: ['Длина тест', 'Длина рабочей части'] },
      expect.objectContaining({ kind: [null, 'number'] }),
    ]);
    expect((await api(`/staff/specifications/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/specifications/${id}/`, { token })).status).toBe(404);
  });
});
