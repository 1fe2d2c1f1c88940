import { describe, expect, it, vi } from 'vitest';
import { collectProducts } from '../../../src/server/cache/dependencies.ts';
import { invalidate } from '../../../src/server/cache/invalidation.ts';
import { memoCache } from '../../../src/server/cache/memo.ts';

describe('memoCache', () => {
  it('shares one load between identical reads, including concurrent ones', async () => {
    const cache = memoCache<number>({ scopes: ['catalog'], max: 10 });
    const load = vi.fn(async () => 42);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load)]).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load', async () => {
    const cache = memoCache<number>({ scopes: ['catalog'], max: 10 });
    await expect(cache.get('k', async () => Promise.reject(new Error('lost connection')))).rejects.toThrow(
      'lost connection',
    );
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('forgets everything when a scope it depends on is invalidated', async () => {
    const cache = memoCache<number>({ scopes: ['catalog'], max: 10 });
    await cache.get('k', async () => 1);
    void invalidate('catalog');
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('keeps its entries when another scope is invalidated', async () => {
    const catalog = memoCache<number>({ scopes: ['catalog'], max: 10 });
    const both = memoCache<number>({ scopes: ['catalog', 'content'], max: 10 });
    await catalog.get('k', async () => 1);
    await both.get('k', async () => 1);
    void invalidate('content');
    expect(await catalog.get('k', async () => 2)).toBe(1);
    expect(await both.get('k', async () => 2)).toBe(2);
  });

  it('expires entries after the ttl', async () => {
    const cache = memoCache<number>({ scopes: ['catalog'], max: 10, ttlMs: 20 });
    await cache.get('k', async () => 1);
    expect(await cache.get('k', async () => 2)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('drops only the entries that show the products an invalidation names', async () => {
    const cache = memoCache<number[]>({ scopes: ['catalog'], max: 10, productsOf: (ids) => ids });
    const plain = memoCache<number>({ scopes: ['catalog'], max: 10 });
    await cache.get('a', async () => [1, 2]);
    await cache.get('b', async () => [3]);
    await plain.get('k', async () => 1);
    void invalidate('catalog', { products: [2] });
    expect(await cache.get('a', async () => [1, 2, 9])).toEqual([1, 2, 9]);
    expect(await cache.get('b', async () => [4])).toEqual([3]);
    // A cache that cannot tell which products it shows empties.
    expect(await plain.get('k', async () => 2)).toBe(2);
  });

  it('tells the render in progress which products it read', async () => {
    const cache = memoCache<number[]>({ scopes: ['catalog'], max: 10, productsOf: (ids) => ids });
    await cache.get('a', async () => [5, 6]);
    const { result, products } = collectProducts(() => cache.get('a', async () => []));
    await result;
    expect([...products]).toEqual([5, 6]);
  });
});
