import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dbRows, listAll, qs } from '../helpers/api.ts';

type Params = Record<string, string | number | boolean | undefined>;
const list = (params: Params = {}) => api(`/products/products/?${qs(params)}`);
const search = (text: string, params: Params = {}) => listAll(`/products/products/?${qs({ search: text, ...params })}`);
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);
const pricesSorted = (items: { price: string }[], direction: 1 | -1) =>
  items.every((item, i) => i === 0 || (Number(item.price) - Number(items[i - 1]!.price)) * direction >= 0);

interface ProductRow {
  id: number;
  sku: string;
  name: string;
}

let gloves: ProductRow[];
let adhesives: ProductRow[];

beforeAll(async () => {
  const soldInKg = sql`exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kg')`;
  gloves = await dbRows<ProductRow>(
    sql`select p.id::int as id, p.sku, p.name from products p where p.is_active and p.name ilike 'перчатки %' and ${soldInKg}`,
  );
  adhesives = await dbRows<ProductRow>(
    sql`select p.id::int as id, p.sku, p.name from products p where p.is_active and p.name ~* '(^|\\s)адгезив(\\s|,|$)' and ${soldInKg}`,
  );
});

describe('GET /products/products/?search=', () => {
  it('GET /products/products/ finds gloves by the plural, singular and accusative forms of the word', async () => {
    expect(gloves.length).toBeGreaterThan(3);
    const byForm = await Promise.all(['перчатки', 'перчатка', 'перчатку', 'Перчатки'].map((word) => search(word)));
    for (const found of byForm) {
      expect(idsOf(found)).toEqual(expect.arrayContaining(idsOf(gloves)));
      expect(found[0]!.name).toMatch(/^Перчатки /);
    }
    expect(idsOf(byForm[1]!)).toEqual(idsOf(byForm[0]!));
    expect(idsOf(byForm[2]!)).toEqual(idsOf(byForm[0]!));
  });

  it('GET /products/products/ finds words by their beginning', async () => {
    const found = await search('перчат');
    expect(idsOf(found)).toEqual(expect.arrayContaining(idsOf(gloves)));
    // The prefix also reaches other words that start with it (гуттаперча...), but gloves come first.
    expect(found.slice(0, gloves.length).every((item) => /^Перчатки /.test(item.name))).toBe(true);
  });

  it('GET /products/products/ forgives one wrong letter in a word', async () => {
    const gloveTypo = await search('перчадки');
    expect(idsOf(gloveTypo)).toEqual(expect.arrayContaining(idsOf(gloves)));
    expect(gloveTypo[0]!.name).toMatch(/^Перчатки /);

    expect(adhesives.length).toBeGreaterThan(3);
    const adhesiveTypo = await search('адгизив');
    expect(idsOf(adhesiveTypo)).toEqual(expect.arrayContaining(idsOf(adhesives)));
    expect(adhesiveTypo.slice(0, 5).every((item) => /адгезив/i.test(item.name))).toBe(true);
  });

  it('GET /products/products/ puts an exact SKU match first', async () => {
    const [row] = await dbRows<ProductRow>(sql`
      select p.id::int as id, p.sku, p.name from products p
      join product_offers o on o.product_id = p.id and o.country = 'kg'
      where p.is_active and exists (select 1 from products q where q.sku like p.sku || '_%' and q.is_active)
      order by p.id limit 1`);
    expect(row).toBeDefined();
    const { status, body } = await list({ search: row!.sku });
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(1);
    expect(body.results[0].sku).toBe(row!.sku);
  });

  it.each(['price', '-price', 'name', '-created_at'])(
    'GET /products/products/ keeps the exact SKU match first with ordering=%s',
    async (ordering) => {
      // A SKU that is also the prefix of a cheaper one (KR-TBNE) and of a dearer one (KR-TBC), so
      // neither price direction would put it first on its own.
      const sku = 'KR-TB';
      const found = await search(sku, { ordering });
      expect(found.length).toBeGreaterThan(1);
      expect(found[0]!.sku).toBe(sku);
      if (ordering === 'price' || ordering === '-price') {
        const direction = ordering === 'price' ? 1 : -1;
        const rest = found.slice(1);
        if (ordering === 'price') {
          // The default ordering: after the SKU, what is in stock first, each group by price.
          expect(rest.every((item, i) => i === 0 || !item.in_stock || rest[i - 1]!.in_stock)).toBe(true);
          expect(
            pricesSorted(
              rest.filter((item) => item.in_stock),
              direction,
            ),
          ).toBe(true);
          expect(
            pricesSorted(
              rest.filter((item) => !item.in_stock),
              direction,
            ),
          ).toBe(true);
        } else {
          expect(pricesSorted(rest, direction)).toBe(true);
        }
        const natural = [...found].sort((a, b) => (Number(a.price) - Number(b.price)) * direction || a.id - b.id);
        expect(natural[0]!.sku).not.toBe(sku);
      }
    },
  );

  it('GET /products/products/ matches a SKU regardless of case', async () => {
    const upper = await search('3M-SBU');
    const lower = await search('3m-sbu');
    expect(upper[0]!.sku).toBe('3M-SBU');
    expect(idsOf(lower)).toEqual(idsOf(upper));
  });

  it('GET /products/products/ finds every product whose SKU starts with the text', async () => {
    const prefix = 'MC-STN';
    const expected = await dbRows<{ id: number }>(sql`
      select p.id::int as id from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
      where p.is_active and p.sku like ${prefix + '%'}`);
    expect(expected.length).toBeGreaterThan(1);
    const found = await search(prefix.toLowerCase());
    expect(idsOf(found)).toEqual(expect.arrayContaining(idsOf(expected)));
  });

  it('GET /products/products/ finds every product of a brand by the brand name', async () => {
    const ofBrand = await listAll(`/products/products/?${qs({ brand: 'medicom' })}`);
    expect(ofBrand.length).toBeGreaterThan(0);
    const found = await search('Medicom');
    expect(idsOf(found)).toEqual(expect.arrayContaining(idsOf(ofBrand)));
    const straumann = await listAll(`/products/products/?${qs({ brand: 'straumann' })}`);
    expect(idsOf(await search('straumann'))).toEqual(expect.arrayContaining(idsOf(straumann)));
  });

  it('GET /products/products/ ranks products named by the word above those that only mention it', async () => {
    const found = await search('композит');
    expect(found.slice(0, 10).every((item) => /композит/i.test(item.name))).toBe(true);
  });

  it('GET /products/products/ combines search with the category and country filters', async () => {
    const found = await search('адгезив', { category: 'adgezivy', country: 'kz' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((item) => item.category.slug === 'adgezivy' && item.country === 'kz')).toBe(true);
    const everywhere = await search('адгезив', { country: 'kz' });
    expect(everywhere.length).toBeGreaterThan(found.length);
  });

  describe('as dentists type (issue 12)', () => {
    const brandNames = (items: { name: string }[], brand: RegExp) =>
      items.length > 0 && items.slice(0, 5).every((item) => brand.test(item.name));

    it.each([
      ['филтек', /^Filtek/],
      ['фильтек', /^Filtek/],
      ['эстелайт', /^Estelite/],
      ['харизма', /^Charisma/],
      ['тетрик', /^Tetric/],
    ])('GET /products/products/ finds a Latin brand typed in Cyrillic: «%s»', async (text, brand) => {
      const found = await search(text);
      expect(
        brandNames(found, brand),
        found
          .slice(0, 5)
          .map((item) => item.name)
          .join('; '),
      ).toBe(true);
    });

    it('GET /products/products/ finds what was typed on the wrong keyboard layout, both ways', async () => {
      const filtek = await search('filtek');
      expect(idsOf(await search('ашдеул'))).toEqual(idsOf(filtek));
      const composite = await search('композит');
      expect(idsOf(await search('rjvgjpbn'))).toEqual(expect.arrayContaining(idsOf(composite).slice(0, 20)));
    });

    it('GET /products/products/ forgives a typo in a category name: «ортодантия» finds orthodontics', async () => {
      const found = await search('ортодантия');
      expect(found.length).toBeGreaterThan(0);
      expect(idsOf(found)).toEqual(expect.arrayContaining(idsOf(await search('ортодонтия'))));
    });

    it('GET /products/products/ keeps a Russian word from matching a look-alike brand first', async () => {
      // «фильтек» is close to «фильтром» (curing lamps) and, transliterated, to Filtek: the brand leads.
      expect(brandNames(await search('фильтек'), /^Filtek/)).toBe(true);
    });
  });

  it('GET /products/products/ finds nothing for a word no product has', async () => {
    const { status, body } = await list({ search: 'квазиголограмма' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [] });
  });

  it('GET /products/products/ ignores a blank search', async () => {
    const all = (await list({ limit: 1 })).body.count;
    const { status, body } = await list({ search: '   ', limit: 1 });
    expect(status).toBe(200);
    expect(body.count).toBe(all);
  });

  it.each(['!!!', '?', "'", '\\', '&|!()', ':*', '"', '<%'])(
    'GET /products/products/ answers an empty list for the punctuation-only search %s',
    async (text) => {
      const { status, body } = await list({ search: text });
      expect(status).toBe(200);
      expect(body.count).toBe(0);
    },
  );

  it.each(['%', '_'])('GET /products/products/ treats %s as a literal character, not a SKU wildcard', async (text) => {
    const { status, body } = await list({ search: text });
    expect(status).toBe(200);
    expect(body.count).toBe(0);
  });

  it('GET /products/products/ answers a 200-character search', async () => {
    const text = 'перчатки нитриловые '.repeat(10).slice(0, 200);
    expect(text).toHaveLength(200);
    const { status, body } = await list({ search: text });
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results[0].name).toMatch(/^Перчатки нитриловые/);

    const noise = await list({ search: 'ъ'.repeat(200) });
    expect(noise.status).toBe(200);
    expect(noise.body.count).toBe(0);
  });

  it('GET /products/products/ answers 400 for a search longer than 200 characters', async () => {
    const { status, body } = await list({ search: 'я'.repeat(201) });
    expect(status).toBe(400);
    expect(body.search).toEqual([expect.any(String)]);
  });
});
