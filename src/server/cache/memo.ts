import { LRUCache } from 'lru-cache';
import { detachedFromRequest } from '../request-scope.ts';
import { reportProducts } from './dependencies.ts';
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

interface Entry {
  value: Promise<unknown>;
  /** The products the answer shows, once it has come (with `productsOf`). */
  products?: ReadonlySet<number>;
}

export function memoCache<V = unknown>(options: {
  scopes: readonly CacheScope[];
  max: number;
  /**
   * The products an answer shows: an invalidation naming only some products then drops just the
   * entries that show them, and a render that reads the entry learns it shows them (`dependencies.ts`).
   * Without it, any invalidation of the scopes empties the cache.
   */
  productsOf?: (value: V) => Iterable<number>;
  /** Only tests shorten it. */
  ttlMs?: number;
}): MemoCache<V> {
  const cache = new LRUCache<string, Entry>({ max: options.max, ttl: options.ttlMs ?? MEMO_TTL_MS });
  const { productsOf } = options;
  // A read that was running meanwhile loses its entry and is not stored.
  onInvalidate((scope, detail) => {
    if (!options.scopes.includes(scope)) return;
    if (!detail || !productsOf || !('products' in detail)) {
      cache.clear();
      return;
    }
    const changed = new Set(detail.products);
    for (const [key, entry] of cache.entries()) {
      if (!entry.products || [...entry.products].some((id) => changed.has(id))) cache.delete(key);
    }
  });
  return {
    get<T extends V>(key: string, load: () => Promise<T>): Promise<T> {
      let entry = cache.get(key);
      if (!entry) {
        // Shared by every request that asks meanwhile: it must not end when the first one's client goes.
        const pending = detachedFromRequest(load);
        const created: Entry = { value: pending };
        entry = created;
        cache.set(key, created);
        pending.then(
          (value) => {
            if (productsOf) created.products = new Set(productsOf(value));
          },
          // A failed read (a validation error, a lost connection) is not remembered.
          () => {
            if (cache.get(key) === created) cache.delete(key);
          },
        );
      }
      const value = entry.value as Promise<T>;
      if (!productsOf) return value;
      return value.then((answer) => {
        reportProducts(productsOf(answer));
        return answer;
      });
    },
  };
}
