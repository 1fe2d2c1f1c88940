/**
 * Starting a shop process, in one order: open the database → migrate it and (when asked) fill an empty
 * one with the demo data, under a PostgreSQL advisory lock so that processes starting together do it
 * once → listen for the cache invalidations of other processes → (embedded database) end the imports a killed
 * process left half written → start the background workers. `scripts/start.ts`, the seed script and the dev server's
 * middleware come through here; tests build their database the same way (tests/helpers).
 */
import { serveBackupRequests } from '../backup/live-backup.ts';
import { listenForInvalidations } from '../cache/invalidation.ts';
import { syncCountries } from '../db/countries.ts';
import {
  embeddedDataDir,
  migrateDb,
  openConfiguredDb,
  setDbHandle,
  withAdvisoryLock,
  type DbHandle,
} from '../db/client.ts';
import { env, envWarnings } from '../env.ts';
import { endInterruptedImports } from '../imports/imports.queue.ts';
import { startJobs, stopJobs } from '../jobs/jobs.ts';
import { logger } from '../logger.ts';
import { seedIfEmpty } from './demo-data.ts';
import { QUEUES } from './queues.ts';

/** Arbitrary key of the advisory lock that migrations and the demo seed run under, in every process. */
export const BOOT_LOCK_KEY = 4_720_611;

export interface BootOptions {
  /** Fill an empty database with the demo data; default `SEED_DEMO`. */
  seedDemo?: boolean;
  /** Start the background workers; default true. Scripts that only read or write data leave them off. */
  jobs?: boolean;
}

export interface BootedShop {
  handle: DbHandle;
  /** Stops the workers, then closes the database. */
  stop(): Promise<void>;
}

/** Migrates and (with `seedDemo`) seeds an open database, once across every process that does the same at this moment. */
export async function prepareDatabase(handle: DbHandle, options: { seedDemo: boolean }): Promise<void> {
  await withAdvisoryLock(handle, BOOT_LOCK_KEY, async () => {
    await migrateDb(handle);
    await syncCountries(handle.db);
    if (options.seedDemo) await seedIfEmpty(handle.db);
  });
}

/** Opens and prepares the configured database, makes it the process-wide one and starts the workers. */
export async function boot(options: BootOptions = {}): Promise<BootedShop> {
  for (const warning of envWarnings) logger.warn(warning);
  const handle = await openConfiguredDb();
  try {
    await prepareDatabase(handle, { seedDemo: options.seedDemo ?? env.SEED_DEMO });
  } catch (error) {
    await handle.close();
    throw error;
  }
  setDbHandle(handle);
  const stopListening = await listenForInvalidations(handle);
  if (options.jobs ?? true) {
    await endInterruptedImports();
    await startJobs(QUEUES);
  }
  // `npm run backup` asks the process that has the embedded database open (src/server/backup/live-backup.ts).
  const stopServingBackups = handle.pglite ? serveBackupRequests(handle.pglite, embeddedDataDir()) : () => {};
  return {
    handle,
    async stop() {
      stopServingBackups();
      await stopJobs();
      await stopListening();
      setDbHandle(undefined);
      await handle.close();
    },
  };
}

type Global = typeof globalThis & { __shopBoot?: Promise<BootedShop> };
const store = globalThis as Global;

/**
 * The process's booted shop: the one the start script booted, or (under `astro dev`, which has no
 * start script) one booted on the first request. Cached on globalThis, which the start script and
 * the built server share.
 */
export function ensureBooted(): Promise<BootedShop> {
  store.__shopBoot ??= boot().catch((error: unknown) => {
    store.__shopBoot = undefined;
    throw error;
  });
  return store.__shopBoot;
}
