import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/accounts.ts';
import { api, dbRows, qs } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

const one = async <T>(query: ReturnType<typeof sql>) => (await dbRows<T>(query))[0]!;

let counter = 0;
const newSku = () => `BULK-${process.pid}-${++counter}`;

interface Product {
  sku: string;
  is_active: boolean;
  category: { slug: string };
  brand: { slug: string } | null;
}

async function newProducts(token: string, n: number): Promise<Product[]> {
  const category = await one<{ slug: string }>(sql`select slug from categories order by id limit 1`);
  const made: Product[] = [];
  for (let i = 0; i < n; i++) {
    const created = await api('/staff/products/', {
      method: 'POST',
      token,
      json: { sku: newSku(), name: `Товар для массовых правок ${counter}`, category: category.slug },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    made.push(created.body as Product);
  }
  return made;
}

const bulk = async (token: string, json: unknown) =>
  api('/staff/products/bulk_update/', { method: 'POST', token, json });
const read = async (token: string, sku: string) =>
  (await api(`/staff/products/${encodeURIComponent(sku)}/`, { token })).body as Product;

describe('POST /staff/products/bulk_update/: several products at once', () => {
  it('is for staff only', async () => {
    const customer = await signedIn();
    const body = { skus: ['X'], changes: { is_active: false } };
    expect((await api('/staff/products/bulk_update/', { method: 'POST', json: body })).status).toBe(401);
    expect((await bulk(customer.tokens.access, body)).status).toBe(403);
  });

  it('hides and shows products, names the unknown SKUs, and journals each product', async () => {
    const token = await staffAccess();
    const [a, b] = await newProducts(token, 2);
    const hidden = await bulk(token, { skus: [a!.sku, b!.sku, 'NO-SUCH-SKU', a!.sku], changes: { is_active: false } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body).toEqual({ updated: [a!.sku, b!.sku], unchanged: [], not_found: ['NO-SUCH-SKU'] });
    expect((await read(token, a!.sku)).is_active).toBe(false);
    expect((await read(token, b!.sku)).is_active).toBe(false);

    const again = await bulk(token, { skus: [a!.sku], changes: { is_active: false } });
    expect(again.body).toEqual({ updated: [], unchanged: [a!.sku], not_found: [] });

    const history = await api<{ results: { changes: { text: string }[] }[] }>(
      `/staff/journal/?${qs({ entity: 'product', entity_id: b!.sku })}`,
      { token },
    );
    expect(history.body.results[0]!.changes.map((c) => c.text)).toEqual(['скрыл(а) с сайта']);
  });

  it('moves products to a category and a brand, and takes the brand away', async () => {
    const token = await staffAccess();
    const [a, b] = await newProducts(token, 2);
    const category = await one<{ slug: string }>(sql`select slug from categories order by id desc limit 1`);
    const brand = await one<{ slug: string }>(sql`select slug from brands order by id limit 1`);
    const moved = await bulk(token, {
      skus: [a!.sku, b!.sku],
      changes: { category: category.slug, brand: brand.slug },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.updated).toEqual([a!.sku, b!.sku]);
    expect(await read(token, a!.sku)).toMatchObject({ category: { slug: category.slug }, brand: { slug: brand.slug } });

    const noBrand = await bulk(token, { skus: [b!.sku], changes: { brand: null } });
    expect(noBrand.status).toBe(200);
    expect((await read(token, b!.sku)).brand).toBeNull();
  });

  it('refuses an unknown category whole, and bad bodies with field errors', async () => {
    const token = await staffAccess();
    const [a] = await newProducts(token, 1);
    const unknown = await bulk(token, {
      skus: [a!.sku],
      changes: { category: 'net-takoi-kategorii', is_active: false },
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body)).toEqual(['category']);
    expect((await read(token, a!.sku)).is_active).toBe(true);

    for (const body of [
      {},
      { skus: [], changes: { is_active: true } },
      { skus: [a!.sku], changes: {} },
      { skus: [a!.sku], changes: { name: 'Другое' } },
      { skus: [a!.sku], changes: { is_active: 'нет' } },
      { skus: [a!.sku], changes: { category: 'Не Slug' } },
      { skus: Array.from({ length: 501 }, (_, i) => `S-${i}`), changes: { is_active: true } },
    ]) {
      const answer = await bulk(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body).toBe('object');
    }
  });
});
