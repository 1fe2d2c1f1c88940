import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows, listAll, qs } from '../helpers/api.ts';

// Issue 36, item 7: a search that finds only look-alikes admits it found nothing, and a size or shade
// typed in the query puts that variant first.
const search = (text: string, params: Record<string, string> = {}) =>
  listAll<{ id: number; sku: string; name: string }>(`/products/products/?${qs({ search: text, ...params })}`);

/** Active products sold in Kyrgyzstan whose specification `slug` is `value`. */
async function withValue(slug: string, value: string, nameLike: string): Promise<number[]> {
  const rows = await dbRows<{ id: number }>(sql`
    select p.id::int as id from products p
    join product_specifications ps on ps.product_id = p.id
    join specifications s on s.id = ps.specification_id and s.slug = ${slug}
    where ps.value = ${value} and p.is_active and p.name ilike ${nameLike}
      and exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kg')`);
  return rows.map((row) => row.id);
}

describe('a search that finds nothing well', () => {
  it('GET /products/products/ answers an empty list for «ультракаин», though UltraCare and Ultra-Etch look alike', async () => {
    // The look-alikes are there, found by their own names.
    expect((await search('ultracare')).map((item) => item.name).join()).toMatch(/UltraCare/);
    const { status, body } = await api(`/products/products/?${qs({ search: 'ультракаин' })}`);
    expect(status).toBe(200);
    expect(body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const withFacets = await api(`/products/products/?${qs({ search: 'ультракаин', facets: 'true' })}`);
    expect(withFacets.body.count).toBe(0);
  });

  it('GET /products/suggestions/ suggests no product for it either', async () => {
    const { body } = await api(`/products/suggestions/?${qs({ q: 'ультракаин', country: 'kg' })}`);
    expect(body.products).toEqual([]);
  });

  it('GET /products/products/ still forgives a wrong letter, as typed and in a brand typed in Cyrillic', async () => {
    expect((await search('перчадки'))[0]!.name).toMatch(/^Перчатки /);
    expect((await search('адгизив')).slice(0, 3).every((item) => /адгезив/i.test(item.name))).toBe(true);
    expect((await search('харизма'))[0]!.name).toMatch(/^Charisma/);
  });
});

describe('a size or a shade typed in the query', () => {
  it('GET /products/products/ puts the gloves of size M first for «перчатки M», whatever the case', async () => {
    const sizeM = await withValue('razmer', 'M', 'Перчатки %');
    expect(sizeM.length).toBeGreaterThan(1);
    for (const text of ['перчатки M', 'перчатки m', 'M перчатки']) {
      const found = await search(text);
      expect(found.length).toBeGreaterThan(sizeM.length);
      expect(
        found
          .slice(0, sizeM.length)
          .map((item) => item.id)
          .sort((a, b) => a - b),
        text,
      ).toEqual([...sizeM].sort((a, b) => a - b));
    }
  });

  it('GET /products/products/ puts the shade typed first: «tetric a3» lists A3 before A3.5', async () => {
    const a3 = await withValue('ottenok-vita', 'A3', 'Tetric %');
    expect(a3.length).toBeGreaterThan(0);
    const found = await search('tetric a3');
    expect(
      found
        .slice(0, a3.length)
        .map((item) => item.id)
        .sort((a, b) => a - b),
    ).toEqual([...a3].sort((a, b) => a - b));
  });
});
