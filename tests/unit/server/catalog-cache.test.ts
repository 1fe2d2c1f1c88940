import { describe, expect, it, vi } from 'vitest';
import { catalogCache, invalidateCatalog } from '../../../src/server/catalog/cache.ts';
import { cacheKey } from '../../../src/server/catalog/product-filters.ts';

describe('catalogCache', () => {
  it('shares one load between identical reads, including concurrent ones', async () => {
    const cache = catalogCache<number>({ max: 10, ttlMs: 60_000 });
    const load = vi.fn(async () => 42);
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load)]).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failed load', async () => {
    const cache = catalogCache<number>({ max: 10, ttlMs: 60_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('lost connection')))).rejects.toThrow(
      'lost connection',
    );
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('forgets everything on invalidateCatalog', async () => {
    const cache = catalogCache<number>({ max: 10, ttlMs: 60_000 });
    await cache.get('k', async () => 1);
    invalidateCatalog();
    expect(await cache.get('k', async () => 2)).toBe(2);
  });

  it('expires entries after the ttl', async () => {
    const cache = catalogCache<number>({ max: 10, ttlMs: 20 });
    await cache.get('k', async () => 1);
    expect(await cache.get('k', async () => 2)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', async () => 2)).toBe(2);
  });
});

describe('cacheKey', () => {
  it('ignores property order, value order and undefined properties', () => {
    expect(cacheKey({ country: 'kg', brands: ['b', 'a'], specifications: { x: ['2', '1'] }, search: undefined })).toBe(
      cacheKey({ specifications: { x: ['1', '2'] }, brands: ['a', 'b'], country: 'kg' }),
    );
  });

  it('tells different filters apart', () => {
    expect(cacheKey({ country: 'kg' })).not.toBe(cacheKey({ country: 'kz' }));
    expect(cacheKey({ country: 'kg', category: 'a' })).not.toBe(cacheKey({ country: 'kg', brands: ['a'] }));
  });
});
