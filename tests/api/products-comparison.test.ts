import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';

// Issue 36, item 2: the favourites' comparison table reads the filter specifications of its products here.
describe('GET /products/comparison/', () => {
  it('gives the filter specifications of active products side by side, in the order asked', async () => {
    const rows = await dbRows<{ id: number }>(
      sql`select distinct ps.product_id as id from product_specifications ps
          join specifications s on s.id = ps.specification_id
          join products p on p.id = ps.product_id
          where s.is_filter and p.is_active order by ps.product_id limit 3`,
    );
    const ids = rows.map((r) => r.id).reverse();
    const { status, body, headers } = await api(`/products/comparison/?ids=${[...ids, 999999999].join(',')}`);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toMatch(/^public/);
    expect(body.products.map((p: { id: number }) => p.id)).toEqual(ids);
    const slugs = body.specifications.map((s: { slug: string }) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const product of body.products) for (const slug of Object.keys(product.values)) expect(slugs).toContain(slug);
    // In the shop's order of specifications, and never one that is no filter (warranty, shelf life).
    const order = await dbRows<{ slug: string; is_filter: boolean }>(
      sql`select slug, is_filter from specifications order by position, name`,
    );
    expect(slugs).toEqual(order.filter((s) => s.is_filter && slugs.includes(s.slug)).map((s) => s.slug));
  });

  it('joins several values of one specification', async () => {
    const [multi] = await dbRows<{ id: number; slug: string; n: number }>(
      sql`select ps.product_id as id, s.slug, count(*)::int as n from product_specifications ps
          join specifications s on s.id = ps.specification_id where s.is_filter
          group by 1, 2 having count(*) > 1 limit 1`,
    );
    if (!multi) return;
    const { body } = await api(`/products/comparison/?ids=${multi.id}`);
    expect(body.products[0].values[multi.slug].split(', ')).toHaveLength(multi.n);
  });

  it('leaves out inactive products and refuses ids that are not a list of numbers', async () => {
    const [inactive] = await dbRows<{ id: number }>(sql`update products set is_active = false
      where id = (select min(id) from products) returning id`);
    expect((await api(`/products/comparison/?ids=${inactive!.id}`)).body).toEqual({ specifications: [], products: [] });
    for (const ids of ['', 'a,b', '1,,2', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const answer = await api(`/products/comparison/?ids=${ids}`);
      expect(answer.status, ids).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['ids']);
    }
    expect((await api('/products/comparison/')).status).toBe(400);
  });
});
