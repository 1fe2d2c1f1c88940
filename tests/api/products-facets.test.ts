import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, dbRows, listAll, qs } from '../helpers/api.ts';

type Params = Record<string, string | number | boolean | undefined>;
const list = (params: Params = {}) => api(`/products/products/?${qs(params)}`);
const countOf = async (params: Params) => (await list({ ...params, limit: 1 })).body.count as number;
const facetsOf = async (params: Params) => {
  const { status, body } = await list({ ...params, facets: true, limit: 1 });
  expect(status).toBe(200);
  return body.facets as Facets;
};
const spec = (slug: string, values: string[]) =>
  `${encodeURIComponent(slug)}:${values.map(encodeURIComponent).join(',')}`;

interface Facets {
  price: { min: string | null; max: string | null };
  brands: { id: number; slug: string; name: string; count: number }[];
  specifications: {
    id: number;
    slug: string;
    name: string;
    unit: string | null;
    kind: string;
    values: { value: string; count: number }[];
  }[];
}

function priceRange(items: { price: string }[]) {
  const prices = items.map((item) => Number(item.price));
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

describe('GET /products/products/?facets=true', () => {
  it('GET /products/products/ adds facets only when facets=true', async () => {
    expect((await list({ limit: 1 })).body).not.toHaveProperty('facets');
    expect((await list({ limit: 1, facets: false })).body).not.toHaveProperty('facets');
    const { body } = await list({ limit: 1, facets: true });
    expect(body.facets).toEqual({
      price: { min: expect.stringMatching(/^\d+\.\d{2}$/), max: expect.stringMatching(/^\d+\.\d{2}$/) },
      brands: expect.any(Array),
      specifications: expect.any(Array),
    });
    expect(body.results).toHaveLength(1);
  });

  it('GET /products/products/ reports the price range of the filtered products', async () => {
    for (const country of ['kg', 'kz']) {
      const facets = await facetsOf({ category: 'kompozity', country });
      const { min, max } = priceRange(await listAll(`/products/products/?${qs({ category: 'kompozity', country })}`));
      expect(Number(facets.price.min)).toBe(min);
      expect(Number(facets.price.max)).toBe(max);
    }
  });

  it('GET /products/products/ reports the price range ignoring the price filter', async () => {
    const open = await facetsOf({ category: 'kompozity' });
    const narrowed = await facetsOf({ category: 'kompozity', price_from: open.price.max!, price_to: open.price.max! });
    expect(narrowed.price).toEqual(open.price);
  });

  it('GET /products/products/ reports null prices when nothing matches', async () => {
    const facets = await facetsOf({ search: 'квазиголограмма' });
    expect(facets).toEqual({ price: { min: null, max: null }, brands: [], specifications: [] });
  });

  it('GET /products/products/ counts for each brand facet what filtering by that brand gives', async () => {
    const filters = { category: 'terapiya', price_to: 5000 };
    const facets = await facetsOf(filters);
    expect(facets.brands.length).toBeGreaterThan(3);
    for (const brand of facets.brands) {
      expect(brand.count, brand.slug).toBeGreaterThan(0);
      expect(await countOf({ ...filters, brand: brand.slug }), brand.slug).toBe(brand.count);
    }
    expect(facets.brands.reduce((sum, brand) => sum + brand.count, 0)).toBe(await countOf(filters));
  });

  it('GET /products/products/ counts for each specification value what filtering by that value gives', async () => {
    const filters = { category: 'kompozity', country: 'kz' };
    const facets = await facetsOf(filters);
    expect(facets.specifications.map((s) => s.slug)).toEqual(expect.arrayContaining(['ottenok-vita', 'massa']));
    let checked = 0;
    for (const facet of facets.specifications) {
      for (const { value, count } of facet.values) {
        expect(count).toBeGreaterThan(0);
        expect(await countOf({ ...filters, specifications: spec(facet.slug, [value]) }), `${facet.slug}:${value}`).toBe(
          count,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('GET /products/products/ offers only filterable specifications as facets', async () => {
    const filterable = new Set((await listAll('/products/specifications/?is_filter=true')).map((s) => s.slug));
    const facets = await facetsOf({ category: 'kompozity' });
    expect(facets.specifications.length).toBeGreaterThan(0);
    expect(facets.specifications.every((s) => filterable.has(s.slug))).toBe(true);
  });

  it('GET /products/products/ keeps the other brands and their counts when a brand is chosen', async () => {
    const open = await facetsOf({ category: 'kompozity' });
    const chosen = await facetsOf({ category: 'kompozity', brand: '3m' });
    expect(chosen.brands).toEqual(open.brands);
    expect(chosen.brands.find((b) => b.slug === '3m')!.count).toBe(
      await countOf({ category: 'kompozity', brand: '3m' }),
    );
  });

  it('GET /products/products/ narrows the specification facets to the chosen brand', async () => {
    const filters = { category: 'kompozity', brand: 'gc,3m' };
    const facets = await facetsOf(filters);
    const shade = facets.specifications.find((s) => s.slug === 'ottenok-vita')!;
    expect(shade.values.length).toBeGreaterThan(1);
    for (const { value, count } of shade.values) {
      expect(await countOf({ ...filters, specifications: spec('ottenok-vita', [value]) }), value).toBe(count);
    }
    const { min, max } = priceRange(await listAll(`/products/products/?${qs(filters)}`));
    expect([Number(facets.price.min), Number(facets.price.max)]).toEqual([min, max]);
  });

  it('GET /products/products/ counts the values of a chosen specification as if it were not chosen', async () => {
    const open = await facetsOf({ category: 'kompozity' });
    const chosen = await facetsOf({ category: 'kompozity', specifications: spec('ottenok-vita', ['A2']) });
    const openShade = open.specifications.find((s) => s.slug === 'ottenok-vita')!;
    expect(chosen.specifications.find((s) => s.slug === 'ottenok-vita')).toEqual(openShade);
    // Choosing one more value of the same specification widens the result by that value's count.
    const a2 = await countOf({ category: 'kompozity', specifications: spec('ottenok-vita', ['A2']) });
    const a2a3 = await countOf({ category: 'kompozity', specifications: spec('ottenok-vita', ['A2', 'A3']) });
    expect(a2a3).toBe(a2 + openShade.values.find((v) => v.value === 'A3')!.count);
  });

  it('GET /products/products/ counts other specifications and brands within the chosen specification value', async () => {
    const filters = { category: 'kompozity', specifications: spec('ottenok-vita', ['A2']) };
    const facets = await facetsOf(filters);
    const mass = facets.specifications.find((s) => s.slug === 'massa')!;
    for (const { value, count } of mass.values) {
      const both = spec('ottenok-vita', ['A2']) + ';' + spec('massa', [value]);
      expect(await countOf({ category: 'kompozity', specifications: both }), value).toBe(count);
    }
    for (const brand of facets.brands) {
      expect(await countOf({ ...filters, brand: brand.slug }), brand.slug).toBe(brand.count);
    }
  });

  it('GET /products/products/ counts a specification value that contains a comma', async () => {
    const facets = await facetsOf({ category: 'kompozity' });
    const decimal = facets.specifications.find((s) => s.slug === 'massa')!.values.find((v) => v.value.includes(','))!;
    expect(decimal).toBeDefined();
    expect(await countOf({ category: 'kompozity', specifications: spec('massa', [decimal.value]) })).toBe(
      decimal.count,
    );
  });

  it('GET /products/products/ keeps chosen values listed even when nothing matches them', async () => {
    const facets = await facetsOf({
      category: 'kompozity',
      brand: 'nsk',
      specifications: spec('ottenok-vita', ['Z9']),
    });
    expect(await countOf({ category: 'kompozity', brand: 'nsk' })).toBe(0);
    expect(facets.brands).toContainEqual(expect.objectContaining({ slug: 'nsk', count: 0 }));
    const shade = facets.specifications.find((s) => s.slug === 'ottenok-vita');
    expect(shade?.values).toContainEqual({ value: 'Z9', count: 0 });
  });

  it('GET /products/products/ counts a chosen value of a non-filter specification by what it matches', async () => {
    const nonFilter = (await listAll('/products/specifications/?category__slug=kompozity')).find((s) => !s.is_filter);
    expect(nonFilter).toBeDefined();
    const value = nonFilter.values[0].value as string;
    const filters = { category: 'kompozity', specifications: spec(nonFilter.slug, [value]) };
    const matching = await countOf(filters);
    expect(matching).toBeGreaterThan(0);
    const facet = (await facetsOf(filters)).specifications.find((s) => s.slug === nonFilter.slug);
    expect(facet?.values).toEqual([{ value, count: matching }]);
  });

  it('GET /products/products/ counts facets within the search results', async () => {
    const filters = { search: 'адгезив' };
    const facets = await facetsOf(filters);
    expect(facets.brands.length).toBeGreaterThan(1);
    for (const brand of facets.brands.slice(0, 5)) {
      expect(await countOf({ ...filters, brand: brand.slug }), brand.slug).toBe(brand.count);
    }
    const { min, max } = priceRange(await listAll(`/products/products/?${qs(filters)}`));
    expect([Number(facets.price.min), Number(facets.price.max)]).toEqual([min, max]);
  });

  it('GET /products/products/ refuses facets for invalid filters with 400', async () => {
    const { status, body } = await list({ facets: true, brand: 'no-such-brand' });
    expect(status).toBe(400);
    expect(body.brand).toEqual([expect.any(String)]);
  });
});

/** The summary's code and the database, loaded once the test database is open. */
async function summaryCode() {
  const [{ getDb }, { countFacets }, stats, { resolveFilters }] = await Promise.all([
    import('../../src/server/db/client.ts'),
    import('../../src/server/catalog/facets.queries.ts'),
    import('../../src/server/catalog/catalog-stats.ts'),
    import('../../src/server/catalog/product-filters.ts'),
  ]);
  return { db: await getDb(), countFacets, resolveFilters, ...stats };
}

/** Every row of the summary, in one order, to compare a partial refresh with a full recount. */
const summaryRows = () =>
  dbRows(sql`select 'b' as t, country, category_id, brand_id as k, products::text || min_price::text || max_price::text as v
             from category_brand_stats
             union all select 's', country, category_id, specification_id, value || products::text from category_spec_stats
             union all select 'l', country, category_id, 0, products::text || facets::text from category_listing_stats
             order by 1, 2, 3, 4, 5`);

describe('the catalog summary behind unfiltered listings', () => {
  it('gives every category page and brand page, in both countries, the counts of the products themselves', async () => {
    const { db, countFacets, countFromStats, facetsFromStats, isSummarised, resolveFilters } = await summaryCode();
    // Counted the slow way, product by product, to check the summary against.
    const countProducts = async (country: string, f: { categoryIds?: number[]; brandIds?: number[] }) => {
      const rows = await dbRows<{
        n: number;
      }>(sql`select count(*)::int as n from products p join product_offers o on o.product_id = p.id and o.country = ${country}
        where p.is_active ${f.categoryIds ? sql`and p.category_id = any(${`{${f.categoryIds.join(',')}}`}::int[])` : sql``}
        ${f.brandIds ? sql`and p.brand_id = any(${`{${f.brandIds.join(',')}}`}::int[])` : sql``}`);
      return Number(rows[0]!.n);
    };
    const categories = (await api('/products/categories/')).body as { slug: string; children: { slug: string }[] }[];
    const brands = await listAll<{ slug: string }>('/products/brands/');
    const scopes: { category?: string; brands?: string[] }[] = [
      {},
      ...categories.flatMap((c) => [
        { category: c.slug },
        ...c.children.slice(0, 2).map((child) => ({ category: child.slug })),
      ]),
      ...brands.slice(0, 10).map((b) => ({ brands: [b.slug] })),
      { category: categories[0]!.slug, brands: brands.slice(0, 3).map((b) => b.slug) },
    ];
    for (const country of ['kg', 'kz'] as const) {
      for (const scope of scopes) {
        const f = await resolveFilters(db, { country, ...scope });
        expect(isSummarised(f)).toBe(true);
        expect(await facetsFromStats(db, f), JSON.stringify({ country, ...scope })).toEqual(await countFacets(db, f));
        const listed = (
          await api(
            `/products/products/?${qs({ country, category: scope.category, brand: scope.brands?.join(','), limit: 1 })}`,
          )
        ).body.count;
        expect(await countFromStats(db, f)).toBe(listed);
        expect(listed).toBe(await countProducts(country, f));
      }
    }
  });

  it('keeps the stored category pages right after a partial refresh, up to the top category', async () => {
    const { db, countFacets, facetsFromStats, refreshCatalogStats, resolveFilters } = await summaryCode();
    const stored = await dbRows<{ n: number }>(sql`select count(*)::int as n from category_listing_stats`);
    expect(stored[0]!.n).toBeGreaterThan(0);
    // A product of a subcategory goes inactive; only its category is refreshed, as a writer would.
    const [leaf] = await dbRows<{
      id: number;
      category_id: number;
      parent: string;
    }>(sql`select p.id, p.category_id, parent.slug as parent from products p
      join categories c on c.id = p.category_id join categories parent on parent.id = c.parent_id
      join product_offers o on o.product_id = p.id and o.country = 'kg' where p.is_active limit 1`);
    await dbRows(sql`update products set is_active = false where id = ${leaf!.id}`);
    await refreshCatalogStats(db, [leaf!.category_id]);
    const f = await resolveFilters(db, { country: 'kg', category: leaf!.parent });
    expect(await facetsFromStats(db, f)).toEqual(await countFacets(db, f));
    await dbRows(sql`update products set is_active = true where id = ${leaf!.id}`);
    await refreshCatalogStats(db, [leaf!.category_id]);
  });

  it('refreshes only the price parts where only prices moved, and ends where a full recount ends', async () => {
    const { db, countFacets, facetsFromStats, refreshCatalogStats, resolveFilters } = await summaryCode();
    // The cheapest product of a subcategory in kg becomes its dearest: the range of it and its parent moves.
    const [leaf] = await dbRows<{ id: number; category_id: number; parent: string; slug: string; price: string }>(
      sql`select p.id, p.category_id, parent.slug as parent, c.slug, o.price::text as price from products p
          join categories c on c.id = p.category_id join categories parent on parent.id = c.parent_id
          join product_offers o on o.product_id = p.id and o.country = 'kg' where p.is_active order by o.price limit 1`,
    );
    await dbRows(sql`update product_offers set price = 9999999 where product_id = ${leaf!.id} and country = 'kg'`);
    try {
      await refreshCatalogStats(db, [], { pricesOnly: [leaf!.category_id] });
      for (const category of [leaf!.slug, leaf!.parent]) {
        const f = await resolveFilters(db, { country: 'kg', category });
        const stored = await facetsFromStats(db, f);
        expect(stored.price.max).toBe('9999999.00');
        expect(stored).toEqual(await countFacets(db, f));
      }
      const afterPrices = await summaryRows();
      await refreshCatalogStats(db);
      expect(afterPrices).toEqual(await summaryRows());
    } finally {
      await dbRows(
        sql`update product_offers set price = ${leaf!.price} where product_id = ${leaf!.id} and country = 'kg'`,
      );
      await refreshCatalogStats(db, [leaf!.category_id]);
    }
  });

  it('refreshes only the country whose offers changed, and ends where a full recount ends', async () => {
    const { db, countFacets, facetsFromStats, refreshCatalogStats, resolveFilters } = await summaryCode();
    // A product of a subcategory sold in both countries stops being sold in kg.
    const [leaf] = await dbRows<{ id: number; category_id: number; parent: string; slug: string }>(
      sql`select p.id, p.category_id, parent.slug as parent, c.slug from products p
          join categories c on c.id = p.category_id join categories parent on parent.id = c.parent_id
          join product_offers o on o.product_id = p.id and o.country = 'kg'
          join product_offers z on z.product_id = p.id and z.country = 'kz' where p.is_active limit 1`,
    );
    const [offer] = await dbRows<{ price: string; quantity: number }>(
      sql`select price::text as price, quantity from product_offers where product_id = ${leaf!.id} and country = 'kg'`,
    );
    // A mark on the category's stored page in kz: a refresh of kg alone leaves it there.
    const kzPage = sql`country = 'kz' and category_id = ${leaf!.category_id}`;
    await dbRows(sql`update category_listing_stats set products = products + 1000 where ${kzPage}`);
    await dbRows(sql`delete from product_offers where product_id = ${leaf!.id} and country = 'kg'`);
    try {
      await refreshCatalogStats(db, [leaf!.category_id], { countries: ['kg'] });
      const [marked] = await dbRows<{ products: number }>(
        sql`select products from category_listing_stats where ${kzPage}`,
      );
      await dbRows(sql`update category_listing_stats set products = products - 1000 where ${kzPage}`);
      expect(marked!.products).toBeGreaterThanOrEqual(1000);
      for (const category of [leaf!.slug, leaf!.parent]) {
        const f = await resolveFilters(db, { country: 'kg', category });
        expect(await facetsFromStats(db, f)).toEqual(await countFacets(db, f));
      }
      const afterOneCountry = await summaryRows();
      await refreshCatalogStats(db);
      expect(afterOneCountry).toEqual(await summaryRows());
    } finally {
      await dbRows(
        sql`insert into product_offers (product_id, country, price, quantity)
            values (${leaf!.id}, 'kg', ${offer!.price}, ${offer!.quantity}) on conflict do nothing`,
      );
      await refreshCatalogStats(db, [leaf!.category_id]);
    }
  });

  it('adds new offers to their categories’ rows, beside recounted categories, and ends where a full recount ends', async () => {
    const { db, refreshCatalogStats } = await summaryCode();
    const [{ writeCatalog }, { lockOffers, setOffers }] = await Promise.all([
      import('../../src/server/catalog/catalog-write.ts'),
      import('../../src/server/catalog/offers.service.ts'),
    ]);
    // Two products with specifications from each of three categories, their kg offers taken away: one of
    // each will be offered again alone, the other beside a price change or a recount of its category.
    const products = await dbRows<{ id: number; sku: string; category_id: number }>(
      sql`select id, sku, category_id from (
            select p.id, p.sku, p.category_id, row_number() over (partition by p.category_id order by p.id) as n,
                   dense_rank() over (order by p.category_id) as c
            from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
            where p.is_active and exists (select 1 from product_specifications ps where ps.product_id = p.id)
              and (select count(*) from product_offers x join products q on q.id = x.product_id
                   where x.country = 'kg' and q.category_id = p.category_id) > 3) t
          where n <= 2 and c <= 3 order by category_id, id`,
    );
    expect(products).toHaveLength(6);
    const ids = products.map((p) => p.id);
    const saved = await dbRows<{ product_id: number; price: string; quantity: number }>(
      sql`select product_id, price::text as price, quantity from product_offers
          where country = 'kg' and product_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const [alone, priced, recounted] = [0, 2, 4].map((i) => products[i]!.category_id);
    await dbRows(
      sql`delete from product_offers where country = 'kg' and product_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    try {
      await refreshCatalogStats(db);
      // A price moved in the second category; the third is counted again (as a removed offer would).
      const [other] = await dbRows<{ id: number }>(
        sql`select p.id from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
            where p.category_id = ${priced} and p.is_active limit 1`,
      );
      await writeCatalog({ source: 'staff', userId: null }, async (write) => {
        const current = await lockOffers(write, 'kg', [other!.id]);
        await setOffers(write, 'kg', [
          {
            product: { id: other!.id, sku: current.get(other!.id)!.sku, categoryId: priced },
            offer: current.get(other!.id)!,
            price: '7777777.00',
          },
        ]);
        write.touchCategories([recounted], 'kg');
        await setOffers(
          write,
          'kg',
          products.map((p, i) => ({
            product: { id: p.id, sku: p.sku, categoryId: p.category_id },
            offer: null,
            price: i % 2 ? '1.00' : '9999999.00',
            quantity: i,
          })),
        );
      });
      const partial = await summaryRows();
      await refreshCatalogStats(db);
      expect(partial).toEqual(await summaryRows());
      expect(alone).not.toBe(priced);
    } finally {
      await dbRows(
        sql`delete from product_offers where country = 'kg' and product_id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      for (const offer of saved)
        await dbRows(
          sql`insert into product_offers (product_id, country, price, quantity)
              values (${offer.product_id}, 'kg', ${offer.price}, ${offer.quantity})`,
        );
      await refreshCatalogStats(db);
    }
  });

  it('counts an offer the insert found (another writer made it meanwhile) as a price change, not as a new one', async () => {
    const { db, refreshCatalogStats } = await summaryCode();
    const [{ writeCatalog }, { setOffers }] = await Promise.all([
      import('../../src/server/catalog/catalog-write.ts'),
      import('../../src/server/catalog/offers.service.ts'),
    ]);
    const [found] = await dbRows<{ id: number; sku: string; category_id: number; price: string; quantity: number }>(
      sql`select p.id, p.sku, p.category_id, o.price::text as price, o.quantity from products p
          join product_offers o on o.product_id = p.id and o.country = 'kg' where p.is_active order by p.id limit 1`,
    );
    try {
      await refreshCatalogStats(db);
      // The writer saw no offer (it could not lock one that was not there yet): its insert finds it.
      await writeCatalog({ source: 'staff', userId: null }, (write) =>
        setOffers(write, 'kg', [
          {
            product: { id: found!.id, sku: found!.sku, categoryId: found!.category_id },
            offer: null,
            price: '8888888.00',
          },
        ]),
      );
      const [brandRow] = await dbRows<{ max: string; products: number }>(
        sql`select max(max_price)::text as max, sum(products)::int as products from category_brand_stats
            where country = 'kg' and category_id = ${found!.category_id}`,
      );
      expect(brandRow!.max).toBe('8888888.00');
      const partial = await summaryRows();
      await refreshCatalogStats(db);
      expect(partial).toEqual(await summaryRows());
    } finally {
      await dbRows(
        sql`update product_offers set price = ${found!.price}, quantity = ${found!.quantity}
            where product_id = ${found!.id} and country = 'kg'`,
      );
      await refreshCatalogStats(db);
    }
  });

  it('gives the catalog page each category’s count and the brand list each brand’s, as their listings count', async () => {
    const { getCountedCategoryTree, getBrandProductCounts } =
      await import('../../src/server/catalog/catalog-counts.queries.ts');
    type Counted = { slug: string; products: number; children: Counted[] };
    const brands = await listAll<{ id: number; slug: string }>('/products/brands/');
    for (const country of ['kg', 'kz'] as const) {
      const tree = (await getCountedCategoryTree(country)) as Counted[];
      const all: Counted[] = [];
      const walk = (nodes: Counted[]) => {
        for (const node of nodes) {
          all.push(node);
          walk(node.children);
        }
      };
      walk(tree);
      expect(all.length).toBeGreaterThan(tree.length);
      for (const category of all) {
        expect(category.products, `${country} ${category.slug}`).toBe(
          await countOf({ country, category: category.slug }),
        );
      }
      expect(tree.reduce((sum, top) => sum + top.products, 0)).toBe(await countOf({ country }));
      const perBrand = await getBrandProductCounts(country);
      for (const brand of brands) {
        expect(perBrand.get(brand.id) ?? 0, `${country} ${brand.slug}`).toBe(
          await countOf({ country, brand: brand.slug }),
        );
      }
    }
  });

  it('is not used once a price, specification or search narrows the listing', async () => {
    const { db, isSummarised, resolveFilters } = await summaryCode();
    for (const narrowed of [
      { priceFrom: '100' },
      { priceTo: '100' },
      { search: 'композит' },
      { ids: [1] },
      { isActive: false },
    ]) {
      expect(isSummarised(await resolveFilters(db, { country: 'kg', ...narrowed }))).toBe(false);
    }
  });
});
