import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly, staffCrudRoutes } from '../helpers/staff-access.ts';

describe('the back office: banners and contacts', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([...staffCrudRoutes('/staff/banners/'), ...staffCrudRoutes('/staff/contacts/')]);
  });

  it('shows a banner on its country’s home at once, hides it, and audits both', async () => {
    const token = await staffAccess();
    const bad = await api('/staff/banners/', {
      method: 'POST',
      token,
      json: { title: '', image: 'javascript:alert(1)', link: '//evil.example', country: 'ru' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['country', 'image', 'link', 'title']);

    const created = await api('/staff/banners/', {
      method: 'POST',
      token,
      json: {
        title: 'Скидка на композиты',
        image: '/images/banners/sale.svg',
        link: '/kz/catalog/kompozity/',
        country: 'kz',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const titles = async (country: string) =>
      ((await api(`/core/banners/?country=${country}&limit=100`)).body.results as { id: number }[]).map((b) => b.id);
    expect(await titles('kz')).toContain(id);
    expect(await titles('kg')).not.toContain(id);

    expect((await api(`/staff/banners/${id}/`, { method: 'PATCH', token, json: { is_active: false } })).status).toBe(
      200,
    );
    expect(await titles('kz')).not.toContain(id);
    expect((await api(`/staff/banners/${id}/`, { token })).body.is_active).toBe(false);

    const audit = await api(`/staff/changes/?entity=banner&entity_id=${id}`, { token });
    expect((audit.body.results as { action: string }[]).map((r) => r.action)).toEqual(['update', 'create']);
    expect((await api(`/staff/banners/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/banners/${id}/`, { token })).status).toBe(404);
  });

  it('adds an office with its phones, changes its hours, and the public contacts follow', async () => {
    const token = await staffAccess();
    const bad = await api('/staff/contacts/', { method: 'POST', token, json: { country: 'kg', email: 'нет' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['address', 'city', 'email']);

    const created = await api('/staff/contacts/', {
      method: 'POST',
      token,
      json: {
        country: 'kg',
        city: 'Ош',
        address: 'ул. Ленина, 1',
        phones: ['+996 555 000 111'],
        email: 'osh@dental.test',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const changed = await api(`/staff/contacts/${id}/`, {
      method: 'PATCH',
      token,
      json: { working_hours: 'Пн–Пт 9:00–18:00' },
    });
    expect(changed.body.working_hours).toBe('Пн–Пт 9:00–18:00');
    const publicOne = await api(`/core/contacts/${id}/`);
    expect(publicOne.status).toBe(200);
    expect(publicOne.body).toMatchObject({ city: 'Ош', working_hours: 'Пн–Пт 9:00–18:00' });
    // The chats clinics use first: a WhatsApp phone (stored as + and digits) and a Telegram username.
    const messengers = await api(`/staff/contacts/${id}/`, {
      method: 'PATCH',
      token,
      json: { whatsapp: '0770 45-67-89', telegram: 'https://t.me/dentalmarket_osh' },
    });
    expect(messengers.body).toMatchObject({ whatsapp: '+996770456789', telegram: 'dentalmarket_osh' });
    expect((await api(`/core/contacts/${id}/`)).body).toMatchObject({
      whatsapp: '+996770456789',
      telegram: 'dentalmarket_osh',
    });
    const refused = await api(`/staff/contacts/${id}/`, {
      method: 'PATCH',
      token,
      json: { whatsapp: 'позвоните', telegram: 'x y' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['telegram', 'whatsapp']);
    expect((await api(`/core/contacts/${id}/`)).body.telegram).toBe('dentalmarket_osh');
    expect((await api('/staff/contacts/999999/', { method: 'PATCH', token, json: { city: 'X' } })).status).toBe(404);
    expect((await api(`/staff/contacts/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/core/contacts/${id}/`)).status).toBe(404);
  });
});

describe('the back office: documents', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([
      ['GET', '/staff/documents/'],
      ['POST', '/staff/documents/'],
      ['PATCH', '/staff/documents/1/'],
      ['DELETE', '/staff/documents/1/'],
    ]);
  });

  it('writes a document sanitised, the public one follows at once, and its audit says what changed', async () => {
    const token = await staffAccess();
    const created = await api('/staff/documents/', {
      method: 'POST',
      token,
      json: {
        title: 'Лицензия на медицинскую деятельность',
        document_type: 'licence',
        content: '<p>Лицензия № 1</p><img src=x onerror=alert(1)>',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.slug).toBe('licenziya-na-medicinskuyu-deyatelnost');
    expect(created.body.content).not.toContain('onerror');
    const id = created.body.id as number;
    const updated = await api(`/staff/documents/${id}/`, {
      method: 'PATCH',
      token,
      json: { content: '<p>Лицензия № 2</p>' },
    });
    expect(updated.status).toBe(200);
    const onSite = await api(`/core/documents/?document_type=licence&limit=100`);
    const found = (onSite.body.results as { id: number; content: string }[]).find((d) => d.id === id);
    expect(found?.content).toContain('Лицензия № 2');
    const audit = await api(`/staff/changes/?entity=document&entity_id=${id}&limit=1`, { token });
    expect(Object.keys(audit.body.results[0].changes)).toEqual(['content']);
    expect((await api(`/staff/documents/${id}/`, { method: 'DELETE', token })).status).toBe(204);
  });
});

describe('the back office: printing prices', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([
      ['GET', '/staff/printing_prices/'],
      ['POST', '/staff/printing_prices/'],
      ['PATCH', '/staff/printing_prices/1/'],
      ['DELETE', '/staff/printing_prices/1/'],
    ]);
  });

  it('offers a printing service in one country, then in both, with its price per country audited', async () => {
    const token = await staffAccess();
    const bad = await api('/staff/printing_prices/', {
      method: 'POST',
      token,
      json: { service: 'Модель', material: '', unit: 'шт', prices: { kg: '-5', ru: '100' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['material', 'prices']);

    const created = await api('/staff/printing_prices/', {
      method: 'POST',
      token,
      json: { service: 'Хирургический шаблон', material: 'Фотополимер', unit: 'шт', prices: { kg: '3500' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.prices).toEqual({ kg: '3500.00', kz: null });
    const id = created.body.id as number;
    const offered = async (country: string) =>
      ((await api(`/services/printing_prices/?country=${country}&limit=100`)).body.results as { id: number }[]).map(
        (p) => p.id,
      );
    expect(await offered('kg')).toContain(id);
    expect(await offered('kz')).not.toContain(id);

    const both = await api(`/staff/printing_prices/${id}/`, {
      method: 'PATCH',
      token,
      json: { prices: { kz: 21000 } },
    });
    expect(both.body.prices).toEqual({ kg: '3500.00', kz: '21000.00' });
    expect(await offered('kz')).toContain(id);

    const audit = await api(`/staff/changes/?entity=printing_price&entity_id=${id}&limit=1`, { token });
    expect(audit.body.results[0].changes).toEqual({ price_kz: [null, '21000.00'] });
    expect((await api(`/staff/printing_prices/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect(await offered('kg')).not.toContain(id);
  });
});
