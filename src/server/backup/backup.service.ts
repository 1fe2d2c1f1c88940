/**
 * Backing up and restoring the configured database (`npm run backup`, `npm run restore`): PostgreSQL
 * with DATABASE_URL (`postgres-backup.ts`), else the embedded one (`embedded-backup.ts`, through the running
 * shop when one has it open: `live-backup.ts`). Photos and uploaded files are rows, so they are in it.
 */
import { chmodSync, closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { dataDirInUseBy, embeddedDataDir } from '../db/client.ts';
import { env } from '../env.ts';
import {
  backupFileName,
  checkChecksum,
  ensureBackupDir,
  pruneBackups,
  RestoreRefusedError,
  writeChecksum,
  type BackupKind,
} from './backup-files.ts';
import {
  checkEmbeddedTar,
  dumpClosedEmbedded,
  hasEmbeddedDatabase,
  openEmbeddedBackup,
  readEmbeddedBackup,
  restoreEmbedded,
} from './embedded-backup.ts';
import { backupThroughShop } from './live-backup.ts';
import { checkPostgresDump, countPostgres, dumpPostgres, inspectPostgres, restorePostgres } from './postgres-backup.ts';

/** The kind of database this configuration runs on. */
export function configuredKind(): BackupKind {
  return env.DATABASE_URL ? 'postgres' : 'embedded';
}

export interface MadeBackup {
  file: string;
  kind: BackupKind;
  bytes: number;
  sha256: string;
  seconds: number;
  /** pg_dump, the closed embedded database, or through the running shop (its pid and how long it held the database). */
  how: string;
  pruned: string[];
}

/**
 * Backs up the configured database into `dir`: written as `.partial`, checked, renamed to its final name
 * with its SHA-256 beside it; then, unless `prune` is false, the backups the retention lets go are deleted.
 */
export async function makeBackup(options: { dir: string; prune: boolean; now?: Date }): Promise<MadeBackup> {
  const kind = configuredKind();
  const started = performance.now();
  ensureBackupDir(options.dir);
  const file = path.resolve(options.dir, backupFileName(kind, options.now ?? new Date()));
  if (existsSync(file)) throw new Error(`${file} exists already: a backup was made this very second.`);
  const partial = `${file}.partial`;
  let how = 'pg_dump';
  let sha256 = '';
  try {
    if (kind === 'postgres') {
      await dumpPostgres(env.DATABASE_URL!, partial);
      await checkPostgresDump(partial, { readAll: false });
    } else {
      const dataDir = embeddedDataDir();
      if (!hasEmbeddedDatabase(dataDir)) throw new Error(`There is no embedded database in ${dataDir} (DATA_DIR).`);
      const pid = dataDirInUseBy(dataDir);
      if (pid === null) {
        how = 'the embedded database, no shop running';
        await dumpClosedEmbedded(dataDir, partial);
      } else {
        const { ms, heldMs } = await backupThroughShop(pid, dataDir, partial);
        how = `through the running shop (pid ${pid}, which held its database ${heldMs} ms and wrote the file in ${ms} ms)`;
      }
      checkEmbeddedTar(await readEmbeddedBackup(partial), partial);
    }
    // pg_dump writes with the process's umask: a backup holds every account, for its owner's eyes only.
    chmodSync(partial, 0o600);
    sha256 = await writeChecksum(file, partial);
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const pruned = options.prune
    ? pruneBackups(options.dir, kind, { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY })
    : [];
  return { file, kind, bytes: statSync(file).size, sha256, seconds: (performance.now() - started) / 1000, how, pruned };
}

/** Which database a backup file is of, by its first bytes: pg_dump's custom format, or a gzip (PGlite's tar). */
export function backupKindOf(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  throw new Error(`${file} is not a backup of the shop (neither a pg_dump custom-format file nor a gzip).`);
}

export interface CheckedBackup {
  kind: BackupKind;
  checksum: 'ok' | 'missing';
  /** What it holds (rows per table; the embedded backup is opened to count them). */
  counts: Record<string, number>;
}

/**
 * Checks `file` without restoring it: its SHA-256 against the one beside it, then the whole archive
 * (every table's data read by pg_restore; the embedded database opened in memory and counted).
 */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const kind = backupKindOf(file);
  const checksum = await checkChecksum(file);
  if (kind === 'postgres') {
    const { tables } = await checkPostgresDump(file, { readAll: true });
    return { kind, checksum, counts: { tables } };
  }
  const tar = await readEmbeddedBackup(file);
  checkEmbeddedTar(tar, file);
  return { kind, checksum, counts: await openEmbeddedBackup(tar) };
}

export interface RestoredBackup {
  kind: BackupKind;
  checksum: 'ok' | 'missing';
  target: string;
  counts: Record<string, number>;
  /** The embedded database that was replaced (with `force`), kept there. */
  replacedKeptIn: string | null;
}

/**
 * Restores `file` into the configured database, after checking it. Refuses a database that holds data
 * unless `force` (PostgreSQL: every schema dropped in the restore's own transaction; embedded: the old
 * directory kept beside), and a database a shop process is connected to, always.
 */
export async function restoreBackup(file: string, options: { force: boolean }): Promise<RestoredBackup> {
  const kind = backupKindOf(file);
  const configured = configuredKind();
  if (kind !== configured) {
    throw new RestoreRefusedError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL dump: it restores into a PostgreSQL server (set DATABASE_URL).`
        : `${file} is a backup of the embedded database: it restores with DATABASE_URL unset (into DATA_DIR).`,
    );
  }
  const checksum = await checkChecksum(file);
  if (kind === 'postgres') {
    const url = env.DATABASE_URL!;
    await checkPostgresDump(file, { readAll: true });
    const contents = await inspectPostgres(url);
    if (contents.shopSessions > 0) {
      throw new RestoreRefusedError(
        `${contents.shopSessions} connections of shop processes are open to this database: stop every shop process (systemctl stop 'dental-shop@*'), then restore.`,
      );
    }
    if (contents.tables > 0 && !options.force) {
      throw new RestoreRefusedError(
        `The database holds ${contents.tables} tables (${contents.schemas.map((s) => s.name).join(', ')}): restoring would replace them. Run again with --force to drop them and restore, in one transaction.`,
      );
    }
    await restorePostgres(url, file, contents.tables > 0 ? contents : null);
    const target = new URL(url);
    target.password = '';
    return { kind, checksum, target: target.toString(), counts: await countPostgres(url), replacedKeptIn: null };
  }
  const tar = await readEmbeddedBackup(file);
  checkEmbeddedTar(tar, file);
  const dataDir = embeddedDataDir();
  const { counts, replacedKeptIn } = await restoreEmbedded(tar, dataDir, options);
  return { kind, checksum, target: dataDir, counts, replacedKeptIn };
}
