import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importFile, staffAccess } from '../helpers/imports.ts';
import { startPhotoServer } from '../helpers/photo-server.ts';

const one = async <T>(query: ReturnType<typeof sql>) => (await dbRows<T>(query))[0]!;

async function refs() {
  const category = await one<{ slug: string }>(sql`select slug from categories order by id limit 1`);
  const brand = await one<{ slug: string; name: string }>(sql`select slug, name from brands order by id limit 1`);
  const spec = await one<{ slug: string }>(
    sql`select slug from specifications where kind = 'text' order by id limit 1`,
  );
  return { category: category.slug, brand: brand.slug, brandName: brand.name, spec: spec.slug };
}

let photos: Awaited<ReturnType<typeof startPhotoServer>>;
beforeAll(async () => {
  photos = await startPhotoServer();
});
afterAll(() => photos.close());

let counter = 0;
const newSku = () => `BO-${process.pid}-${++counter}`;

describe('the back office: products', () => {
  it('keeps every route to staff', async () => {
    const customer = await signedIn();
    for (const [method, path] of [
      ['GET', '/staff/products/'],
      ['GET', '/staff/products/X/'],
      ['POST', '/staff/products/'],
      ['PATCH', '/staff/products/X/'],
    ] as const) {
      const init = method === 'GET' ? {} : { method, json: {} };
      expect((await api(path, init)).status, `${method} ${path}`).toBe(401);
      expect((await api(path, { ...init, token: customer.tokens.access })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('creates a product exactly as a products file would, and the storefront shows it', async () => {
    const token = await staffAccess();
    const { category, brand, brandName, spec } = await refs();
    const row = {
      name: 'Композит тестовый A2, 4 г',
      category,
      brand,
      family: 'TEST-FAMILY',
      description: '<p>Светоотверждаемый.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      images: [photos.url('/photo/14a3a0.png')],
      specifications: { [spec]: 'A2' },
    };
    const made = newSku();
    const created = await api('/staff/products/', { method: 'POST', token, json: { sku: made, ...row } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      sku: made,
      name: row.name,
      category: { slug: category },
      brand: { slug: brand, name: brandName },
      family: 'TEST-FAMILY',
      is_active: true,
      offers: [],
      images: [expect.stringMatching(/^\/media\/[0-9a-f]{24}$/)],
      specifications: { [spec]: ['A2'] },
    });
    expect(created.body.description).toContain('Светоотверждаемый');
    expect(created.body.description).not.toMatch(/script|onerror/);

    const imported = newSku();
    const task = await importFile('products', {
      name: 'p.json',
      data: JSON.stringify({ format: 'products@1', products: [{ sku: imported, ...row }] }),
    });
    expect(task.status).toBe('SUCCESS');
    const fromFile = (await api(`/staff/products/${imported}/`, { token })).body;
    const comparable = ({ id: _id, sku: _sku, slug: _slug, updated_at: _at, ...rest }: Record<string, unknown>) => rest;
    expect(comparable(created.body)).toEqual(comparable(fromFile));

    const audit = await dbRows<{ source: string; field: string }>(
      sql`select source, field from catalog_changes where sku = ${made} order by id`,
    );
    expect(audit[0]).toMatchObject({ source: 'staff' });

    expect((await api('/staff/products/', { method: 'POST', token, json: { sku: made, name: 'x' } })).status).toBe(409);
  });

  it('changes only the keys sent, refuses what a products file refuses, per field', async () => {
    const token = await staffAccess();
    const { category } = await refs();
    const sku = newSku();
    expect(
      (
        await api('/staff/products/', {
          method: 'POST',
          token,
          json: { sku, name: 'Зеркало стоматологическое', category },
        })
      ).status,
    ).toBe(201);
    const patched = await api(`/staff/products/${sku}/`, {
      method: 'PATCH',
      token,
      json: { is_active: false, family: 'MIRRORS' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Зеркало стоматологическое', is_active: false, family: 'MIRRORS' });

    const refused = await api(`/staff/products/${sku}/`, {
      method: 'PATCH',
      token,
      json: { category: 'no-such-category', prise: 10, name: null },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['name', 'prise']);
    const unknownCategory = await api(`/staff/products/${sku}/`, {
      method: 'PATCH',
      token,
      json: { category: 'no-such-category' },
    });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.category[0]).toContain('no-such-category');
    expect((await api(`/staff/products/${sku}/`, { token })).body.family).toBe('MIRRORS');

    expect((await api('/staff/products/NO-SUCH/', { method: 'PATCH', token, json: { name: 'x' } })).status).toBe(404);
    expect(
      (await api(`/staff/products/${sku}/`, { method: 'PATCH', token, json: { sku: 'OTHER' } })).body.sku[0],
    ).toContain('не совпадает');
    expect((await api('/staff/products/', { method: 'POST', token, json: { name: 'Без артикула' } })).status).toBe(400);
    expect(
      (await api('/staff/products/', { method: 'POST', token, json: { sku: newSku(), name: 'Без категории' } })).body,
    ).toHaveProperty('category');
  });

  it('lists every product, hidden ones too, by search, category, state and ordering', async () => {
    const token = await staffAccess();
    const { category } = await refs();
    const sku = newSku();
    await api('/staff/products/', {
      method: 'POST',
      token,
      json: { sku, name: 'Ретрактор уникальный', category, is_active: false },
    });
    const found = await api(`/staff/products/?search=${encodeURIComponent('ретрактор уник')}&is_active=false`, {
      token,
    });
    expect(found.status).toBe(200);
    expect(found.body.results.map((p: { sku: string }) => p.sku)).toEqual([sku]);
    expect((await api(`/staff/products/?search=${sku.toLowerCase()}&category=${category}`, { token })).body.count).toBe(
      1,
    );
    const sorted = await api('/staff/products/?ordering=-sku&limit=3', { token });
    const skus = sorted.body.results.map((p: { sku: string }) => p.sku);
    expect(skus).toEqual([...skus].sort().reverse());
    const withOffers = await api('/staff/products/?is_active=true&limit=1', { token });
    expect(withOffers.body.results[0].offers[0]).toMatchObject({
      country: expect.any(String),
      price: expect.any(String),
      quantity: expect.any(Number),
    });
    for (const bad of ['is_active=yes', 'ordering=price', 'limit=0'])
      expect((await api(`/staff/products/?${bad}`, { token })).status, bad).toBe(400);
  });
});
