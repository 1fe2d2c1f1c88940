/**
 * Invalidation of in-process caches across every shop process on one database. A write calls
 * `invalidate(scope)` after it commits: this process's listeners run at once, so its next request sees
 * the change, and a `NOTIFY` reaches the other processes (`listenForInvalidations`, started by the boot
 * sequence), whose listeners run as soon as PostgreSQL delivers it, well within a second.
 */
import { randomUUID } from 'node:crypto';
import { currentDbHandle, type DbHandle } from '../db/client.ts';
import { logger } from '../logger.ts';

/**
 * What changed: `catalog` (products, prices, stock, categories, brands, specifications) or `content`
 * (what the shop publishes: news, articles, site pages, banners, documents, contacts, exchange rates,
 * courses, printing prices, vacancies). Memoised reads name the scopes they depend on; the response
 * cache, whose pages show both, empties on either.
 */
export const CACHE_SCOPES = ['catalog', 'content'] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

export const INVALIDATION_CHANNEL = 'shop_cache_invalidate';

type Listener = (scope: CacheScope) => void;

interface Registry {
  /** Tells this process's notifications apart from the others'. */
  processId: string;
  listeners: Set<Listener>;
  /** Bumped on every invalidation: a load that began before a bump must not store what it read. */
  generation: number;
}

// On globalThis: the start script and the built server (which bundles its own copy of this module)
// must share one set of listeners, or a write in the server would never reach the start script's caches.
const registry: Registry = ((globalThis as typeof globalThis & { __shopInvalidation?: Registry }).__shopInvalidation ??=
  {
    processId: randomUUID(),
    listeners: new Set(),
    generation: 0,
  });

/** Runs `listener` on every invalidation, local or from another process; returns what removes it. */
export function onInvalidate(listener: Listener): () => void {
  registry.listeners.add(listener);
  return () => registry.listeners.delete(listener);
}

/** The number of invalidations this process has seen; compare before and after a load. */
export function cacheGeneration(): number {
  return registry.generation;
}

function runListeners(scope: CacheScope): void {
  registry.generation += 1;
  for (const listener of registry.listeners) {
    try {
      listener(scope);
    } catch (error) {
      logger.error({ err: error, scope }, 'A cache invalidation listener failed');
    }
  }
}

/**
 * Empties the caches of `scope` in this process at once (before it returns) and tells every other
 * process. Never throws: a lost notification is logged, and the other processes' caches then expire
 * on their own short lifetimes.
 */
export async function invalidate(scope: CacheScope): Promise<void> {
  runListeners(scope);
  const pending = currentDbHandle();
  if (!pending) return;
  try {
    const handle = await pending;
    await handle.notify(INVALIDATION_CHANNEL, JSON.stringify({ from: registry.processId, scope }));
  } catch (error) {
    logger.error({ err: error, scope }, 'Could not tell the other shop processes to invalidate their caches');
  }
}

/** Applies the invalidations other processes announce on `handle`'s database; resolves to what stops listening. */
export function listenForInvalidations(handle: DbHandle): Promise<() => Promise<void>> {
  return handle.listen(INVALIDATION_CHANNEL, (payload) => {
    try {
      const message = JSON.parse(payload) as { from?: string; scope?: unknown };
      if (message.from === registry.processId) return;
      // A scope this version does not know (a newer process mid-deploy) empties everything.
      const known = CACHE_SCOPES.find((scope) => scope === message.scope);
      if (known) runListeners(known);
      else for (const scope of CACHE_SCOPES) runListeners(scope);
    } catch (error) {
      logger.warn({ err: error, payload }, 'Ignored a malformed cache invalidation');
    }
  });
}
