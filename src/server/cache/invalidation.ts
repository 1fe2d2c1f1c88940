/**
 * Invalidation of in-process caches across every shop process on one database. A write calls
 * `invalidate(scope)` after it commits: this process's listeners run at once, so its next request sees
 * the change, and a `NOTIFY` reaches the other processes (`listenForInvalidations`, started by the boot
 * sequence), whose listeners run as soon as PostgreSQL delivers it, well within a second.
 *
 * A notification sent while a process's LISTEN connection is down never reaches it, so every
 * (re)subscription empties that process's caches once, and a watchdog pings the process itself through
 * NOTIFY: a ping that does not come back means the subscription is deaf, and it is made anew.
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

/**
 * What changed within a scope, when a writer knows: `products` are the only products whose own data
 * changed (their stock count, not whether they are in stock, nor anything listings count or order by).
 * A cache that knows which products each entry shows drops only those entries; any other empties.
 */
export interface InvalidationDetail {
  products: readonly number[];
}

/**
 * What a listener hears besides the scope: the products an invalidation names, or `missed` when nothing
 * is known to have changed but notifications may have been lost (the subscription was down). A cache then
 * serves nothing it holds as fresh; the response cache keeps its answers only to serve while the database
 * is unreachable.
 */
export type ChangeDetail = InvalidationDetail | { missed: true };

type Listener = (scope: CacheScope, detail?: ChangeDetail) => void;

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

function runListeners(scope: CacheScope, detail?: ChangeDetail): void {
  registry.generation += 1;
  for (const listener of registry.listeners) {
    try {
      listener(scope, detail);
    } catch (error) {
      logger.error({ err: error, scope }, 'A cache invalidation listener failed');
    }
  }
}

function emptyEverything(detail?: ChangeDetail): void {
  for (const scope of CACHE_SCOPES) runListeners(scope, detail);
}

/** A NOTIFY payload stays well under PostgreSQL's 8000 bytes; more products than this empty the scope. */
const MAX_NOTIFIED_PRODUCTS = 500;

/**
 * Empties the caches of `scope` in this process at once (before it returns) and tells every other
 * process; with `detail`, only what shows those products. Never throws: a lost notification is logged,
 * and the other processes' caches then expire on their own short lifetimes.
 */
export async function invalidate(scope: CacheScope, detail?: InvalidationDetail): Promise<void> {
  const narrowed = detail && detail.products.length <= MAX_NOTIFIED_PRODUCTS ? detail : undefined;
  runListeners(scope, narrowed);
  const pending = currentDbHandle();
  if (!pending) return;
  try {
    const handle = await pending;
    const message = { from: registry.processId, scope, ...(narrowed && { products: narrowed.products }) };
    await handle.notify(INVALIDATION_CHANNEL, JSON.stringify(message));
  } catch (error) {
    logger.error({ err: error, scope }, 'Could not tell the other shop processes to invalidate their caches');
  }
}

function applyMessage(payload: string, onPing: (id: string) => void): void {
  try {
    const message = JSON.parse(payload) as { from?: string; scope?: unknown; products?: unknown; ping?: unknown };
    if (message.from === registry.processId) {
      if (typeof message.ping === 'string') onPing(message.ping);
      return;
    }
    if (message.ping !== undefined) return;
    const products = Array.isArray(message.products) ? message.products.filter(Number.isInteger) : undefined;
    // A scope this version does not know (a newer process mid-deploy) empties everything.
    const known = CACHE_SCOPES.find((scope) => scope === message.scope);
    if (known) runListeners(known, products && { products: products as number[] });
    else emptyEverything();
  } catch (error) {
    logger.warn({ err: error, payload }, 'Ignored a malformed cache invalidation');
  }
}

export interface WatchdogOptions {
  /** How often this process pings itself through NOTIFY. */
  pingEveryMs: number;
  /** A ping not back within this long means the subscription is deaf. */
  pingTimeoutMs: number;
}

const WATCHDOG: WatchdogOptions = { pingEveryMs: 10_000, pingTimeoutMs: 5_000 };

/**
 * Applies the invalidations other processes announce on `handle`'s database, emptying this process's
 * caches on every (re)subscription, and watches the subscription (`WatchdogOptions`); resolves to what
 * stops listening.
 */
export async function listenForInvalidations(
  handle: DbHandle,
  watchdog: WatchdogOptions = WATCHDOG,
): Promise<() => Promise<void>> {
  const log = logger.child({ module: 'cache' });
  let stopped = false;
  let subscriptions = 0;
  /** The ping sent and not back yet, and what re-listens when it stays away. */
  let awaited: string | undefined;
  let deafTimer: NodeJS.Timeout | undefined;
  const onPing = (id: string) => {
    if (awaited !== id) return;
    awaited = undefined;
    clearTimeout(deafTimer);
  };
  // Whatever was announced while this process was not subscribed is lost: start from empty caches.
  const onSubscribe = () => {
    subscriptions += 1;
    if (subscriptions > 1) log.info('Listening for cache invalidations again: emptied the caches');
    emptyEverything({ missed: true });
  };
  const subscribe = () => handle.listen(INVALIDATION_CHANNEL, (payload) => applyMessage(payload, onPing), onSubscribe);
  let unlisten = await subscribe();

  const resubscribe = async () => {
    log.warn('A cache invalidation ping did not come back: listening anew');
    await unlisten().catch(() => {});
    if (stopped) return;
    try {
      unlisten = await subscribe();
    } catch (error) {
      // The next ping fails or goes unanswered too, and this runs again.
      log.error({ err: error }, 'Could not listen for cache invalidations');
    }
  };
  const ping = async () => {
    if (stopped || awaited || !handle.isAvailable()) return;
    const id = randomUUID();
    // Awaited before it is sent: the echo may arrive before the NOTIFY's own answer does.
    awaited = id;
    try {
      await handle.notify(INVALIDATION_CHANNEL, JSON.stringify({ from: registry.processId, ping: id }));
    } catch {
      // The database cannot be reached; the subscription comes back (emptying the caches) with it.
      awaited = undefined;
      return;
    }
    if (stopped || awaited !== id) return;
    deafTimer = setTimeout(() => {
      awaited = undefined;
      void resubscribe();
    }, watchdog.pingTimeoutMs);
    deafTimer.unref();
  };
  const interval = setInterval(() => void ping(), watchdog.pingEveryMs);
  interval.unref();

  return async () => {
    stopped = true;
    clearInterval(interval);
    clearTimeout(deafTimer);
    await unlisten();
  };
}
