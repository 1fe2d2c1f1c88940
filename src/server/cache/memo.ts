import { LRUCache } from 'lru-cache';
import { onInvalidate, type CacheScope } from './invalidation.ts';
import { MEMO_TTL_MS } from './lifetimes.ts';

/**
 * Short-lived memoisation of reads. Shoppers hit the same category pages, filters, searches and
 * articles over and over, and the data changes only when staff write it; each answer is kept for
 * `MEMO_TTL_MS`, and a cache is emptied by any invalidation of a scope it depends on, in this process
 * at once and in the other shop processes as soon as the database's notification reaches them.
 * Concurrent identical reads share one query.
 */
export interface MemoCache<V> {
  get<T extends V>(key: string, load: () => Promise<T>): Promise<T>;
}

export function memoCache<V = unknown>(options: {
  scopes: readonly CacheScope[];
  max: number;
  /** Only tests shorten it. */
  ttlMs?: number;
}): MemoCache<V> {
  const cache = new LRUCache<string, Promise<unknown>>({ max: options.max, ttl: options.ttlMs ?? MEMO_TTL_MS });
  // A read that was running meanwhile loses its entry and is not stored.
  onInvalidate((scope) => {
    if (options.scopes.includes(scope)) cache.clear();
  });
  return {
    get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = cache.get(key) as Promise<T> | undefined;
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
