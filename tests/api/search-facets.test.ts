import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invalidate } from '../../src/server/cache/invalidation.ts';
import { countFacets } from '../../src/server/catalog/facets.queries.ts';
import { resolveFilters, type ProductFilters } from '../../src/server/catalog/product-filters.ts';
import { getDb } from '../../src/server/db/client.ts';
import { api, dbRows, qs } from '../helpers/api.ts';

// A search's facets and filtered counts come from the search index; the database's own counting
// (`countFacets`, and a listing ordered by price, which filters in SQL) is the reference.
type Params = Record<string, string | number | boolean | undefined>;
const list = async (params: Params) => {
  const { status, body } = await api(`/products/products/?${qs(params)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as { count: number; results: { id: number }[]; facets?: unknown };
};
const spec = (slug: string, values: string[]) =>
  `${encodeURIComponent(slug)}:${values.map(encodeURIComponent).join(',')}`;

interface Facets {
  price: { min: string | null; max: string | null };
  brands: { id: number; slug: string; count: number }[];
  specifications: { id: number; slug: string; values: { value: string; count: number }[] }[];
}

/** The filters as the API reads them, and as `resolveFilters` takes them. */
function both(search: string, extra: { brand?: string; spec?: [string, string[]]; from?: string; to?: string }) {
  const params: Params = {
    search,
    country: 'kg',
    brand: extra.brand,
    specifications: extra.spec && spec(...extra.spec),
    price_from: extra.from,
    price_to: extra.to,
  };
  const filters: ProductFilters = {
    country: 'kg',
    search,
    brands: extra.brand ? [extra.brand] : undefined,
    specifications: extra.spec ? { [extra.spec[0]]: extra.spec[1] } : undefined,
    priceFrom: extra.from,
    priceTo: extra.to,
  };
  return { params, filters };
}

async function expectSameAsDatabase(search: string, extra: Parameters<typeof both>[1] = {}) {
  const { params, filters } = both(search, extra);
  const byIndex = await list({ ...params, facets: true, limit: 5 });
  const reference = await countFacets(await getDb(), await resolveFilters(await getDb(), filters));
  const label = JSON.stringify({ search, ...extra });
  expect(byIndex.facets, label).toEqual(reference);
  // The count of a listing by relevance (the index filters) and by price (the database filters) agree.
  expect(byIndex.count, label).toBe((await list({ ...params, ordering: 'price', limit: 1 })).count);
  return byIndex.facets as Facets;
}

describe('the facets of a search (search index) against the database counting them', () => {
  it.each(['композит', 'адгезив', 'кампозит', 'перчатки', 'бор'])(
    'counts price, brands and specifications of «%s» as the database does, with and without filters',
    async (search) => {
      const open = await expectSameAsDatabase(search);
      expect(open.brands.length + open.specifications.length).toBeGreaterThan(0);
      const brand = open.brands[0];
      const first = open.specifications.find((s) => s.values.length > 1);
      if (brand) await expectSameAsDatabase(search, { brand: brand.slug });
      if (first) {
        const values = first.values.map((v) => v.value);
        await expectSameAsDatabase(search, { spec: [first.slug, values.slice(0, 1)] });
        await expectSameAsDatabase(search, { spec: [first.slug, values.slice(0, 2)], brand: brand?.slug });
      }
      if (open.price.min !== null && open.price.max !== null) {
        const middle = ((Number(open.price.min) + Number(open.price.max)) / 2).toFixed(2);
        await expectSameAsDatabase(search, { from: middle });
        await expectSameAsDatabase(search, { to: middle, brand: brand?.slug });
        if (first)
          await expectSameAsDatabase(search, {
            from: open.price.min,
            to: middle,
            spec: [first.slug, [first.values[0]!.value]],
          });
      }
    },
  );

  it('keeps a chosen value nothing matches listed with 0, as the database does', async () => {
    const open = await expectSameAsDatabase('композит');
    const first = open.specifications[0]!;
    await expectSameAsDatabase('композит', { spec: [first.slug, ['нет такого значения']] });
  });

  it('follows a price and a specification value written by hand once the caches are emptied', async () => {
    const [match] = (await list({ search: 'композит', country: 'kg', limit: 1 })).results;
    await dbRows(sql`update product_offers set price = 987654.32 where product_id = ${match!.id} and country = 'kg'`);
    const [specRow] = await dbRows<{ id: number; slug: string }>(
      sql`select id, slug from specifications where is_filter order by id limit 1`,
    );
    await dbRows(
      sql`insert into product_specifications (product_id, specification_id, value) values (${match!.id}, ${specRow!.id}, 'Квазизначение')`,
    );
    await invalidate('catalog');
    const facets = await expectSameAsDatabase('композит');
    expect(facets.price.max).toBe('987654.32');
    const values = facets.specifications.find((s) => s.id === specRow!.id)!.values;
    expect(values).toContainEqual({ value: 'Квазизначение', count: 1 });
    await expectSameAsDatabase('композит', { spec: [specRow!.slug, ['Квазизначение']], from: '987654.32' });
  });
});
