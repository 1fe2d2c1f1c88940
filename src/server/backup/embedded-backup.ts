/**
 * Backups of the embedded database (PGlite in DATA_DIR/pglite): a tar.gz of its data directory, copied
 * between two statements, which PGlite runs one at a time (as its own `dumpDataDir` reads it, which would
 * hold the whole process while it reads every file synchronously): an instant of the database as a crash
 * would leave it, so a transaction in progress is simply not in it. Restored with PGlite's `loadDataDir`
 * into a new directory that takes the old one's place only once it opens and answers.
 *
 * The file is PGlite's: it opens with a PGlite of the same PostgreSQL major version, not with a server
 * (moving to PostgreSQL is an export of its own).
 */
import { createReadStream, createWriteStream, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { dataDirInUseBy, lockDataDir, openPglite } from '../db/client.ts';
import { RestoreRefusedError } from './backup-files.ts';
import { countRows } from './postgres-backup.ts';
import { tarDirectory, tarEntries } from './tar.ts';

/**
 * Writes a backup of the database `pglite` has open from `dataDir` to `file` (a new file). Its files are
 * copied while PGlite runs nothing (`runExclusive`: statements wait, the process answers everything
 * else), then tarred and gzipped from the copy. Answers how long PGlite was held.
 */
export async function dumpEmbedded(pglite: PGlite, dataDir: string, file: string): Promise<{ heldMs: number }> {
  const copy = `${dataDir}.backup-copy`;
  await rm(copy, { recursive: true, force: true });
  try {
    // Less WAL to replay when the copy is opened; the copy is whole either way.
    await pglite.exec('checkpoint');
    const started = performance.now();
    await pglite.runExclusive(() => cp(dataDir, copy, { recursive: true }));
    const heldMs = Math.round(performance.now() - started);
    await pipeline(
      Readable.from(tarDirectory(copy)),
      createGzip({ level: 6 }),
      createWriteStream(file, { flags: 'wx', mode: 0o600 }),
    );
    return { heldMs };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** Backs up the embedded database in `dataDir` when no process has it open. */
export async function dumpClosedEmbedded(dataDir: string, file: string): Promise<void> {
  const handle = await openPglite({ dataDir });
  try {
    await dumpEmbedded(handle.pglite!, dataDir, file);
  } finally {
    await handle.close();
  }
}

/** Whether `dataDir` holds an embedded database. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(`${dataDir}/PG_VERSION`);
}

/** The tar inside a backup, read whole (gzip's checksum tells a damaged or truncated file). */
export async function readEmbeddedBackup(file: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    const collect = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await pipeline(createReadStream(file), createGunzip(), collect);
  } catch (error) {
    throw new Error(`${file} is not a whole gzip file (${(error as Error).message}): it is damaged or truncated.`);
  }
  return Buffer.concat(chunks);
}

/** Checks that the tar of a backup is a PostgreSQL data directory; answers its number of files. */
export function checkEmbeddedTar(tar: Buffer, file: string): number {
  let names: string[];
  try {
    names = tarEntries(tar);
  } catch (error) {
    throw new Error(`${file} is damaged: ${(error as Error).message}.`);
  }
  for (const needed of ['PG_VERSION', 'global/pg_control']) {
    if (!names.includes(needed)) throw new Error(`${file} is not a backup of the embedded database (no ${needed}).`);
  }
  return names.length;
}

/**
 * Opens the database in `tar` (in memory, or written to `dataDir`) and counts what it holds: a backup
 * that opens and answers is one that restores.
 */
export async function openEmbeddedBackup(tar: Buffer, dataDir?: string): Promise<Record<string, number>> {
  const handle = await openPglite({
    dataDir,
    loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }),
  });
  try {
    const [migrations] = (
      await handle.pglite!.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')
    ).rows;
    const counts = await countRows(async (text) => (await handle.pglite!.query<Record<string, unknown>>(text)).rows);
    return { migrations: migrations?.count ?? 0, ...counts };
  } finally {
    await handle.close();
  }
}

/**
 * Restores `tar` as the embedded database in `dataDir`. The shop must be stopped; a directory that holds
 * a database is replaced only with `force`, and kept beside it (`…pglite.replaced-<time>`), not deleted.
 * The new directory is built beside the old one and takes its place only once it opened and answered.
 */
export async function restoreEmbedded(
  tar: Buffer,
  dataDir: string,
  options: { force: boolean },
): Promise<{ counts: Record<string, number>; replacedKeptIn: string | null }> {
  const pid = dataDirInUseBy(dataDir);
  if (pid !== null) {
    throw new RestoreRefusedError(
      `The embedded database in ${dataDir} is open in the shop process ${pid}: stop the shop, then restore.`,
    );
  }
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !options.force) {
    throw new RestoreRefusedError(
      `${dataDir} already holds a database: restoring would replace it. Run again with --force to replace it (it is kept beside, not deleted).`,
    );
  }
  const release = lockDataDir(dataDir);
  const staging = `${dataDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const counts = await openEmbeddedBackup(tar, staging);
    let replacedKeptIn: string | null = null;
    if (occupied) {
      replacedKeptIn = `${dataDir}.replaced-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
      renameSync(dataDir, replacedKeptIn);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    renameSync(staging, dataDir);
    return { counts, replacedKeptIn };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}
