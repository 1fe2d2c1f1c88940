import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly, staffCrudRoutes } from '../helpers/staff-access.ts';

let counter = 0;
const unique = (base: string) => `${base}-${process.pid}-${++counter}`;

describe('the back office: categories and brands', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([...staffCrudRoutes('/staff/categories/'), ...staffCrudRoutes('/staff/brands/')]);
  });

  it('adds a category under another, shows it in the public tree at once, hides it, and refuses a loop', async () => {
    const token = await staffAccess();
    const parent = await api('/staff/categories/', {
      method: 'POST',
      token,
      json: { name: 'Эндодонтия тест', slug: unique('endo') },
    });
    expect(parent.status, JSON.stringify(parent.body)).toBe(201);
    expect(parent.body).toMatchObject({ parent: null, depth: 0, is_active: true, products: 0 });
    const child = await api('/staff/categories/', {
      method: 'POST',
      token,
      json: { name: 'Каналонаполнители тест', parent: parent.body.slug, position: 3 },
    });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    expect(child.body).toMatchObject({ parent: parent.body.slug, depth: 1, position: 3 });
    expect(child.body.slug).toMatch(/^kanalonapolniteli-test/);

    const tree = await api('/products/categories/');
    const node = (tree.body as { slug: string; children: { slug: string }[] }[]).find(
      (c) => c.slug === parent.body.slug,
    );
    expect(node?.children.map((c) => c.slug)).toEqual([child.body.slug]);

    const loop = await api(`/staff/categories/${parent.body.id}/`, {
      method: 'PATCH',
      token,
      json: { parent: child.body.slug },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.parent).toEqual(['Категорию нельзя вложить в саму себя или в её подкатегорию.']);
    const unknown = await api(`/staff/categories/${child.body.id}/`, {
      method: 'PATCH',
      token,
      json: { parent: 'no-such' },
    });
    expect(unknown.status).toBe(400);

    const hidden = await api(`/staff/categories/${child.body.id}/`, {
      method: 'PATCH',
      token,
      json: { is_active: false },
    });
    expect(hidden.status).toBe(200);
    const after = await api('/products/categories/');
    const again = (after.body as { slug: string; children: unknown[] }[]).find((c) => c.slug === parent.body.slug);
    expect(again?.children).toEqual([]);

    const taken = await api('/staff/categories/', {
      method: 'POST',
      token,
      json: { name: 'Дубль', slug: parent.body.slug },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.slug[0]).toContain('уже занят');

    const busy = await api(`/staff/categories/${parent.body.id}/`, { method: 'DELETE', token });
    expect(busy.status).toBe(400);
    expect(busy.body.non_field_errors[0]).toContain('подкатегорий: 1');
    expect((await api(`/staff/categories/${child.body.id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/categories/${parent.body.id}/`, { method: 'DELETE', token })).status).toBe(204);

    const audit = await api(`/staff/changes/?entity=category&entity_id=${child.body.id}`, { token });
    expect((audit.body.results as { action: string }[]).map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(audit.body.results[1].changes).toEqual({ isActive: [true, false] });
  });

  it('keeps a category’s «С этим покупают» list, which the product page follows at once', async () => {
    const token = await staffAccess();
    const { body: list } = await api('/staff/categories/?limit=200', { token });
    const composites = list.results.find((c: { slug: string }) => c.slug === 'kompozity');
    expect(composites.companions).toEqual(['adgezivy', 'travilnye-geli', 'polirovochnye-diski', 'matricy-i-klinya']);
    const { body: products } = await api('/products/products/?country=kg&category=kompozity&limit=1');
    const slug = products.results[0].slug;

    const changed = await api(`/staff/categories/${composites.id}/`, {
      method: 'PATCH',
      token,
      json: { companions: ['polirovochnye-pasty', 'adgezivy'] },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.companions).toEqual(['polirovochnye-pasty', 'adgezivy']);
    const related = await api(`/products/products/${slug}/related/?country=kg`);
    expect(related.body.bought_with[0].category.slug).toBe('polirovochnye-pasty');
    expect(
      related.body.bought_with.every((p: { category: { slug: string } }) =>
        ['polirovochnye-pasty', 'adgezivy'].includes(p.category.slug),
      ),
    ).toBe(true);

    for (const companions of [['no-such-category'], ['kompozity'], 'adgezivy']) {
      const refused = await api(`/staff/categories/${composites.id}/`, {
        method: 'PATCH',
        token,
        json: { companions },
      });
      expect(refused.status, JSON.stringify(companions)).toBe(400);
      expect(Object.keys(refused.body)).toEqual(['companions']);
    }
    expect((await api(`/staff/categories/${composites.id}/`, { token })).body.companions).toEqual([
      'polirovochnye-pasty',
      'adgezivy',
    ]);
    const journal = await api(`/staff/changes/?entity=category&entity_id=${composites.id}`, { token });
    expect(JSON.stringify(journal.body)).toContain('polirovochnye-pasty');
  });

  it('refuses to delete a category with products, and keeps it', async () => {
    const token = await staffAccess();
    const category = await api('/staff/categories/', {
      method: 'POST',
      token,
      json: { name: 'Боры тест', slug: unique('bory') },
    });
    const sku = unique('BOR');
    const product = await api('/staff/products/', {
      method: 'POST',
      token,
      json: { sku, name: 'Бор алмазный тест', category: category.body.slug },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect((await api(`/staff/categories/${category.body.id}/`, { token })).body.products).toBe(1);
    const refused = await api(`/staff/categories/${category.body.id}/`, { method: 'DELETE', token });
    expect(refused.status).toBe(400);
    expect(refused.body.non_field_errors[0]).toContain('товаров: 1');
    expect((await api(`/staff/categories/${category.body.id}/`, { token })).status).toBe(200);
  });

  it('adds, renames and deletes a brand, the public list following at once', async () => {
    const token = await staffAccess();
    const bad = await api('/staff/brands/', {
      method: 'POST',
      token,
      json: { name: ' ', logo: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['logo', 'name']);

    const created = await api('/staff/brands/', {
      method: 'POST',
      token,
      json: { name: 'Тестбренд', slug: unique('testbrand'), origin: 'Германия', logo: '/images/brands/test.svg' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ origin: 'Германия', products: 0 });
    const id = created.body.id as number;
    expect((await api(`/products/brands/${id}/`)).body.name).toBe('Тестбренд');

    const renamed = await api(`/staff/brands/${id}/`, { method: 'PATCH', token, json: { name: 'Тестбренд Про' } });
    expect(renamed.body.name).toBe('Тестбренд Про');
    expect((await api(`/products/brands/${id}/`)).body.name).toBe('Тестбренд Про');

    expect((await api(`/staff/brands/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/products/brands/${id}/`)).status).toBe(404);
    expect((await api(`/staff/brands/${id}/`, { token })).status).toBe(404);
    const audit = await api(`/staff/changes/?entity=brand&entity_id=${id}`, { token });
    expect(audit.body.results[1].changes).toEqual({ name: ['Тестбренд', 'Тестбренд Про'] });
  });
});
