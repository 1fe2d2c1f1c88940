import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';

// Issue 36, item 9: sizes sort as sizes in the filters and in a product's variants.
describe('sizes in size order', () => {
  it('GET /products/specifications/ lists the gloves’ sizes XS, S, M, L, XL', async () => {
    const { status, body } = await api('/products/specifications/?category__slug=perchatki&limit=100');
    expect(status).toBe(200);
    const size = body.results.find((spec: { slug: string }) => spec.slug === 'razmer');
    const values = size.values.map((v: { value: string }) => v.value);
    expect(values).toEqual(['XS', 'S', 'M', 'L', 'XL'].filter((v) => values.includes(v)));
    expect(values.indexOf('XS')).toBeLessThan(values.indexOf('XL'));
  });

  it('GET /products/products/?facets=true counts the sizes in size order', async () => {
    const { body } = await api('/products/products/?category=perchatki&facets=true&limit=1');
    const size = body.facets.specifications.find((spec: { slug: string }) => spec.slug === 'razmer');
    const values = size.values.map((v: { value: string }) => v.value);
    expect(values.length).toBeGreaterThan(2);
    expect(values).toEqual(['XS', 'S', 'M', 'L', 'XL'].filter((v) => values.includes(v)));
  });

  it('GET /products/products/{slug}/ lists a glove’s sizes in size order, not by article', async () => {
    const [glove] = await dbRows<{ slug: string }>(sql`select slug from products where sku = 'MC-STN-M'`);
    const { body } = await api(`/products/products/${glove!.slug}/?country=kg`);
    const labels = body.family_members.map((m: { label: string }) => m.label);
    expect(labels.length).toBeGreaterThan(2);
    const order = ['XS', 'S', 'M', 'L', 'XL'];
    const ranks = labels.map((label: string) =>
      order.findIndex((size) => label.startsWith(size) && !/^X/.test(label.slice(size.length))),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});
