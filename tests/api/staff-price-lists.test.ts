import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dbRows, qs } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly, staffCrudRoutes } from '../helpers/staff-access.ts';

// Price lists in the back office (issue 37, staff): rules, fixed prices, the clinics using them, the journal.

interface Product {
  sku: string;
  name: string;
  brand: string;
  category: string;
  price: string;
}

let token: string;
let products: Product[];
let counter = 0;
const unique = (base: string) => `${base} ${process.pid}-${++counter}-${Date.now()}`;

beforeAll(async () => {
  token = await staffAccess();
  products = await dbRows<Product>(
    sql`select p.sku, p.name, b.slug as brand, c.slug as category, o.price::text as price
        from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
        join product_offers o on o.product_id = p.id and o.country = 'kg'
        order by p.id limit 3`,
  );
  expect(products.length).toBe(3);
});

async function create(json: Record<string, unknown>) {
  return api('/staff/price_lists/', { method: 'POST', token, json: { country: 'kg', ...json } });
}

async function journal(entityId: number) {
  const answer = await api(`/staff/journal/?${qs({ entity: 'price_list', entity_id: String(entityId), limit: 20 })}`, {
    token,
  });
  expect(answer.status).toBe(200);
  return answer.body.results as { action: string; summary: string; changes: { field: string; text: string }[] }[];
}

describe('staff price lists', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly(staffCrudRoutes('/staff/price_lists/'));
  });

  it('creates a list with discounts and fixed prices, reads it with product names, and journals it', async () => {
    const [first, second] = products;
    const name = unique('Договор');
    const created = await create({
      name,
      comment: 'Сеть клиник, договор № 12',
      rules: [
        { scope: 'all', percent: '5' },
        { scope: 'brand', brand: first!.brand, percent: 10 },
        { scope: 'category', category: second!.category, percent: '7.5' },
      ],
      prices: [{ sku: first!.sku.toLowerCase(), price: '100.50' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name,
      country: 'kg',
      comment: 'Сеть клиник, договор № 12',
      prices_count: 1,
      prices: [{ sku: first!.sku, name: first!.name, price: '100.50', public_price: first!.price }],
      clinics: [],
    });
    expect(created.body.rules).toEqual([
      { scope: 'all', brand: null, category: null, percent: '5.00' },
      { scope: 'brand', brand: { slug: first!.brand, name: expect.any(String) }, category: null, percent: '10.00' },
      {
        scope: 'category',
        brand: null,
        category: { slug: second!.category, name: expect.any(String) },
        percent: '7.50',
      },
    ]);
    const id = created.body.id as number;

    const listed = await api(`/staff/price_lists/?${qs({ search: name, country: 'kg' })}`, { token });
    expect(listed.body.count).toBe(1);
    expect(listed.body.results[0]).toMatchObject({ id, prices_count: 1 });
    expect(listed.body.results[0].prices).toBeUndefined();
    expect((await api(`/staff/price_lists/?${qs({ search: name, country: 'kz' })}`, { token })).body.count).toBe(0);

    const [entry] = await journal(id);
    expect(entry!.action).toBe('create');
    expect(entry!.summary).toBe(`создал(а) прайс-лист «${name}»`);
    expect(entry!.changes.map((c) => c.text)).toEqual(
      expect.arrayContaining([`указал(а) фиксированную цену ${first!.sku}: 100,5`]),
    );
  });

  it('validates rules: the percent, the target, that it exists and that each target has one rule', async () => {
    const [first] = products;
    const percent = await create({ name: unique('П'), rules: [{ scope: 'all', percent: '100' }] });
    expect(percent.status).toBe(400);
    expect(percent.body.rules[0].percent).toEqual(['Процент больше 0 и меньше 100: 5 или 7.5.']);
    expect((await create({ name: unique('П'), rules: [{ scope: 'all', percent: 0 }] })).status).toBe(400);

    const targets = await create({
      name: unique('П'),
      rules: [
        { scope: 'brand', percent: '5' },
        { scope: 'brand', brand: 'no-such-brand', percent: '5' },
        { scope: 'category', category: 'no-such-category', percent: '5' },
        { scope: 'all', brand: first!.brand, percent: '5' },
        { scope: 'brand', brand: first!.brand, percent: '5' },
        { scope: 'brand', brand: first!.brand, percent: '6' },
      ],
    });
    expect(targets.status).toBe(400);
    expect(targets.body.rules).toEqual([
      { brand: ['Выберите бренд.'] },
      { brand: ['Бренда «no-such-brand» нет.'] },
      { category: ['Категории «no-such-category» нет.'] },
      { scope: ['Скидка на все товары не называет бренд или категорию.'] },
      {},
      { scope: [expect.stringMatching(/^Такая скидка уже есть/)] },
    ]);
    const scope = await create({ name: unique('П'), rules: [{ scope: 'everything', percent: '5' }] });
    expect(scope.body.rules[0].scope).toEqual(['Допустимые значения: all, brand, category.']);
  });

  it('validates fixed prices and names: known SKUs once each, prices above 0, names unique', async () => {
    const [first] = products;
    const prices = await create({
      name: unique('П'),
      prices: [
        { sku: first!.sku, price: '10' },
        { sku: 'NO-SUCH-SKU', price: '10' },
        { sku: first!.sku, price: '11' },
        { sku: first!.sku, price: '0' },
      ],
    });
    expect(prices.status).toBe(400);
    expect(prices.body.prices[3].price).toEqual(['Цена больше 0, не больше 2 знаков после точки: 1200 или 1200.50.']);
    const known = await create({
      name: unique('П'),
      prices: [
        { sku: first!.sku, price: '10' },
        { sku: 'NO-SUCH-SKU', price: '10' },
        { sku: first!.sku, price: '11' },
      ],
    });
    expect(known.body.prices).toEqual([
      {},
      { sku: ['Товара с артикулом NO-SUCH-SKU нет.'] },
      { sku: ['Этот артикул уже есть в списке выше.'] },
    ]);
    const name = unique('Одно имя');
    expect((await create({ name })).status).toBe(201);
    const taken = await create({ name: name.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.name).toEqual(['Прайс-лист с таким названием уже есть.']);
    const country = await create({ name: unique('П'), country: 'ru' });
    expect(country.status).toBe(400);
  });

  it('changes rules as a whole, adds, changes and removes fixed prices, journaling each', async () => {
    const [first, second, third] = products;
    const created = await create({
      name: unique('Правки'),
      rules: [{ scope: 'all', percent: '5' }],
      prices: [
        { sku: first!.sku, price: '100' },
        { sku: second!.sku, price: '200' },
      ],
    });
    const id = created.body.id as number;
    const changed = await api(`/staff/price_lists/${id}/`, {
      method: 'PATCH',
      token,
      json: {
        comment: 'новый',
        rules: [{ scope: 'brand', brand: first!.brand, percent: '3' }],
        prices: [
          { sku: second!.sku, price: '190' },
          { sku: third!.sku, price: '300' },
        ],
        remove_prices: [first!.sku],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.rules).toEqual([expect.objectContaining({ scope: 'brand', percent: '3.00' })]);
    expect(changed.body.prices.map((p: { sku: string; price: string }) => [p.sku, p.price]).sort()).toEqual(
      [
        [second!.sku, '190.00'],
        [third!.sku, '300.00'],
      ].sort(),
    );
    const unknown = await api(`/staff/price_lists/${id}/`, {
      method: 'PATCH',
      token,
      json: { remove_prices: ['NO-SUCH-SKU'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ remove_prices: ['Товара с артикулом NO-SUCH-SKU нет.'] });

    const [entry] = await journal(id);
    expect(entry!.action).toBe('update');
    const texts = entry!.changes.map((c) => c.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'указал(а) комментарий: новый',
        `изменил(а) фиксированную цену ${second!.sku}: 200 → 190`,
        `указал(а) фиксированную цену ${third!.sku}: 300`,
        `убрал(а) фиксированную цену ${first!.sku} (было: 100)`,
      ]),
    );
    expect(texts.find((t) => t.startsWith('изменил(а) скидки'))).toMatch(/все товары: −5 % → бренд «.+»: −3 %/);

    const same = await api(`/staff/price_lists/${id}/`, { method: 'PATCH', token, json: {} });
    expect(same.status).toBe(200);
    expect((await journal(id)).length).toBe(2);
  });

  it('refuses to delete a list clinics use, or to move it to another country, and deletes it once free', async () => {
    const [first] = products;
    const created = await create({ name: unique('Занятый'), prices: [{ sku: first!.sku, price: '50' }] });
    const id = created.body.id as number;
    const moved = await api(`/staff/price_lists/${id}/`, { method: 'PATCH', token, json: { country: 'kz' } });
    expect(moved.status).toBe(400);
    expect(moved.body.country[0]).toMatch(/нельзя сменить/);

    const [clinic] = await dbRows<{ id: number }>(
      sql`insert into clinics (name, tax_number, country, price_list_id)
          values ('Клиника прайс-листа', '01234567890123', 'kg', ${id}) returning id`,
    );
    const read = await api(`/staff/price_lists/${id}/`, { token });
    expect(read.body.clinics).toEqual([
      { id: clinic!.id, name: 'Клиника прайс-листа', tax_number: '01234567890123', verified: false },
    ]);
    const refused = await api(`/staff/price_lists/${id}/`, { method: 'DELETE', token });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors).toEqual(['Прайс-лист назначен клиникам (1): сначала снимите его с них.']);

    await dbRows(sql`update clinics set price_list_id = null where id = ${clinic!.id}`);
    expect((await api(`/staff/price_lists/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/price_lists/${id}/`, { token })).status).toBe(404);
    const [entry] = await journal(id);
    expect(entry!.action).toBe('delete');
    const free = await create({ name: unique('Без цен') });
    const kz = await api(`/staff/price_lists/${free.body.id}/`, { method: 'PATCH', token, json: { country: 'kz' } });
    expect(kz.status).toBe(200);
    expect(kz.body.country).toBe('kz');
  });
});
