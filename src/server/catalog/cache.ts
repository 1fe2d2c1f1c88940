import { LRUCache } from 'lru-cache';

/**
 * Short-lived memoisation of catalog reads. Shoppers hit the same category pages, filters and searches
 * over and over, and the catalog changes only when staff write it; each answer is kept for `ttlMs`
 * (bounding how stale another shop process can be) and every cache is emptied at once by
 * {@link invalidateCatalog} after a write in this process. Concurrent identical reads share one query.
 */
export interface CatalogCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
}

const all = new Set<LRUCache<string, Promise<unknown>>>();

export function catalogCache<V>(options: { max: number; ttlMs: number }): CatalogCache<V> {
  const cache = new LRUCache<string, Promise<unknown>>({ max: options.max, ttl: options.ttlMs });
  all.add(cache);
  return {
    get(key, load) {
      const hit = cache.get(key) as Promise<V> | undefined;
      if (hit) return hit;
      const pending = load();
      cache.set(key, pending);
      // A failed read (a validation error, a lost connection) is not remembered.
      pending.catch(() => {
        if (cache.get(key) === pending) cache.delete(key);
      });
      return pending;
    },
  };
}

/** Empties every catalog cache; call after products, prices, categories or brands are written. */
export function invalidateCatalog(): void {
  for (const cache of all) cache.clear();
}

/** Seconds a cached catalog read may live: also what the API's and pages' `max-age` promise. */
export const CATALOG_TTL_MS = 30_000;
