/**
 * The backup directory: one file per backup, named by its database and UTC time
 * (`dental-shop-postgres-2026-11-27T03-15-00Z.dump`, `dental-shop-embedded-….tar.gz`), each with its
 * SHA-256 beside it in `sha256sum`'s format (`….dump.sha256`), written only once the backup is complete
 * and checked. A file being written has `.partial` at the end of its name.
 */
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { backupsToPrune, type Retention } from './retention.ts';

export type BackupKind = 'postgres' | 'embedded';

const EXTENSIONS: Record<BackupKind, string> = { postgres: 'dump', embedded: 'tar.gz' };
const NAME = /^dental-shop-(postgres|embedded)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.(dump|tar\.gz)$/;
/** A `.partial` file this old was left by a backup that died. */
const STALE_PARTIAL_MS = 24 * 3600_000;

/** A restore that would lose data, or that the shop's state forbids: nothing was changed. */
export class RestoreRefusedError extends Error {}

export interface BackupFile {
  name: string;
  path: string;
  kind: BackupKind;
  at: Date;
  bytes: number;
}

export function backupFileName(kind: BackupKind, at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll(':', '-');
  return `dental-shop-${kind}-${stamp}Z.${EXTENSIONS[kind]}`;
}

/** The database and time a backup's name says, or null for any other file. */
export function parseBackupFileName(name: string): { kind: BackupKind; at: Date } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, kind, day, hours, minutes, seconds, extension] = match;
  if (EXTENSIONS[kind as BackupKind] !== extension) return null;
  const at = new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
  return Number.isNaN(at.getTime()) ? null : { kind: kind as BackupKind, at };
}

/** The backups of `kind` in `dir`, newest first. */
export function listBackups(dir: string, kind: BackupKind): BackupFile[] {
  if (!existsSync(dir)) return [];
  const found: BackupFile[] = [];
  for (const name of readdirSync(dir)) {
    const parsed = parseBackupFileName(name);
    if (parsed?.kind !== kind) continue;
    const full = path.join(dir, name);
    found.push({ name, path: full, ...parsed, bytes: statSync(full).size });
  }
  return found.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Makes the backup directory, readable by its owner only (a backup holds every account and order). */
export function ensureBackupDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const checksumFileOf = (file: string) => `${file}.sha256`;

/**
 * Writes `file`'s SHA-256 beside it, as `sha256sum` does, so `sha256sum -c` checks it too; read from
 * `contents` when given (the `.partial` file that is about to become `file`).
 */
export async function writeChecksum(file: string, contents = file): Promise<string> {
  const digest = await sha256Of(contents);
  writeFileSync(checksumFileOf(file), `${digest}  ${path.basename(file)}\n`, { mode: 0o600 });
  return digest;
}

/**
 * Whether `file` still has the SHA-256 written beside it when it was made: `missing` when there is none
 * (a file copied without it); throws when it differs (a damaged or truncated copy).
 */
export async function checkChecksum(file: string): Promise<'ok' | 'missing'> {
  const sidecar = checksumFileOf(file);
  if (!existsSync(sidecar)) return 'missing';
  const expected = readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0]?.toLowerCase();
  const actual = await sha256Of(file);
  if (expected !== actual) {
    throw new Error(
      `${file} is damaged: its SHA-256 is ${actual}, but ${path.basename(sidecar)} says ${expected}. Use another backup.`,
    );
  }
  return 'ok';
}

/**
 * Deletes the backups of `kind` that `retention` lets go (and their checksums), and `.partial` files a
 * dead backup left a day ago or earlier. Answers the names deleted.
 */
export function pruneBackups(dir: string, kind: BackupKind, retention: Retention, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const backup of backupsToPrune(listBackups(dir, kind), retention)) {
    rmSync(path.join(dir, backup.name), { force: true });
    rmSync(checksumFileOf(path.join(dir, backup.name)), { force: true });
    removed.push(backup.name);
  }
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!name.endsWith('.partial') || parseBackupFileName(name.slice(0, -'.partial'.length))?.kind !== kind) continue;
    const full = path.join(dir, name);
    if (now - statSync(full).mtimeMs > STALE_PARTIAL_MS) {
      rmSync(full, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** The file a restore names: a path, or `latest` for the newest backup of `kind` in `dir`. */
export function resolveBackupFile(argument: string, dir: string, kind: BackupKind): string {
  if (argument !== 'latest') {
    if (!existsSync(argument)) throw new Error(`${argument}: no such file.`);
    return path.resolve(argument);
  }
  const newest = listBackups(dir, kind)[0];
  if (!newest) throw new Error(`No ${kind} backup in ${path.resolve(dir)} (BACKUP_DIR).`);
  return newest.path;
}
