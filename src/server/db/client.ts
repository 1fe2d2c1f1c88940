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
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * How close a search word must be to a word of a product name for the trigram operator `<%`
 * (which can use the GIN index): 0.5 forgives one wrong letter in a typical word («кампозит»), where
 * pg_trgm's default 0.6 forgives almost nothing and 0.4 lets «композит» match every «комплект».
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

const migrationsFolder = path.resolve(process.cwd(), 'src/server/db/migrations');

/** Opens PGlite in `dataDir` (in memory when omitted), or from a dump made by `dumpDataDir`. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  // work_mem: facet counts over a large catalog sort and hash in memory rather than on (emulated) disk.
  await pglite.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}; SET work_mem = '32MB'`);
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await pglite.close();
      release();
    },
  };
}

export function openPostgres(url: string, max = 10): DbHandle {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connection: { 'pg_trgm.word_similarity_threshold': String(WORD_SIMILARITY_THRESHOLD) },
  });
  const db = drizzlePostgres({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
}

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder });
  else await migratePostgres(handle.db as never, { migrationsFolder });
}

// PGlite allows one opener per data dir; a second process would silently corrupt or diverge,
// so it must refuse to start instead.
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by another shop process (pid ${pid}). ` +
          'Stop that process first, or set DATABASE_URL to run several processes against one PostgreSQL server.',
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  const release = () => rmSync(lockFile, { force: true });
  process.once('exit', release);
  return release;
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

/**
 * The process-wide database, opened, migrated and (in an empty embedded database) seeded on first use.
 * Cached on globalThis so the start script, dev reloads and the built server share one PGlite instance.
 */
export function getDbHandle(): Promise<DbHandle> {
  store.__shopDb ??= openConfigured().catch((error: unknown) => {
    store.__shopDb = undefined;
    throw error;
  });
  return store.__shopDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Replaces the process-wide database (tests). */
export function setDbHandle(handle: DbHandle | Promise<DbHandle>): void {
  store.__shopDb = Promise.resolve(handle);
}

async function openConfigured(): Promise<DbHandle> {
  const handle = env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : await openPglite({ dataDir: path.resolve(env.DATA_DIR, 'pglite') });
  await migrateDb(handle);
  if (env.SEED_DEMO) {
    const { seedIfEmpty } = await import('./seed/index.ts');
    await seedIfEmpty(handle.db);
    // Apart from the catalog, so databases seeded before accounts existed get them too.
    const { seedDemoAccounts } = await import('../accounts/users.admin.ts');
    await seedDemoAccounts(handle.db);
  }
  return handle;
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
