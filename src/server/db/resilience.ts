/**
 * What keeps the shop answering when PostgreSQL blinks (a restart, a failover, a lost network):
 *
 * - A circuit breaker: after a connection-class error, new database work fails at once with
 *   `ServiceUnavailableError` (the API answers 503 with `Retry-After`, pages the static 503 page) while
 *   a probe asks the server every `probeEveryMs` whether it answers again; the first answer closes it.
 * - `guardPostgres` puts the breaker in front of the `postgres` driver as Drizzle uses it: a read that
 *   failed for a connection reason outside a transaction is tried once more on a fresh connection (a
 *   write never is: an order is retried only by its client, whose `Idempotency-Key` makes that safe),
 *   and work whose client has gone (`src/server/request-scope.ts`) is abandoned: a transaction then
 *   rolls back instead of committing for nobody, a query not yet sent is never sent.
 * - Work that waits long for an answer wakes a liveness watch (`deadlines.ts`), which opens the breaker
 *   when the server does not answer at all: a frozen server is a 503 within seconds, not a hang.
 */
import type { Sql } from 'postgres';
import { asUnavailable, isConnectionError, ServiceUnavailableError } from '../errors.ts';
import { logger } from '../logger.ts';
import { requestSignal } from '../request-scope.ts';
import type { LivenessWatch } from './deadlines.ts';
import { PoolUsage } from './pool-usage.ts';
import { preparedOptions, preparingStatements } from './prepared-statements.ts';

const log = logger.child({ module: 'db' });

function clientGone(): ServiceUnavailableError {
  return new ServiceUnavailableError(1, { cause: new Error('The client closed the connection.') });
}

export interface CircuitBreaker {
  /** @throws ServiceUnavailableError while the breaker is open */
  check(): void;
  isOpen(): boolean;
  /** Opens the breaker (a connection-class error was seen) and starts probing. */
  trip(cause: unknown): void;
  /** Runs `listener` each time the breaker opens; returns what removes it. */
  onTrip(listener: () => void): () => void;
  /** Stops probing (the pool is closing). */
  dispose(): void;
}

export interface CircuitBreakerOptions {
  /** Asks the database whether it answers; resolves when it does. */
  probe: () => Promise<unknown>;
  probeEveryMs: number;
  /** What `Retry-After` says while open. */
  retryAfterSeconds: number;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  let openedAt: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;
  const listeners = new Set<() => void>();

  const schedule = () => {
    if (disposed) return;
    timer = setTimeout(() => void probe(), options.probeEveryMs);
    timer.unref();
  };
  const probe = async () => {
    try {
      await options.probe();
      if (openedAt !== null) log.info({ downMs: Date.now() - openedAt }, 'The database answers again');
      openedAt = null;
    } catch {
      schedule();
    }
  };

  return {
    check() {
      if (openedAt !== null) throw new ServiceUnavailableError(options.retryAfterSeconds);
    },
    isOpen: () => openedAt !== null,
    trip(cause) {
      if (openedAt !== null || disposed) return;
      openedAt = Date.now();
      log.error({ err: cause }, 'The database is unreachable: answering 503 until it answers again');
      for (const listener of [...listeners]) listener();
      schedule();
    },
    onTrip(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}

// A statement that only reads: safe to send again when its connection was lost before it answered.
const READ_STATEMENT = /^\s*(\(\s*)*(select|with|show|values|table)\b/i;
const WRITE_KEYWORD = /\b(insert|update|delete|merge|copy|call|do)\b/i;

export function isReadStatement(query: string): boolean {
  return READ_STATEMENT.test(query) && !WRITE_KEYWORD.test(query);
}

/**
 * Starts `start` unless the breaker is open or the request's client has gone; rejects as soon as the
 * breaker opens or the client goes, leaving the driver's promise to settle unheeded. `onAbandon` runs then.
 */
function guarded<T>(
  guards: Guards,
  signal: AbortSignal | undefined,
  start: () => Promise<T>,
  onAbandon?: () => void,
): Promise<T> {
  const { breaker, liveness } = guards;
  try {
    breaker.check();
  } catch (error) {
    return Promise.reject(error as Error);
  }
  if (signal?.aborted) return Promise.reject(clientGone());
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const done = liveness?.begin();
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      done?.();
      signal?.removeEventListener('abort', onAbort);
      stopWatchingTrips();
      settle();
    };
    const abandon = (error: Error) =>
      finish(() => {
        onAbandon?.();
        reject(error);
      });
    const onAbort = () => abandon(clientGone());
    signal?.addEventListener('abort', onAbort, { once: true });
    const stopWatchingTrips = breaker.onTrip(() => abandon(new ServiceUnavailableError(1)));
    start().then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

interface Guards {
  breaker: CircuitBreaker;
  liveness?: LivenessWatch;
}

/**
 * The `postgres` client as Drizzle should see it: `unsafe` (every query outside a transaction) and
 * `begin` (transactions) go through the breaker and, given one, the liveness watch, counted in `usage`;
 * everything else is the client itself.
 */
export function guardPostgres(
  client: Sql,
  breaker: CircuitBreaker,
  liveness?: LivenessWatch,
  usage = new PoolUsage(0),
): Sql {
  const guards: Guards = { breaker, liveness };
  const failed = (error: unknown): unknown => {
    // Already decided: the breaker is open, or the client has gone (which says nothing of the database).
    if (asUnavailable(error) === error || !isConnectionError(error)) return error;
    breaker.trip(error);
    return asUnavailable(error);
  };

  function unsafe(query: string, params?: unknown[], queryOptions?: object) {
    // The request that asked, even when the query is awaited later.
    const signal = requestSignal();
    const attempt = (mode: 'rows' | 'values') => {
      let pending: ReturnType<Sql['unsafe']> | undefined;
      return guarded(
        guards,
        signal,
        async () => {
          pending = client.unsafe(query, params as never[], preparedOptions(query, params, queryOptions) as never);
          return usage.track(mode === 'values' ? pending.values() : pending);
        },
        // Still queued for a connection (postgres.js sets `state` when it sends one): never sent. One
        // already sent is left be: cancelling it asks the server on a new connection, and the driver
        // drops that request's promise, so a refused one would be an unhandled rejection.
        () => {
          if (pending && !(pending as { state?: unknown }).state) void pending.cancel();
        },
      );
    };
    const run = async (mode: 'rows' | 'values') => {
      try {
        return await attempt(mode);
      } catch (error) {
        if (!isConnectionError(error) || asUnavailable(error) === error || !isReadStatement(query)) throw failed(error);
        // The pool has dropped the connection that failed, so this takes another one (or opens one).
        log.warn({ err: error }, 'A read lost its connection: trying it once more');
        try {
          return await attempt(mode);
        } catch (retryError) {
          throw failed(retryError);
        }
      }
    };
    // Drizzle awaits the query itself, or its `.values()`; it starts only then, once.
    let rows: Promise<unknown> | undefined;
    return {
      then: <A, B>(onFulfilled?: (rows: unknown) => A, onRejected?: (error: unknown) => B) =>
        (rows ??= run('rows')).then(onFulfilled, onRejected),
      catch: <B>(onRejected?: (error: unknown) => B) => (rows ??= run('rows')).catch(onRejected),
      values: () => run('values'),
    };
  }

  function begin(...args: unknown[]) {
    const work = args.pop() as (tx: unknown) => Promise<unknown>;
    const signal = requestSignal();
    let abandoned = false;
    return guarded(
      guards,
      signal,
      () =>
        usage.transaction(
          (connected) =>
            client.begin(...(args as []), async (tx: unknown) => {
              connected();
              if (abandoned) throw clientGone();
              const result = await work(preparingStatements(tx as Sql));
              // Nobody waits for the answer any more (or the database was declared lost): roll back.
              if (abandoned || signal?.aborted) throw clientGone();
              return result;
            }) as Promise<unknown>,
        ),
      () => (abandoned = true),
    ).catch((error: unknown) => {
      throw failed(error);
    });
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
