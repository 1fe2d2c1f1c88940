import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { invalidate } from '../../src/server/cache/invalidation.ts';
import { getDbHandle } from '../../src/server/db/client.ts';
import { api, dbRows } from '../helpers/api.ts';
import { startSecondProcess } from '../helpers/second-process.ts';

/** A product sold in kg, with its price. */
async function someProduct(): Promise<{ id: number; slug: string; price: string }> {
  const { body } = await api('/products/products/?country=kg&limit=1&ordering=name');
  return body.results[0];
}

async function setPrice(productId: number, price: string): Promise<void> {
  await dbRows(sql`update product_offers set price = ${price} where product_id = ${productId} and country = 'kg'`);
}

describe('invalidation in this process', () => {
  it('shows a price change on the next request after invalidateCatalog', async () => {
    const product = await someProduct();
    expect((await api(`/products/products/${product.slug}/?country=kg`)).body.price).toBe(product.price);
    await setPrice(product.id, '777.00');
    // Memoised: without an invalidation the old price is still served.
    expect((await api(`/products/products/${product.slug}/?country=kg`)).body.price).toBe(product.price);
    await invalidate('catalog');
    expect((await api(`/products/products/${product.slug}/?country=kg`)).body.price).toBe('777.00');
  });
});

// Two processes share one database only on a PostgreSQL server.
const handle = await getDbHandle();
describe.skipIf(handle.kind !== 'postgres')('invalidation across processes (PostgreSQL)', () => {
  let second: ReturnType<typeof startSecondProcess> | undefined;

  afterAll(() => {
    second?.stop();
  });

  it('reaches the other process: its cached answer shows the new price within a second', async () => {
    second = startSecondProcess(handle.url!);
    const port = await second.port;
    const product = await someProduct();
    const url = `http://127.0.0.1:${port}/api/v1/products/products/${product.slug}/?country=kg`;
    const read = async () => {
      const response = await fetch(url);
      return { cache: response.headers.get('x-cache'), price: ((await response.json()) as { price: string }).price };
    };
    expect(await read()).toEqual({ cache: 'MISS', price: product.price });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await read()).toEqual({ cache: 'HIT', price: product.price });

    await setPrice(product.id, '555.00');
    const changed = performance.now();
    await invalidate('catalog');
    let seen = await read();
    while (seen.price !== '555.00' && performance.now() - changed < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await read();
    }
    expect(seen.price).toBe('555.00');
    expect(performance.now() - changed).toBeLessThan(1000);
  }, 60_000);
});
