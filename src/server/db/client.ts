import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { env } from '../env.ts';
import { answersWithin, createLivenessWatch, trackSockets, type TrackedSockets } from './deadlines.ts';
import { PoolUsage } from './pool-usage.ts';
import { createCircuitBreaker, guardPostgres } from './resilience.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  /** The server's URL (PostgreSQL): background jobs open their own pool on the same database. */
  url?: string;
  /**
   * Calls `onNotify` with the payload of every `NOTIFY channel` on this database, from any process
   * (PostgreSQL keeps a connection of its own for it and reconnects), and `onSubscribe` each time the
   * subscription is (re)established: notifications sent while it was not are lost. Resolves to what
   * unsubscribes.
   */
  listen(channel: string, onNotify: (payload: string) => void, onSubscribe?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** False while the circuit breaker says the database is unreachable (`resilience.ts`); PGlite always is. */
  isAvailable(): boolean;
  /** Whether the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs: number): Promise<boolean>;
  /** The pool and the circuit breaker as they are now, for `/metrics`; null on PGlite (one connection, no breaker). */
  stats(): DatabaseStats | null;
  close(): Promise<void>;
}

export interface DatabaseStats {
  pool: PoolUsage;
  breakerOpen: boolean;
  /** How many times the breaker has opened since the process started. */
  breakerTrips: number;
}

const migrationsFolder = path.resolve(process.cwd(), 'src/server/db/migrations');

/** PostgreSQL's type oid of bytea. */
const BYTEA_OID = 17;

function toBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** Opens PGlite in `dataDir` (in memory when omitted), or from a dump made by `dumpDataDir`. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    // bytea through Node's own hex codec: PGlite's turns bytes into text and back one by one, a second
    // per megabyte, which froze every request while an upload or a photo was stored or read.
    serializers: { [BYTEA_OID]: (value: Uint8Array) => `\\x${toBuffer(value).toString('hex')}` },
    parsers: { [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), 'hex') },
  });
  // work_mem: facet counts over a large catalog sort and hash in memory rather than on (emulated) disk.
  await pglite.exec(`SET work_mem = '32MB'`);
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async listen(channel, onNotify, onSubscribe) {
      const unlisten = await pglite.listen(channel, onNotify);
      onSubscribe?.();
      return unlisten;
    },
    async notify(channel, payload) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    isAvailable: () => true,
    ping: async () => (await pglite.query('select 1')).rows.length === 1,
    stats: () => null,
    async close() {
      await pglite.close();
      release();
    },
  };
}

/** How often a tripped circuit breaker asks the database whether it answers again. */
const PROBE_EVERY_MS = 250;
/**
 * Database work waiting this long has the server asked, on a connection of its own, whether it answers
 * at all; no answer within `ASK_TIMEOUT_MS` and it counts as gone (`deadlines.ts`). Together they put a
 * frozen server's 503 about two seconds after the freeze; a `select 1` on an open connection takes
 * milliseconds even on a loaded machine.
 */
const STALL_AFTER_MS = 800;
const ASK_TIMEOUT_MS = 1000;
/** Past the statement timeout, a connection still waiting for its answer was lost on the way. */
const LOST_AFTER_STATEMENT_TIMEOUT_MS = 5000;
/** The longest wait before reconnecting, in seconds: recovery follows the database within a second. */
const MAX_RECONNECT_DELAY_S = 0.5;

/**
 * The `postgres` driver's options: a short connect timeout, a reconnect delay that doubles from 50 ms
 * but never passes `MAX_RECONNECT_DELAY_S` (the driver's own grows to 20 s and is shared by the whole
 * pool), idle connections recycled, and server-side statement and idle-in-transaction timeouts.
 */
export function postgresOptions(
  max: number,
  statementTimeoutMs = env.DB_STATEMENT_TIMEOUT_MS,
  sockets?: TrackedSockets,
) {
  return {
    ...(sockets && { socket: sockets.connect }),
    max,
    onnotice: () => {},
    connect_timeout: env.DB_CONNECT_TIMEOUT_MS / 1000,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, MAX_RECONNECT_DELAY_S) * (0.5 + Math.random() / 2),
    idle_timeout: 60,
    connection: {
      application_name: 'dental-shop',
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      // Statements are prepared to save a round trip (`prepared-statements.ts`), never to reuse a plan
      // made for other values.
      plan_cache_mode: 'force_custom_plan',
    },
  };
}

export function openPostgres(url: string, max = 10): DbHandle {
  // The pool's connections and the one that asks whether the server answers, destroyed together when
  // it does not (a frozen server never closes them itself).
  const sockets = trackSockets();
  const client = postgres(url, postgresOptions(max, env.DB_STATEMENT_TIMEOUT_MS, sockets));
  const asker = postgres(url, postgresOptions(1, ASK_TIMEOUT_MS, sockets));
  // One question at a time: a probe that finds the last one still waiting waits for it too. A connection
  // attempt made while the server was frozen waits in its listen queue and is the first answered once it
  // runs again; destroying it at each probe (as this did) put every thaw's recovery behind a new attempt
  // made after the thaw, seconds on a busy machine.
  let asking: Promise<unknown> | null = null;
  const ask = () =>
    (asking ??= asker.unsafe('select 1').finally(() => {
      asking = null;
    }));
  const breaker = createCircuitBreaker({
    probe: async () => {
      if (await answersWithin(ask(), ASK_TIMEOUT_MS)) return;
      // Only what has waited longer than a connection may take: an attempt still in the server's queue is
      // ended by the driver's connect timeout, a question sent on a connection that went deaf by this.
      sockets.destroyWaitingLongerThan(env.DB_CONNECT_TIMEOUT_MS);
      throw new Error(`The database server did not answer within ${ASK_TIMEOUT_MS} ms`);
    },
    probeEveryMs: PROBE_EVERY_MS,
    retryAfterSeconds: 1,
  });
  const liveness = createLivenessWatch({
    stallAfterMs: STALL_AFTER_MS,
    ask,
    askTimeoutMs: ASK_TIMEOUT_MS,
    onSilent: (cause) => {
      breaker.trip(cause);
      sockets.destroyAll();
    },
    onAnswered: () => {
      if (env.DB_STATEMENT_TIMEOUT_MS > 0)
        sockets.destroyWaitingLongerThan(env.DB_STATEMENT_TIMEOUT_MS + LOST_AFTER_STATEMENT_TIMEOUT_MS);
    },
  });
  const stats = { pool: new PoolUsage(max), breakerOpen: false, breakerTrips: 0 };
  breaker.onTrip(() => (stats.breakerTrips += 1));
  const guarded = guardPostgres(client, breaker, liveness, stats.pool);
  const db = drizzlePostgres({ client: guarded, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    // A client of its own per subscription: unsubscribing ends its connection, which works even when
    // that connection has gone deaf and would never answer an UNLISTEN.
    async listen(channel, onNotify, onSubscribe) {
      const listener = postgres(url, postgresOptions(1, 0));
      const end = () => listener.end({ timeout: 1 });
      try {
        await listener.listen(channel, onNotify, onSubscribe);
      } catch (error) {
        await end();
        throw error;
      }
      return end;
    },
    async notify(channel, payload) {
      await guarded.unsafe('select pg_notify($1, $2)', [channel, payload]);
    },
    isAvailable: () => !breaker.isOpen(),
    stats: () => ({ ...stats, breakerOpen: breaker.isOpen() }),
    async ping(timeoutMs) {
      if (breaker.isOpen()) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const answered = guarded.unsafe('select 1').then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([answered, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      breaker.dispose();
      liveness.dispose();
      await Promise.all([client.end({ timeout: 5 }), asker.end({ timeout: 1 })]);
    },
  };
}

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder });
  else await migratePostgres(handle.db as never, { migrationsFolder });
}

/**
 * Runs `task` while holding a PostgreSQL advisory lock named by `key`, so that several processes
 * starting at once against one database do it one after another (migrations, the demo seed). The
 * lock is held by a connection of its own, which also frees it if this process dies. The embedded
 * database has one process by construction (see `lockDataDir`) and needs no lock.
 */
export async function withAdvisoryLock<T>(handle: DbHandle, key: number, task: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite' || !handle.url) return task();
  // No statement timeout: waiting for the lock while another process migrates and seeds is the point.
  const lockClient = postgres(handle.url, postgresOptions(1, 0));
  try {
    await lockClient`select pg_advisory_lock(${key}::bigint)`;
    try {
      return await task();
    } finally {
      await lockClient`select pg_advisory_unlock(${key}::bigint)`;
    }
  } finally {
    await lockClient.end({ timeout: 5 });
  }
}

/**
 * Marks `dataDir` as open by this process until the returned function (or the process's exit) releases
 * it; throws when another live process has it. PGlite allows one opener per data dir: a second process
 * would silently corrupt or diverge, so it must refuse to start instead.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = lockFileOf(dataDir);
  const pid = dataDirInUseBy(dataDir);
  if (pid !== null) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by another shop process (pid ${pid}). ` +
        'Stop that process first, or set DATABASE_URL to run several processes against one PostgreSQL server.',
    );
  }
  writeFileSync(lockFile, String(process.pid));
  const release = () => rmSync(lockFile, { force: true });
  process.once('exit', release);
  return release;
}

const lockFileOf = (dataDir: string) => path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);

/** The process (another than this one, and alive) that has the embedded database in `dataDir` open, or null. */
export function dataDirInUseBy(dataDir: string): number | null {
  const lockFile = lockFileOf(dataDir);
  if (!existsSync(lockFile)) return null;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  return pid && pid !== process.pid && isAlive(pid) ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Global = typeof globalThis & { __shopDb?: Promise<DbHandle> };
const store = globalThis as Global;

/** Where the embedded database lives: `DATA_DIR/pglite`. */
export function embeddedDataDir(): string {
  return path.resolve(env.DATA_DIR, 'pglite');
}

/** Opens the database the environment names (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR), as it is: no migrations. */
export async function openConfiguredDb(): Promise<DbHandle> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite({ dataDir: embeddedDataDir() });
}

/**
 * The process-wide database, once the boot sequence (`src/server/boot/boot.ts`) or a test has set
 * it. Cached on globalThis so the start script and the built server (which bundles its own copy of
 * this module) share one handle.
 */
export function getDbHandle(): Promise<DbHandle> {
  return (
    store.__shopDb ??
    Promise.reject(
      new Error(
        'The database is not open: start the shop through its boot sequence (src/server/boot/boot.ts), or set a handle with setDbHandle in tests.',
      ),
    )
  );
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** The process-wide database if one is set, without waiting (for work that is pointless without one). */
export function currentDbHandle(): Promise<DbHandle> | undefined {
  return store.__shopDb;
}

/** Makes `handle` the process-wide database (the boot sequence, tests); `undefined` forgets it. */
export function setDbHandle(handle: DbHandle | Promise<DbHandle> | undefined): void {
  store.__shopDb = handle === undefined ? undefined : Promise.resolve(handle);
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A Postgres int[] literal for `= any(...)`: one parameter however many ids. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/**
 * A Postgres text[] literal for `unnest(...)` or `= any(...)`: one parameter however many values,
 * each quoted and escaped; `null` stays NULL.
 */
export function textArray(values: readonly (string | null)[]): string {
  // A loop that escapes only the values that need it: an import's audit rows are 200,000 values per
  // column, where a `replace` of each and a `map` took three to four times as long.
  let literal = '{';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i) literal += ',';
    literal += value === null ? 'NULL' : `"${NEEDS_ESCAPE.test(value) ? value.replace(/[\\"]/g, '\\$&') : value}"`;
  }
  return `${literal}}`;
}

const NEEDS_ESCAPE = /[\\"]/;
