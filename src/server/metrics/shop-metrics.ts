/**
 * The process's metrics in Prometheus's text format (`GET /metrics`, `server/http/shop-server.ts`):
 * requests by route group, method and status with their latency, the database pool and circuit
 * breaker, the response cache, the background queues and the mail outbox, and prom-client's process
 * metrics (memory, CPU, event-loop delay, garbage collection). Per request only a counter and a
 * histogram move; everything else is read when Prometheus scrapes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { currentDbHandle, type DatabaseStats } from '../db/client.ts';
import type { ResponseCacheStats } from '../http/response-cache.ts';
import { queueBacklog, type QueueBacklog } from '../jobs/queue-backlog.ts';
import { logger } from '../logger.ts';
import { outboxBacklog, type OutboxBacklog } from '../mail/outbox.queries.ts';
import { routeGroup } from './route-groups.ts';

export interface Backlog {
  queues: QueueBacklog[];
  outbox: OutboxBacklog;
}

export interface ShopMetricsSources {
  /** The pool and the breaker (`DbHandle.stats`). */
  database?: { stats(): DatabaseStats | null };
  /** The response cache, and the bytes it may hold. */
  cache?: { stats(): ResponseCacheStats; maxBytes: number };
  /** Requests being answered now. */
  inProgress?: () => number;
  /** The queues' and the outbox's backlog; by default read from the process's database. */
  backlog?: () => Promise<Backlog | null>;
}

export interface ShopMetrics {
  readonly registry: Registry;
  /** Counts a finished (or abandoned) request, `startedAt` being its `performance.now()` on arrival. */
  observeRequest(req: IncomingMessage, res: ServerResponse, startedAt: number): void;
  /** Writes every metric to `res`. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
/** What a request the client abandoned before its answer was sent counts as (nginx's «client closed request»). */
const ABANDONED = 499;
/** How long a scrape waits for the database's backlog figures before leaving them out. */
const BACKLOG_TIMEOUT_MS = 2000;
const log = logger.child({ module: 'metrics' });

export function createShopMetrics(sources: ShopMetricsSources = {}): ShopMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'Requests answered, by route group, method and status (499: the client left before the answer).',
    labelNames: ['group', 'method', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from a request’s arrival to the end of its answer, by route group and status class.',
    labelNames: ['group', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  if (sources.inProgress) {
    const inProgress = sources.inProgress;
    new Gauge({
      name: 'shop_http_requests_in_progress',
      help: 'Requests being answered now.',
      registers,
      collect() {
        this.set(inProgress());
      },
    });
  }
  // PGlite has no pool and no breaker: its handle gives no stats, and no figures stand for them.
  if (sources.database?.stats()) registerDatabase(registers, sources.database);
  if (sources.cache) registerCache(registers, sources.cache);
  registerBacklog(registers, sources.backlog ?? readBacklog);

  return {
    registry,
    observeRequest(req, res, startedAt) {
      const group = routeGroup(req.url);
      const status = res.writableFinished ? res.statusCode : ABANDONED;
      requests.inc({ group, method: METHODS.has(req.method!) ? req.method! : 'other', status });
      durations.observe(
        { group, status_class: STATUS_CLASSES[Math.trunc(status / 100)] ?? 'other' },
        (performance.now() - startedAt) / 1000,
      );
    },
    async answer(req, res) {
      const text = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : text);
    },
  };
}

type Registers = Registry[];

/** A counter whose total is kept elsewhere and read when scraped. */
function counterOf(registers: Registers, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers,
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

function gaugeOf(registers: Registers, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers,
    collect() {
      this.set(read());
    },
  });
}

function registerDatabase(registers: Registers, database: { stats(): DatabaseStats | null }): void {
  const read = (pick: (stats: DatabaseStats) => number | boolean) => () => {
    const stats = database.stats();
    return stats ? Number(pick(stats)) : 0;
  };
  gaugeOf(
    registers,
    'shop_db_pool_size',
    'Connections the process’s PostgreSQL pool may open.',
    read((s) => s.pool.size),
  );
  gaugeOf(
    registers,
    'shop_db_pool_active',
    'Statements and transactions in progress, holding a connection or waiting for one.',
    read((s) => s.pool.active),
  );
  gaugeOf(
    registers,
    'shop_db_pool_waiting_transactions',
    'Transactions waiting for a connection of the pool now.',
    read((s) => s.pool.waiting),
  );
  counterOf(
    registers,
    'shop_db_pool_transactions_total',
    'Transactions that got a connection of the pool.',
    read((s) => s.pool.acquired),
  );
  counterOf(
    registers,
    'shop_db_pool_transaction_wait_seconds_total',
    'Seconds transactions waited for a connection of the pool, in all.',
    read((s) => s.pool.waitSeconds),
  );
  gaugeOf(
    registers,
    'shop_db_circuit_open',
    '1 while the circuit breaker holds the database for unreachable (requests answer 503 at once).',
    read((s) => s.breakerOpen),
  );
  counterOf(
    registers,
    'shop_db_circuit_trips_total',
    'Times the circuit breaker opened.',
    read((s) => s.breakerTrips),
  );
}

function registerCache(registers: Registers, cache: { stats(): ResponseCacheStats; maxBytes: number }): void {
  new Counter({
    name: 'shop_response_cache_requests_total',
    help: 'Cacheable requests by what the response cache did: hit (fresh), stale (served while it renders again), miss.',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const stats = cache.stats();
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'stale' }, stats.staleHits);
      this.inc({ result: 'miss' }, stats.misses);
    },
  });
  counterOf(
    registers,
    'shop_response_cache_stored_total',
    'Answers the response cache has kept.',
    () => cache.stats().stored,
  );
  gaugeOf(registers, 'shop_response_cache_entries', 'Answers kept now.', () => cache.stats().entries);
  gaugeOf(
    registers,
    'shop_response_cache_bytes',
    'Bytes kept now (every encoding counted).',
    () => cache.stats().bytes,
  );
  gaugeOf(
    registers,
    'shop_response_cache_max_bytes',
    'Bytes the response cache may keep (RESPONSE_CACHE_MB).',
    () => cache.maxBytes,
  );
}

/**
 * The backlog's gauges. One scrape reads the database once (every gauge shares the read) and leaves
 * the figures out when it cannot: the database unreachable or slower than `BACKLOG_TIMEOUT_MS`.
 */
function registerBacklog(registers: Registers, read: () => Promise<Backlog | null>): void {
  let current: { at: number; backlog: Promise<Backlog | null> } | null = null;
  const backlog = () => {
    if (!current || performance.now() - current.at > 1000)
      current = { at: performance.now(), backlog: withTimeout(read()) };
    return current.backlog;
  };
  new Gauge({
    name: 'shop_backlog_read',
    help: '1 when this scrape read the queues and the outbox from the database, 0 when it could not.',
    registers,
    async collect() {
      this.set((await backlog()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'shop_job_queue_jobs',
    help: 'Background jobs per queue: waiting (due, no worker yet), deferred (due later) and active.',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const queue of (await backlog())?.queues ?? []) {
        this.set({ queue: queue.queue, state: 'waiting' }, queue.waiting);
        this.set({ queue: queue.queue, state: 'deferred' }, queue.deferred);
        this.set({ queue: queue.queue, state: 'active' }, queue.active);
      }
    },
  });
  new Gauge({
    name: 'shop_job_queue_oldest_waiting_seconds',
    help: 'How long the oldest due job of each queue has waited for a worker (0: none waits).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const queue of (await backlog())?.queues ?? []) this.set({ queue: queue.queue }, queue.oldestWaitingSeconds);
    },
  });
  // Labelled, so that a scrape that could not read them leaves them out instead of saying 0.
  new Gauge({
    name: 'shop_mail_outbox_mails',
    help: 'Mails of the outbox waiting for delivery through SMTP (pending) and given up (failed).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const outbox = (await backlog())?.outbox;
      if (!outbox) return;
      this.set({ status: 'pending' }, outbox.pending);
      this.set({ status: 'failed' }, outbox.failed);
    },
  });
  new Gauge({
    name: 'shop_mail_outbox_oldest_seconds',
    help: 'How long the oldest mail waiting for delivery has waited (0: none waits).',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      this.reset();
      const outbox = (await backlog())?.outbox;
      if (outbox) this.set({ status: 'pending' }, outbox.oldestPendingSeconds);
    },
  });
}

/** The backlog of the process's database, or null while it is unreachable or not open. */
async function readBacklog(): Promise<Backlog | null> {
  const handle = await currentDbHandle();
  if (!handle?.isAvailable()) return null;
  const [queues, outbox] = await Promise.all([queueBacklog(handle.db), outboxBacklog(handle.db)]);
  return { queues, outbox };
}

async function withTimeout(read: Promise<Backlog | null>): Promise<Backlog | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), BACKLOG_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([
      read.catch((error: unknown) => {
        log.warn({ err: error }, 'Metrics could not read the queues and the outbox');
        return null;
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
