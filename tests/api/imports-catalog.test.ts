import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';
import { importFile, offers, someOffers, staffAccess, upload, UPLOAD } from '../helpers/imports.ts';

const json = (value: unknown) => ({ name: 'file.json', data: JSON.stringify(value, null, 2) });

async function aCategory(): Promise<string> {
  const [row] = await dbRows<{ slug: string }>(
    sql`select slug from categories where parent_id is not null order by id limit 1`,
  );
  return row!.slug;
}

async function aSpecification(kind: 'text' | 'number'): Promise<string> {
  const [row] = await dbRows<{ slug: string }>(
    sql`select slug from specifications where kind = ${kind} order by id limit 1`,
  );
  return row!.slug;
}

describe('products import', () => {
  it('creates new SKUs and updates known ones, changing only the keys a row has', async () => {
    const category = await aCategory();
    const [known] = await dbRows<{ sku: string; name: string; description: string }>(
      sql`select sku, name, description from products order by id limit 1`,
    );
    const sku = `NEW-${Date.now()}`;
    const task = await importFile(
      'products',
      json({
        format: 'products@1',
        products: [
          {
            sku,
            name: 'Композит «Тест» A2, шприц 4 г',
            category,
            brand: 'Совсем Новый Бренд',
            description: '<p>Текст<script>alert(1)</script></p>',
          },
          { sku: known!.sku, is_active: true, family: null },
        ],
      }),
    );
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { rows: 2, created: 1, errors: 0 } });
    expect(task.result.notes.join(' ')).toContain('Совсем Новый Бренд');
    const [created] = await dbRows<{ slug: string; description: string; brand: string }>(
      sql`select p.slug, p.description, b.name as brand from products p join brands b on b.id = p.brand_id where p.sku = ${sku}`,
    );
    expect(created!.slug).toMatch(/^kompozit-test-a2/);
    expect(created!.description).not.toContain('script');
    expect(created!.brand).toBe('Совсем Новый Бренд');
    const [after] = await dbRows<{ name: string; description: string }>(
      sql`select name, description from products where sku = ${known!.sku}`,
    );
    expect(after).toEqual({ name: known!.name, description: known!.description });
    // It has no price yet: shown, but not sold anywhere until the prices file comes.
    const page = await api(`/products/products/${created!.slug}/?country=kg`);
    expect(page.status).toBe(200);
    expect(page.body.price).toBeNull();
  });

  it('reports unknown keys, a missing name or category, unknown specifications and categories, every one with its line', async () => {
    const category = await aCategory();
    const spec = await aSpecification('text');
    const task = await importFile(
      'products',
      json([
        { sku: 'BAD-1', name: 'Без категории' },
        { sku: 'BAD-2', name: 'Опечатка', category, prise: 100 },
        {
          sku: 'BAD-3',
          name: 'Неизвестная характеристика',
          category,
          specifications: { 'no-such-spec': 'x', [spec]: 'ok' },
        },
        { sku: 'BAD-4', name: 'Неизвестная категория', category: 'no-such-category' },
      ]),
    );
    expect(task.status).toBe('FAILURE');
    const codes = task.errors.map((e: any) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining(['field_required', 'unknown_field', 'specification_unknown', 'category_unknown']),
    );
    expect(new Set(task.errors.map((e: any) => e.row)).size).toBe(4);
    expect(task.errors.find((e: any) => e.code === 'specification_unknown').message).toContain(spec);
    expect((await dbRows(sql`select 1 from products where sku like 'BAD-%'`)).length).toBe(0);
  });

  it('POST upload_products_json/ takes a table, and refuses an .xls and a JSON top level that is not the format', async () => {
    expect((await upload(UPLOAD.products, { name: 'a.csv', data: 'артикул;наименование\r\nA;Бор' })).status).toBe(202);
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(200)]);
    const old = await upload(UPLOAD.products, { name: 'old.xls', data: xls });
    expect(old.status).toBe(400);
    expect(old.body.file[0]).toContain('97–2003');
    const wrong = await upload(UPLOAD.products, json({ format: 'prices@1', prices: [] }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.file[0]).toBeTypeOf('string');
  });
});

describe('prices import', () => {
  it('sets prices, creates the offer of a product not sold in the country yet, and refuses an old price not above', async () => {
    const [a] = await someOffers('kg', 1);
    const [notInKz] = await dbRows<{ sku: string }>(
      sql`select p.sku from products p where not exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kz') order by p.sku limit 1`,
    );
    const rows: unknown[] = [
      { sku: a!.sku, price: '1234.5', old_price: null },
      { sku: a!.sku, country: 'kz', price: 99, old_price: 50 },
    ];
    if (notInKz) rows.push({ sku: notInKz.sku, country: 'kz', price: '777' });
    const task = await importFile(
      'prices',
      json({ format: 'prices@1', country: 'kg', currency: 'KGS', prices: rows }),
      {
        error_policy: 'reject_failed_rows',
      },
    );
    expect(task.status).toBe('SUCCESS');
    expect(task.errors.map((e: any) => e.code)).toEqual(expect.arrayContaining(['currency_mismatch']));
    expect((await offers('kg', [a!.sku])).get(a!.sku)).toMatchObject({ price: '1234.50', old_price: null });
  });

  it('fails a file whose currency is not its country’s', async () => {
    const task = await importFile('prices', json({ format: 'prices@1', country: 'kg', currency: 'KZT', prices: [] }));
    expect(task.status).toBe('FAILURE');
    expect(task.result).toBeTypeOf('string');
  });

  it('creates the offer with stock 0 and the price, and undo takes it away again', async () => {
    const [notInKz] = await dbRows<{ sku: string }>(
      sql`select p.sku from products p where not exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kz') order by p.sku desc limit 1`,
    );
    if (!notInKz) return;
    const task = await importFile(
      'prices',
      json({ format: 'prices@1', country: 'kz', currency: 'KZT', prices: [{ sku: notInKz.sku, price: 4200 }] }),
    );
    expect(task.counts).toMatchObject({ created: 1, errors: 0 });
    expect((await offers('kz', [notInKz.sku])).get(notInKz.sku)).toMatchObject({ price: '4200.00', quantity: 0 });
    const undo = await api(`/staff/imports/${task.task_id}/undo/`, { method: 'POST', token: await staffAccess() });
    expect(undo.status).toBe(200);
    expect((await offers('kz', [notInKz.sku])).has(notInKz.sku)).toBe(false);
  });
});
