import { LRUCache } from 'lru-cache';
import { invalidate, onInvalidate } from '../cache/invalidation.ts';

/**
 * Short-lived memoisation of catalog reads. Shoppers hit the same category pages, filters and searches
 * over and over, and the catalog changes only when staff write it; each answer is kept for `ttlMs` and
 * every cache is emptied by {@link invalidateCatalog} after a write, in this process at once and in
 * the other shop processes as soon as the database's notification reaches them. Concurrent identical
 * reads share one query.
 */
export interface CatalogCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
}

export function catalogCache<V>(options: { max: number; ttlMs: number }): CatalogCache<V> {
  const cache = new LRUCache<string, Promise<unknown>>({ max: options.max, ttl: options.ttlMs });
  // Any invalidation empties it: a read that was running meanwhile loses its entry and is not stored.
  onInvalidate(() => cache.clear());
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

/**
 * Empties every catalog cache; call after products, prices, stock, categories or brands are written
 * (after the transaction commits). This process's caches are empty when it returns; the returned
 * promise settles once the other processes have been told.
 */
export function invalidateCatalog(): Promise<void> {
  return invalidate('catalog');
}

/** Seconds a cached catalog read may live: also what the API's and pages' `max-age` promise. */
export const CATALOG_TTL_MS = 30_000;
