import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { invalidate } from '../../src/server/cache/invalidation.ts';
import { loadSearchIndex, searchIndex, type IndexQuery } from '../../src/server/catalog/search-index.ts';
import { wordSimilarity } from '../../src/server/catalog/word-similarity.ts';
import { getDbHandle } from '../../src/server/db/client.ts';
import { api, dbRows, listAll, qs } from '../helpers/api.ts';
import { startSecondProcess } from '../helpers/second-process.ts';

// Searches are matched and ranked by each process's search index (server/catalog/search-index.ts), kept
// fresh from `search_index_changes`, which triggers fill whoever writes.
const search = (text: string, params: Record<string, string> = {}) =>
  listAll<{ id: number; name: string }>(`/products/products/?${qs({ search: text, ...params })}`);
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);

/** The n-th active product sold in both countries (each test changes its own). */
async function someProduct(n: number): Promise<{ id: number; name: string; sku: string }> {
  const [row] = await dbRows<{ id: number; name: string; sku: string }>(sql`
    select p.id::int as id, p.name, p.sku from products p
    where p.is_active and (select count(*) from product_offers o where o.product_id = p.id) = 2
    order by p.id desc limit 1 offset ${n}`);
  return row!;
}

describe('the search index', () => {
  it('ranks names as pg_trgm’s word_similarity does, to the float', async () => {
    const names = await dbRows<{ name: string }>(sql`select name from products order by id limit 120`);
    const queries = ['композит', 'кампозит', 'перчатки нитриловые', 'filtek', 'ашдеул', '3M-SBU', 'а', 'Z250 A2'];
    for (const query of queries) {
      const expected = await dbRows<{ similarity: number }>(
        sql`select word_similarity(${query}, name) as similarity from products order by id limit 120`,
      );
      const got = names.map(({ name }) => wordSimilarity(query, name));
      expect(got.map((value, i) => Math.abs(value - Number(expected[i]!.similarity)) < 1e-6)).not.toContain(false);
    }
  });

  it('finds a product renamed by hand after the next invalidation, and no longer by its old name', async () => {
    const product = await someProduct(0);
    const word = 'квазиголограммный';
    expect(await search(word)).toEqual([]);
    await dbRows(sql`update products set name = ${`Пинцет ${word}`} where id = ${product.id}`);
    await invalidate('catalog');
    expect(idsOf(await search(word))).toEqual([product.id]);
    expect(idsOf(await search(product.sku))).toContain(product.id);
  });

  it('follows the countries a product is sold in, its state and its removal', async () => {
    const product = await someProduct(1);
    await dbRows(sql`update products set name = 'Зонд гиперметрический' where id = ${product.id}`);
    await invalidate('catalog');
    expect(idsOf(await search('гиперметрический', { country: 'kz' }))).toEqual([product.id]);

    await dbRows(sql`delete from product_offers where product_id = ${product.id} and country = 'kz'`);
    await invalidate('catalog');
    expect(await search('гиперметрический', { country: 'kz' })).toEqual([]);
    expect(idsOf(await search('гиперметрический', { country: 'kg' }))).toEqual([product.id]);

    await dbRows(sql`update products set is_active = false where id = ${product.id}`);
    await invalidate('catalog');
    expect(await search('гиперметрический', { country: 'kg' })).toEqual([]);

    const [created] = await dbRows<{ id: number }>(sql`
      insert into products (slug, sku, name, category_id)
      select 'zond-ultrametricheskiy', 'ZOND-ULTRA-1', 'Зонд ультраметрический', category_id from products where id = ${product.id}
      returning id::int as id`);
    await dbRows(
      sql`insert into product_offers (product_id, country, price, quantity) values (${created!.id}, 'kg', 100, 5)`,
    );
    await invalidate('catalog');
    expect(idsOf(await search('ультраметрический', { country: 'kg' }))).toEqual([created!.id]);
    await dbRows(sql`delete from products where id = ${created!.id}`);
    await invalidate('catalog');
    expect(await search('ультраметрический', { country: 'kg' })).toEqual([]);
  });

  it('sets a new price in place: the price filter follows it, and the product is not loaded again', async () => {
    const product = await someProduct(3);
    await dbRows(sql`update products set name = 'Штопфер изопериметрический' where id = ${product.id}`);
    await invalidate('catalog');
    const dear = { country: 'kg', price_from: '987654' };
    expect(await search('изопериметрический', dear)).toEqual([]);
    const db = (await getDbHandle()).db;
    // A product loaded again takes a new slot and leaves its old one dead.
    const dead = (await searchIndex(db)).deadSlots;
    await dbRows(sql`update product_offers set price = 987655 where product_id = ${product.id} and country = 'kg'`);
    await invalidate('catalog');
    expect(idsOf(await search('изопериметрический', dear))).toEqual([product.id]);
    expect(idsOf(await search('изопериметрический', { country: 'kz', price_from: '987654' }))).toEqual([]);
    expect((await searchIndex(db)).deadSlots).toBe(dead);
  });

  it('answers the same built from the catalog read a few products at a time as read whole', async () => {
    const db = (await getDbHandle()).db;
    const [whole, parts] = [await loadSearchIndex(db, 1_000_000), await loadSearchIndex(db, 7)];
    const [{ count }] = await dbRows<{ count: number }>(sql`select count(*)::int as count from products`);
    expect(count).toBeGreaterThan(7 * 10);
    expect([parts.size, parts.deadSlots]).toEqual([count, 0]);
    const term = (lexeme: string) => ({ kind: 'term' as const, lexeme, prefix: true });
    const queries: IndexQuery[] = [
      { tsquery: term('композит'), skuText: 'композит', text: 'композит', variants: [], words: ['композит'] },
      { tsquery: term('перчатк'), skuText: 'перчатки m', text: 'перчатки m', variants: [], words: ['перчатки', 'm'] },
      {
        tsquery: { kind: 'or', children: [term('бор'), term('зонд')] },
        skuText: 'b',
        text: 'бор',
        variants: [],
        words: ['бор'],
      },
      { tsquery: undefined, skuText: '3m', text: '3m', variants: [], words: ['3m'] },
    ];
    for (const query of queries) {
      for (const filter of [
        { isActive: true, country: 'kg' },
        { isActive: true, country: 'kz', priceFrom: '100', priceTo: '50000' },
      ]) {
        const [a, b] = [whole.search(query), parts.search(query)];
        expect(b.ids).toEqual(a.ids);
        expect(b.page(filter, 0, 20)).toEqual(a.page(filter, 0, 20));
        expect(b.facets(filter)).toEqual(a.facets(filter));
      }
    }
    expect(whole.search(queries[0]!).ids.length).toBeGreaterThan(0);
  });

  it('counts and pages the matches the filters keep, as the listing without search does', async () => {
    const { body } = await api(`/products/products/?${qs({ search: 'композит', country: 'kz', limit: 5 })}`);
    const all = await search('композит', { country: 'kz' });
    expect(body.count).toBe(all.length);
    expect(idsOf(body.results)).toEqual(idsOf(all).slice(0, 5));
    const second = await api(`/products/products/?${qs({ search: 'композит', country: 'kz', limit: 5, offset: 5 })}`);
    expect(idsOf(second.body.results)).toEqual(idsOf(all).slice(5, 10));
  });
});

// Two processes and an open transaction need a PostgreSQL server.
const handle = await getDbHandle();
describe.skipIf(handle.kind !== 'postgres')('the search index on PostgreSQL', () => {
  let second: ReturnType<typeof startSecondProcess> | undefined;
  const other = handle.kind === 'postgres' ? postgres(handle.url!, { max: 1, onnotice: () => {} }) : undefined;

  afterAll(async () => {
    second?.stop();
    await other?.end();
  });

  it('reaches another process: it finds a renamed product within a second', async () => {
    second = startSecondProcess(handle.url!);
    const port = await second.port;
    const find = async (text: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/products/products/?${qs({ search: text })}`);
      return idsOf(((await response.json()) as { results: { id: number }[] }).results);
    };
    const product = await someProduct(2);
    expect(await find('суперфлюоресцентный')).toEqual([]);
    await dbRows(sql`update products set name = 'Лампа суперфлюоресцентная' where id = ${product.id}`);
    const changed = performance.now();
    await invalidate('catalog');
    let found = await find('суперфлюоресцентный');
    while (!found.length && performance.now() - changed < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      found = await find('суперфлюоресцентный');
    }
    expect(found).toEqual([product.id]);
  });

  it('misses no change that commits after a later one was read', async () => {
    const [first, later] = [await someProduct(3), await someProduct(4)];
    // The first change takes its number, then waits uncommitted while a later one commits and is read.
    await other!.begin(async (tx) => {
      await tx`update products set name = 'Штопфер антигравитационный' where id = ${first!.id}`;
      await dbRows(sql`update products set name = 'Гладилка антигравитационная' where id = ${later!.id}`);
      await invalidate('catalog');
      expect(idsOf(await search('антигравитационн'))).toEqual([later!.id]);
    });
    await invalidate('catalog');
    expect(idsOf(await search('антигравитационн')).sort((a, b) => a - b)).toEqual(
      [first!.id, later!.id].sort((a, b) => a - b),
    );
  });
});
