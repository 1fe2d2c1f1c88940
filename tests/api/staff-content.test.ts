import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly } from '../helpers/staff-access.ts';

const vacancy = {
  title: 'Менеджер по продажам стоматологических материалов',
  country: 'kg',
  city: 'BISHKEK',
  employment_type: 'full_time',
  salary_from: '60000',
  salary_to: '90000',
  lead: 'Работа с клиниками Бишкека.',
  duties: ['Встречи с клиниками', 'Оформление заказов'],
  requirements: ['Опыт продаж от года'],
  conditions: ['Официальное оформление'],
};

describe('the back office: vacancies, exchange rates and the audit of staff changes', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([
      ['GET', '/staff/changes/'],
      ['GET', '/staff/vacancies/'],
      ['GET', '/staff/vacancies/1/'],
      ['POST', '/staff/vacancies/'],
      ['PATCH', '/staff/vacancies/1/'],
      ['DELETE', '/staff/vacancies/1/'],
      ['POST', '/staff/exchanges/'],
    ]);
  });

  it('publishes a vacancy on the site at once, closes it, and records who changed what', async () => {
    const token = await staffAccess();
    const created = await api('/staff/vacancies/', { method: 'POST', token, json: vacancy });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'menedzher-po-prodazham-stomatologicheskikh-materialov',
      salary_currency: 'KGS',
      is_open: true,
      city_name: 'Бишкек',
    });
    const id = created.body.id as number;
    const onSite = await api(`/services/vacancies/${id}/`);
    expect(onSite.status).toBe(200);
    expect(onSite.body.title).toBe(vacancy.title);

    const closed = await api(`/staff/vacancies/${id}/`, { method: 'PATCH', token, json: { is_open: false } });
    expect(closed.status).toBe(200);
    expect((await api(`/services/vacancies/${id}/`)).body.is_open).toBe(false);
    const open = await api('/services/vacancies/?is_open=true&limit=100');
    expect((open.body.results as { id: number }[]).map((v) => v.id)).not.toContain(id);

    const audit = await api(`/staff/changes/?entity=vacancy&entity_id=${id}`, { token });
    expect(audit.status).toBe(200);
    expect(audit.body.count).toBe(2);
    const [update, create] = audit.body.results as {
      action: string;
      user: { email: string } | null;
      changes: Record<string, [unknown, unknown]>;
    }[];
    expect(update).toMatchObject({ action: 'update', changes: { isOpen: [true, false] } });
    expect(Object.keys(update!.changes)).toEqual(['isOpen']);
    expect(update!.user?.email).toBeTruthy();
    expect(create).toMatchObject({ action: 'create' });
    expect(create!.changes.title).toEqual([null, vacancy.title]);

    expect((await api(`/staff/vacancies/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/services/vacancies/${id}/`)).status).toBe(404);
    const deleted = await api(`/staff/changes/?entity=vacancy&entity_id=${id}&limit=1`, { token });
    expect(deleted.body.results[0]).toMatchObject({ action: 'delete' });
    expect(deleted.body.results[0].changes.title).toEqual([vacancy.title, null]);
  });

  it('refuses a vacancy with field errors and stores nothing', async () => {
    const token = await staffAccess();
    const before = (await api('/staff/vacancies/?limit=1', { token })).body.count as number;
    const wrongCity = await api('/staff/vacancies/', { method: 'POST', token, json: { ...vacancy, city: 'ALMATY' } });
    expect(wrongCity.status).toBe(400);
    expect(wrongCity.body.city).toEqual(['Этот город в другой стране: выберите город страны вакансии.']);
    const bad = await api('/staff/vacancies/', {
      method: 'POST',
      token,
      json: { ...vacancy, title: ' ', salary_from: 'много', employment_type: 'forever' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['employment_type', 'salary_from', 'title']);
    const reversed = await api('/staff/vacancies/', {
      method: 'POST',
      token,
      json: { ...vacancy, salary_from: '90000', salary_to: '60000' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.salary_to).toBeDefined();
    expect((await api('/staff/vacancies/?limit=1', { token })).body.count).toBe(before);
    expect((await api('/staff/vacancies/999999/', { method: 'PATCH', token, json: { is_open: false } })).status).toBe(
      404,
    );
  });

  it('makes a new exchange rate the current one at once, with its audit row', async () => {
    const token = await staffAccess();
    const bad = await api('/staff/exchanges/', { method: 'POST', token, json: { kzt: '-1', usd: 'abc' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['kzt', 'rub', 'usd']);

    const created = await api('/staff/exchanges/', {
      method: 'POST',
      token,
      json: { kzt: '6.25', usd: '0.0114', rub: 1.05 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kgs: '1.000000', kzt: '6.250000', usd: '0.011400', rub: '1.050000' });
    const current = await api('/core/exchanges/?limit=1');
    expect(current.body.results[0]).toMatchObject({ id: created.body.id, kzt: '6.250000' });

    const audit = await api('/staff/changes/?entity=exchange&limit=1', { token });
    expect(audit.body.results[0]).toMatchObject({ action: 'create', entity_id: String(created.body.id) });
    expect(audit.body.results[0].changes.kzt).toEqual([null, '6.250000']);
  });

  it('records publication and request changes too, and an edit that changes nothing leaves no row', async () => {
    const token = await staffAccess();
    const created = await api('/staff/publications/', {
      method: 'POST',
      token,
      json: { kind: 'article', title: 'Как выбрать композит' },
    });
    const id = created.body.id as number;
    await api(`/staff/publications/${id}/`, { method: 'PATCH', token, json: { lead: 'Коротко о главном.' } });
    await api(`/staff/publications/${id}/`, { method: 'PATCH', token, json: { lead: 'Коротко о главном.' } });
    const audit = await api(`/staff/changes/?entity=publication&entity_id=${id}`, { token });
    expect((audit.body.results as { action: string }[]).map((r) => r.action)).toEqual(['update', 'create']);
    expect(audit.body.results[0].changes).toEqual({ lead: ['', 'Коротко о главном.'] });

    const invalid = await api('/staff/changes/?entity=orders', { token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.entity).toBeDefined();
  });
});
