import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getApp } from '../../src/server/api/app.ts';
import { api, apiPath, dbRows, listAll, ORIGIN, qs } from '../helpers/api.ts';

type Params = Record<string, string | number | boolean | undefined>;
const list = (params: Params = {}) => api(`/products/products/?${qs(params)}`);
const allProducts = (params: Params = {}) => listAll(`/products/products/?${qs(params)}`);
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const encodeSpecs = (pairs: [string, string[]][]) =>
  pairs.map(([slug, values]) => `${encodeURIComponent(slug)}:${values.map(encodeURIComponent).join(',')}`).join(';');

interface OfferRow {
  id: number;
  slug: string;
  countries: string;
}

let offers: OfferRow[];
const soldIn = (country: string) => offers.filter((row) => row.countries.split(',').includes(country));
const soldOnlyIn = (country: string) => offers.filter((row) => row.countries === country);

beforeAll(async () => {
  offers = await dbRows<OfferRow>(sql`
    select p.id::int as id, p.slug, string_agg(o.country, ',' order by o.country) as countries
    from products p join product_offers o on o.product_id = p.id
    where p.is_active
    group by p.id, p.slug
    order by p.id`);
});

/** Slugs of a category and every category below it, as the category endpoint reports them. */
async function subtreeSlugs(slug: string): Promise<string[]> {
  const { body } = await api(`/products/categories/${slug}/`);
  const slugs: string[] = [];
  const walk = (node: { slug: string; children: { slug: string; children: any[] }[] }) => {
    slugs.push(node.slug);
    node.children.forEach(walk);
  };
  walk(body);
  return slugs;
}

describe('GET /products/products/', () => {
  it('GET /products/products/ answers the first 24 kg products in KGS by default', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.count).toBe(soldIn('kg').length);
    expect(body.results).toHaveLength(24);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`${ORIGIN}/api/v1/products/products/?limit=24&offset=24`);
    for (const item of body.results) {
      expect(item).toMatchObject({ country: 'kg', currency: 'KGS', is_active: true });
      expect(item.price).toMatch(/^\d+\.\d{2}$/);
      expect(item.in_stock).toBe(item.quantity > 0);
    }
  });

  it('GET /products/products/ lists exactly the products offered in each country', async () => {
    const kg = await allProducts({ country: 'kg' });
    const kz = await allProducts({ country: 'kz' });
    expect(sorted(idsOf(kg))).toEqual(idsOf(soldIn('kg')));
    expect(sorted(idsOf(kz))).toEqual(idsOf(soldIn('kz')));
    expect(kz.every((item) => item.country === 'kz' && item.currency === 'KZT')).toBe(true);
  });

  it('GET /products/products/ answers KZT prices for country=kz that differ from the KGS ones', async () => {
    const kg = (await list({ limit: 100 })).body.results;
    const both = new Set(idsOf(offers.filter((row) => row.countries === 'kg,kz')));
    const shared = kg.filter((item: { id: number }) => both.has(item.id)).slice(0, 20);
    expect(shared.length).toBeGreaterThan(5);
    const kz = (await list({ country: 'kz', ids: idsOf(shared).join(','), limit: 100 })).body.results;
    expect(sorted(idsOf(kz))).toEqual(sorted(idsOf(shared)));
    for (const item of kz) {
      const kgItem = shared.find((s: { id: number }) => s.id === item.id);
      expect(item.currency).toBe('KZT');
      expect(item.price).not.toBe(kgItem.price);
      // Tenge are worth several times less than som, so the same item costs more of them.
      expect(Number(item.price)).toBeGreaterThan(Number(kgItem.price));
    }
  });

  it('GET /products/products/ shows a product sold in one country only there', async () => {
    const kgOnly = soldOnlyIn('kg')[0]!;
    const kzOnly = soldOnlyIn('kz')[0]!;
    expect(kgOnly && kzOnly).toBeTruthy();
    const ids = `${kgOnly.id},${kzOnly.id}`;
    expect(idsOf((await list({ ids, country: 'kg' })).body.results)).toEqual([kgOnly.id]);
    expect(idsOf((await list({ ids, country: 'kz' })).body.results)).toEqual([kzOnly.id]);
  });

  it('GET /products/products/ with category includes products of every subcategory', async () => {
    const roots = (await api('/products/categories/')).body as { slug: string; children: { slug: string }[] }[];
    const root = roots.find((node) => node.children.length > 1)!;
    const subtree = new Set(await subtreeSlugs(root.slug));
    const items = await allProducts({ category: root.slug });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => subtree.has(item.category.slug))).toBe(true);
    // Products sit in leaves, two levels below a top-level category.
    expect(items.some((item) => item.category.slug !== root.slug)).toBe(true);

    let childTotal = 0;
    for (const child of root.children) childTotal += (await list({ category: child.slug, limit: 1 })).body.count;
    const direct = items.filter((item) => item.category.slug === root.slug).length;
    expect(items.length).toBe(childTotal + direct);
  });

  it('GET /products/products/ with a leaf category lists only that category', async () => {
    const { body } = await list({ category: 'kompozity', limit: 100 });
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((item: any) => item.category.slug === 'kompozity')).toBe(true);
  });

  it('GET /products/products/ filters by brand slug and by brand id alike', async () => {
    const brand = (await api('/products/brands/?limit=100')).body.results.find((b: any) => b.slug === 'gc');
    const bySlug = await allProducts({ brand: brand.slug });
    const byId = await allProducts({ brand: brand.id });
    expect(bySlug.length).toBeGreaterThan(0);
    expect(bySlug.every((item) => item.brand.id === brand.id && item.brand.slug === 'gc')).toBe(true);
    expect(idsOf(byId)).toEqual(idsOf(bySlug));
  });

  it('GET /products/products/ with a comma-separated brand list gives products of any of them', async () => {
    const gc = (await list({ brand: 'gc', limit: 1 })).body.count;
    const voco = (await list({ brand: 'voco', limit: 1 })).body.count;
    const both = await allProducts({ brand: 'gc,voco' });
    expect(both.length).toBe(gc + voco);
    expect(new Set(both.map((item) => item.brand.slug))).toEqual(new Set(['gc', 'voco']));
    const vocoId = both.find((item) => item.brand.slug === 'voco').brand.id;
    expect((await list({ brand: `gc,${vocoId}`, limit: 1 })).body.count).toBe(gc + voco);
  });

  it('GET /products/products/ keeps every price within price_from and price_to', async () => {
    const all = await allProducts();
    const prices = all.map((item) => Number(item.price)).sort((a, b) => a - b);
    const from = prices[Math.floor(prices.length / 4)]!;
    const to = prices[Math.floor((prices.length * 3) / 4)]!;
    const inRange = await allProducts({ price_from: from, price_to: to });
    expect(inRange.length).toBe(prices.filter((p) => p >= from && p <= to).length);
    expect(inRange.every((item) => Number(item.price) >= from && Number(item.price) <= to)).toBe(true);

    const above = await allProducts({ price_from: `${from}.50` });
    expect(above.length).toBe(prices.filter((p) => p >= from + 0.5).length);
    const below = await allProducts({ price_to: to });
    expect(below.every((item) => Number(item.price) <= to)).toBe(true);
    expect(below.length).toBe(prices.filter((p) => p <= to).length);
  });

  it('GET /products/products/ accepts price_from equal to price_to', async () => {
    const price = (await list({ limit: 1 })).body.results[0].price;
    const { status, body } = await list({ price_from: price, price_to: price });
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((item: any) => item.price === price)).toBe(true);
  });

  it('GET /products/products/ with one specification value lists only products that have it', async () => {
    const items = await allProducts({ category: 'kompozity', specifications: encodeSpecs([['ottenok-vita', ['A2']]]) });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items.slice(0, 4)) {
      const detail = (await api(`/products/products/${item.slug}/`)).body;
      expect(detail.specifications).toContainEqual(expect.objectContaining({ slug: 'ottenok-vita', value: 'A2' }));
    }
  });

  it('GET /products/products/ treats values of one specification as alternatives', async () => {
    const a2 = idsOf(await allProducts({ specifications: encodeSpecs([['ottenok-vita', ['A2']]]) }));
    const a3 = idsOf(await allProducts({ specifications: encodeSpecs([['ottenok-vita', ['A3']]]) }));
    const either = idsOf(await allProducts({ specifications: encodeSpecs([['ottenok-vita', ['A2', 'A3']]]) }));
    expect(a2.length).toBeGreaterThan(0);
    expect(a3.length).toBeGreaterThan(0);
    expect(sorted(either)).toEqual(sorted([...new Set([...a2, ...a3])]));
  });

  it('GET /products/products/ requires every specification given', async () => {
    const shade = idsOf(await allProducts({ specifications: encodeSpecs([['ottenok-vita', ['A2']]]) }));
    const mass = new Set(idsOf(await allProducts({ specifications: encodeSpecs([['massa', ['4']]]) })));
    const both = idsOf(
      await allProducts({
        specifications: encodeSpecs([
          ['ottenok-vita', ['A2']],
          ['massa', ['4']],
        ]),
      }),
    );
    const expected = shade.filter((id) => mass.has(id));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(shade.length);
    expect(sorted(both)).toEqual(sorted(expected));
  });

  it('GET /products/products/ matches a specification value containing a comma when it is percent-encoded', async () => {
    const items = await allProducts({ specifications: encodeSpecs([['massa', ['4,5']]]) });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items.slice(0, 3)) {
      const detail = (await api(`/products/products/${item.slug}/`)).body;
      expect(detail.specifications).toContainEqual(expect.objectContaining({ slug: 'massa', value: '4,5' }));
    }
    // Left unencoded, the comma separates two values: 4 or 5.
    const four = idsOf(await allProducts({ specifications: 'massa:4' }));
    const five = idsOf(await allProducts({ specifications: 'massa:5' }));
    const split = idsOf(await allProducts({ specifications: 'massa:4,5' }));
    expect(sorted(split)).toEqual(sorted([...new Set([...four, ...five])]));
    const withDecimal = new Set(idsOf(items));
    expect(split.some((id) => withDecimal.has(id))).toBe(false);
  });

  it('GET /products/products/ with an unknown value of a known specification answers an empty list', async () => {
    const { status, body } = await list({ specifications: encodeSpecs([['ottenok-vita', ['Z9']]]) });
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [], next: null, previous: null });
  });

  it('GET /products/products/ with ids returns exactly those products', async () => {
    const page = (await list({ limit: 30 })).body.results;
    const chosen = [page[3].id, page[17].id, page[0].id];
    const { body } = await list({ ids: chosen.join(',') });
    expect(body.count).toBe(3);
    expect(sorted(idsOf(body.results))).toEqual(sorted(chosen));
  });

  it('GET /products/products/ with ids leaves out products not sold in the country and unknown ids', async () => {
    const kzOnly = soldOnlyIn('kz')[0]!.id;
    const kgItem = soldIn('kg')[0]!.id;
    const { body } = await list({ ids: `${kgItem},${kzOnly},999999` });
    expect(idsOf(body.results)).toEqual([kgItem]);
  });

  it('GET /products/products/ with is_active=true lists the same as without it', async () => {
    const plain = await list({ limit: 100 });
    const active = await list({ is_active: true, limit: 100 });
    expect(active.body.count).toBe(plain.body.count);
    expect(idsOf(active.body.results)).toEqual(idsOf(plain.body.results));
  });

  it('GET /products/products/ with is_active=false answers an empty list', async () => {
    const { status, body } = await list({ is_active: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, results: [], next: null, previous: null });
  });
});

describe('GET /products/products/ ordering', () => {
  const numbersSorted = (values: number[], direction: 1 | -1) =>
    values.every((v, i) => i === 0 || (v - values[i - 1]!) * direction >= 0);
  /** The default ordering puts what can be bought first; the price orders each of the two groups. */
  const availableFirst = (items: { in_stock: boolean }[]) =>
    items.every((item, i) => i === 0 || !item.in_stock || items[i - 1]!.in_stock);
  const groups = <T extends { in_stock: boolean }>(items: T[]) => [
    items.filter((i) => i.in_stock),
    items.filter((i) => !i.in_stock),
  ];

  async function sortedByDatabase(names: string[], direction: 'asc' | 'desc'): Promise<string[]> {
    const values = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const rows = await dbRows<{ n: string }>(
      sql`select n from unnest(array[${values}]::text[]) as t(n) order by n ${direction === 'asc' ? sql`asc` : sql`desc`}`,
    );
    return rows.map((row) => row.n);
  }

  it('GET /products/products/ sorts by price ascending by default and with ordering=price, products in stock first', async () => {
    const byDefault = await allProducts();
    const byPrice = await allProducts({ ordering: 'price' });
    expect(availableFirst(byPrice)).toBe(true);
    expect(
      groups(byPrice).every((group) =>
        numbersSorted(
          group.map((item) => Number(item.price)),
          1,
        ),
      ),
    ).toBe(true);
    expect(idsOf(byDefault)).toEqual(idsOf(byPrice));
  });

  it('GET /products/products/ sorts by price descending with ordering=-price', async () => {
    const items = await allProducts({ ordering: '-price', country: 'kz' });
    // A chosen ordering is followed as chosen: availability first is the default's alone.
    expect(
      numbersSorted(
        items.map((item) => Number(item.price)),
        -1,
      ),
    ).toBe(true);
    expect(items).toHaveLength(soldIn('kz').length);
  });

  it.each(['name', '-name'] as const)('GET /products/products/ sorts by name with ordering=%s', async (ordering) => {
    const names = (await allProducts({ ordering })).map((item) => item.name);
    expect(names).toEqual(await sortedByDatabase(names, ordering === 'name' ? 'asc' : 'desc'));
  });

  it.each(['created_at', '-created_at'] as const)(
    'GET /products/products/ sorts by creation time with ordering=%s',
    async (ordering) => {
      const items = (await list({ ordering, limit: 100 })).body.results;
      const created = new Map(
        (await Promise.all(items.slice(0, 25).map((item: any) => api(`/products/products/${item.slug}/`)))).map((r) => [
          r.body.id,
          Date.parse(r.body.created_at),
        ]),
      );
      const times = items.slice(0, 25).map((item: any) => created.get(item.id)!);
      expect(numbersSorted(times, ordering === 'created_at' ? 1 : -1)).toBe(true);
      expect(new Set(times).size).toBeGreaterThan(1);
    },
  );
});

describe('GET /products/products/ paging', () => {
  it('GET /products/products/ pages with limit and offset without gaps or overlaps', async () => {
    const first = await list({ limit: 10 });
    const second = await list({ limit: 10, offset: 10 });
    const both = await list({ limit: 20 });
    expect(first.body.results).toHaveLength(10);
    expect([...idsOf(first.body.results), ...idsOf(second.body.results)]).toEqual(idsOf(both.body.results));
    expect(second.body.count).toBe(first.body.count);
  });

  it('GET /products/products/ builds next and previous from SITE_URL, never from the Host header', async () => {
    for (const host of ['evil.example', 'shop.test:8080', 'shop.test.evil.example']) {
      const response = await getApp().fetch(
        new Request(`http://${host}/api/v1/products/products/?limit=2&offset=2`, { headers: { Host: host } }),
        { clientAddress: '192.0.2.10' },
      );
      const body = (await response.json()) as { next: string; previous: string };
      expect(body.next).toBe(`${ORIGIN}/api/v1/products/products/?limit=2&offset=4`);
      expect(body.previous).toBe(`${ORIGIN}/api/v1/products/products/?limit=2`);
    }
  });

  it('GET /products/products/ links next and previous pages with absolute URLs keeping the filters', async () => {
    const { body } = await list({ country: 'kz', category: 'terapiya', limit: 5, offset: 10 });
    const base = `${ORIGIN}/api/v1/products/products/?`;
    expect(body.next).toBe(`${base}country=kz&category=terapiya&limit=5&offset=15`);
    expect(body.previous).toBe(`${base}country=kz&category=terapiya&limit=5&offset=5`);

    const next = await api(apiPath(body.next));
    expect(idsOf(next.body.results)).toEqual(
      idsOf((await list({ country: 'kz', category: 'terapiya', limit: 5, offset: 15 })).body.results),
    );
    const firstPage = await list({ country: 'kz', category: 'terapiya', limit: 5, offset: 3 });
    expect(firstPage.body.previous).toBe(`${base}country=kz&category=terapiya&limit=5`);
  });

  it('GET /products/products/ has no next link on the last page', async () => {
    const count = (await list({ limit: 1 })).body.count;
    const { body } = await list({ limit: 10, offset: count - 3 });
    expect(body.results).toHaveLength(3);
    expect(body.next).toBeNull();
    expect(body.previous).not.toBeNull();
  });

  it('GET /products/products/ caps limit at 100', async () => {
    const { status, body } = await list({ limit: 1000 });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(100);
    expect(body.next).toBe(`${ORIGIN}/api/v1/products/products/?limit=100&offset=100`);
  });

  it('GET /products/products/ caps at 100 a limit too large for a JavaScript number', async () => {
    const { status, body } = await list({ limit: '99999999999999999999' });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(100);
  });

  it('GET /products/products/ answers an empty page past the end', async () => {
    const count = (await list({ limit: 1 })).body.count;
    const { status, body } = await list({ offset: count + 50 });
    expect(status).toBe(200);
    expect(body.count).toBe(count);
    expect(body.results).toEqual([]);
    expect(body.next).toBeNull();
  });
});

describe('GET /products/products/ rejects invalid input', () => {
  const cases: [string, Params, string][] = [
    ['an unknown country', { country: 'xx' }, 'country'],
    ['an upper-case country', { country: 'KZ' }, 'country'],
    ['a non-numeric price_from', { price_from: 'abc' }, 'price_from'],
    ['a negative price_to', { price_to: '-1' }, 'price_to'],
    ['a price in exponent notation', { price_from: '1e3' }, 'price_from'],
    ['price_from above price_to', { price_from: 5000, price_to: 100 }, 'price_to'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['a non-numeric offset', { offset: 'abc' }, 'offset'],
    ['limit=0', { limit: 0 }, 'limit'],
    ['a negative limit', { limit: -5 }, 'limit'],
    ['specifications without a colon', { specifications: 'nocolon' }, 'specifications'],
    ['a specification without values', { specifications: 'obem:' }, 'specifications'],
    ['a specification value with a broken escape', { specifications: 'obem:%ZZ' }, 'specifications'],
    ['an unknown specification slug', { specifications: 'no-such-spec:1' }, 'specifications'],
    ['an unknown category slug', { category: 'no-such-category' }, 'category'],
    ['an unknown brand slug', { brand: 'no-such-brand' }, 'brand'],
    ['an unknown brand id', { brand: '999999' }, 'brand'],
    ['a brand id beyond PostgreSQL integers', { brand: '2147483648' }, 'brand'],
    ['a brand id of twenty digits', { brand: 'gc,99999999999999999999' }, 'brand'],
    ['one unknown brand in a list', { brand: 'gc,no-such-brand' }, 'brand'],
    ['an empty brand list', { brand: ',' }, 'brand'],
    ['non-numeric ids', { ids: 'a,b' }, 'ids'],
    ['ids with an empty item', { ids: '1,,2' }, 'ids'],
    ['an unknown ordering', { ordering: 'popularity' }, 'ordering'],
    ['a non-boolean is_active', { is_active: 'maybe' }, 'is_active'],
    ['a non-boolean facets', { facets: 'yes' }, 'facets'],
    ['a search longer than 200 characters', { search: 'a'.repeat(201) }, 'search'],
  ];

  it.each(cases)('GET /products/products/ answers 400 for %s', async (_, params, field) => {
    const { status, headers, body } = await list(params);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body[field]).toEqual([expect.any(String)]);
    expect(body[field][0].length).toBeGreaterThan(5);
  });

  it('GET /products/products/ reports every invalid field at once', async () => {
    const { status, body } = await list({ country: 'xx', limit: 0, ordering: 'nope' });
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['country', 'limit', 'ordering']);
  });

  it('GET /products/products/ reports an unknown category, brand and specification together', async () => {
    const { status, body } = await list({ category: 'nope', brand: 'nope', specifications: 'nope:1' });
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['brand', 'category', 'specifications']);
  });
});

describe('GET /products/products/{slug}/', () => {
  it('GET /products/products/{slug}/ answers the full product with specifications, breadcrumbs and offers', async () => {
    const shared = offers.find((row) => row.countries === 'kg,kz')!;
    const listed = (await list({ ids: shared.id })).body.results[0];
    const { status, body } = await api(`/products/products/${shared.slug}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ...listed, available_in_country: true, country: 'kg', currency: 'KGS' });
    expect(body.description).toMatch(/<p>/);
    expect(body.specifications.length).toBeGreaterThan(0);
    for (const spec of body.specifications) {
      expect(spec).toEqual({
        slug: expect.any(String),
        name: expect.any(String),
        unit: spec.unit === null ? null : expect.any(String),
        value: expect.any(String),
      });
    }
    expect(body.offers).toEqual([
      { country: 'kg', in_stock: expect.any(Boolean) },
      { country: 'kz', in_stock: expect.any(Boolean) },
    ]);
    expect(body.offers[0].in_stock).toBe(body.in_stock);
    expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
    expect(Number.isNaN(Date.parse(body.updated_at))).toBe(false);
  });

  it('GET /products/products/{slug}/ ends the breadcrumbs with the product category, below its ancestors', async () => {
    const item = (await list({ category: 'kompozity', limit: 1 })).body.results[0];
    const { body } = await api(`/products/products/${item.slug}/`);
    const category = (await api(`/products/categories/${body.category.slug}/`)).body;
    expect(body.breadcrumbs.at(-1)).toEqual(body.category);
    expect(body.breadcrumbs).toEqual([
      ...category.ancestors,
      { id: category.id, slug: category.slug, name: category.name },
    ]);
    expect(body.breadcrumbs.length).toBeGreaterThanOrEqual(2);
  });

  it('GET /products/products/{slug}/ answers the country price in that currency', async () => {
    const shared = offers.find((row) => row.countries === 'kg,kz')!;
    const kg = (await api(`/products/products/${shared.slug}/?country=kg`)).body;
    const kz = (await api(`/products/products/${shared.slug}/?country=kz`)).body;
    const kzListed = (await list({ country: 'kz', ids: shared.id })).body.results[0];
    expect(kz).toMatchObject({ country: 'kz', currency: 'KZT', price: kzListed.price, available_in_country: true });
    expect(kz.price).not.toBe(kg.price);
    expect(kz.specifications).toEqual(kg.specifications);
  });

  it('GET /products/products/{slug}/ answers a product not sold in the country with a null price', async () => {
    const kgOnly = soldOnlyIn('kg')[0]!;
    const { status, body } = await api(`/products/products/${kgOnly.slug}/?country=kz`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      slug: kgOnly.slug,
      country: 'kz',
      currency: 'KZT',
      price: null,
      old_price: null,
      in_stock: false,
      quantity: 0,
      available_in_country: false,
    });
    expect(body.offers).toEqual([{ country: 'kg', in_stock: expect.any(Boolean) }]);
  });

  it('GET /products/products/{slug}/ answers 404 for an unknown slug', async () => {
    const { status, body } = await api('/products/products/no-such-product/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it('GET /products/products/{slug}/ answers 400 for an unknown country', async () => {
    const { status, body } = await api(`/products/products/${offers[0]!.slug}/?country=ru`);
    expect(status).toBe(400);
    expect(body.country).toEqual([expect.any(String)]);
  });

  it('GET /products/products/{slug}/ answers 404 for a slug longer than 200 characters, without asking the database', async () => {
    const { status, body } = await api(`/products/products/${'a'.repeat(201)}/`);
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});
