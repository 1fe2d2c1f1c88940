import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  backupFileName,
  checkChecksum,
  listBackups,
  parseBackupFileName,
  pruneBackups,
  resolveBackupFile,
  writeChecksum,
} from '~/server/backup/backup-files.ts';
import { checkEmbeddedTar } from '~/server/backup/embedded-backup.ts';
import { tarDirectory, tarEntries } from '~/server/backup/tar.ts';
import { backupsToPrune, isoWeekOf } from '~/server/backup/retention.ts';

const at = (iso: string) => new Date(iso);
const named = (iso: string) => ({ name: iso, at: at(iso) });

describe('retention', () => {
  it('keeps the newest backup of each of the last N days and of each of the last N ISO weeks', () => {
    // Two a day from Monday 2 to Sunday 29 November 2026 (four ISO weeks: W49 starts on the 30th).
    const backups = [];
    for (let day = 2; day <= 29; day += 1) {
      const date = `2026-11-${String(day).padStart(2, '0')}`;
      backups.push(named(`${date}T03:00:00Z`), named(`${date}T15:00:00Z`));
    }
    const pruned = new Set(backupsToPrune(backups, { daily: 3, weekly: 3 }).map((b) => b.name));
    const kept = backups.map((b) => b.name).filter((name) => !pruned.has(name));
    expect(kept).toEqual([
      // Sundays, the newest of weeks 46 and 47 (week 48's is the 29th's, already kept by the days).
      '2026-11-15T15:00:00Z',
      '2026-11-22T15:00:00Z',
      // The newest of each of the last three days.
      '2026-11-27T15:00:00Z',
      '2026-11-28T15:00:00Z',
      '2026-11-29T15:00:00Z',
    ]);
  });

  it('counts only days and weeks that have a backup, and always keeps the newest one', () => {
    const backups = [named('2026-01-05T03:00:00Z'), named('2026-03-01T03:00:00Z'), named('2026-03-01T04:00:00Z')];
    expect(backupsToPrune(backups, { daily: 2, weekly: 0 }).map((b) => b.name)).toEqual(['2026-03-01T03:00:00Z']);
    expect(backupsToPrune(backups, { daily: 0, weekly: 0 }).map((b) => b.name)).toEqual([
      '2026-01-05T03:00:00Z',
      '2026-03-01T03:00:00Z',
    ]);
  });

  it('numbers ISO weeks by their Thursday', () => {
    expect(isoWeekOf(at('2026-11-29T23:59:59Z'))).toBe('2026-W48');
    expect(isoWeekOf(at('2026-11-30T00:00:00Z'))).toBe('2026-W49');
    expect(isoWeekOf(at('2027-01-01T12:00:00Z'))).toBe('2026-W53');
    expect(isoWeekOf(at('2024-12-30T12:00:00Z'))).toBe('2025-W01');
  });
});

describe('backup files', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('are named by their database and UTC time, and only such names count as backups', () => {
    const name = backupFileName('postgres', at('2026-11-27T03:15:09.500Z'));
    expect(name).toBe('dental-shop-postgres-2026-11-27T03-15-09Z.dump');
    expect(parseBackupFileName(name)).toEqual({ kind: 'postgres', at: at('2026-11-27T03:15:09Z') });
    expect(backupFileName('embedded', at('2026-11-27T03:15:09Z'))).toBe(
      'dental-shop-embedded-2026-11-27T03-15-09Z.tar.gz',
    );
    for (const other of [
      'dental-shop-postgres-2026-11-27T03-15-09Z.tar.gz',
      'dental-shop-postgres-2026-11-27T03-15-09Z.dump.sha256',
      'dental-shop-postgres-2026-11-27T03-15-09Z.dump.partial',
      'dental-shop-postgres-2026-13-45T03-15-09Z.dump',
      'my-copy.dump',
    ])
      expect(parseBackupFileName(other), other).toBeNull();
  });

  it('carry their SHA-256 in sha256sum format, and a changed byte is a damaged file', async () => {
    const file = path.join(tempDir(), 'dental-shop-postgres-2026-11-27T03-15-09Z.dump');
    writeFileSync(file, 'PGDMP and the rest');
    expect(await checkChecksum(file)).toBe('missing');
    const digest = await writeChecksum(file);
    expect(readdirSync(path.dirname(file))).toContain(`${path.basename(file)}.sha256`);
    expect(await checkChecksum(file)).toBe('ok');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    writeFileSync(file, 'PGDMP and the resT');
    await expect(checkChecksum(file)).rejects.toThrow(/is damaged/);
  });

  it('are pruned by the retention with their checksums, other files and the other database left alone', () => {
    const dir = tempDir();
    const days = ['2026-11-20', '2026-11-25', '2026-11-26', '2026-11-27'];
    for (const day of days) {
      const name = backupFileName('postgres', at(`${day}T03:00:00Z`));
      writeFileSync(path.join(dir, name), 'x');
      writeFileSync(path.join(dir, `${name}.sha256`), 'x');
    }
    writeFileSync(path.join(dir, backupFileName('embedded', at('2026-11-01T03:00:00Z'))), 'x');
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    const stale = `${backupFileName('postgres', at('2026-11-24T03:00:00Z'))}.partial`;
    writeFileSync(path.join(dir, stale), 'x');
    utimesSync(path.join(dir, stale), new Date('2026-11-24T03:00:00Z'), new Date('2026-11-24T03:00:00Z'));

    const removed = pruneBackups(dir, 'postgres', { daily: 2, weekly: 0 }, Date.parse('2026-11-27T04:00:00Z'));
    expect(removed.sort()).toEqual(
      [
        backupFileName('postgres', at('2026-11-20T03:00:00Z')),
        backupFileName('postgres', at('2026-11-25T03:00:00Z')),
        stale,
      ].sort(),
    );
    expect(readdirSync(dir).sort()).toEqual(
      [
        'dental-shop-embedded-2026-11-01T03-00-00Z.tar.gz',
        'dental-shop-postgres-2026-11-26T03-00-00Z.dump',
        'dental-shop-postgres-2026-11-26T03-00-00Z.dump.sha256',
        'dental-shop-postgres-2026-11-27T03-00-00Z.dump',
        'dental-shop-postgres-2026-11-27T03-00-00Z.dump.sha256',
        'notes.txt',
      ].sort(),
    );
    expect(listBackups(dir, 'postgres').map((b) => b.name)).toEqual([
      'dental-shop-postgres-2026-11-27T03-00-00Z.dump',
      'dental-shop-postgres-2026-11-26T03-00-00Z.dump',
    ]);
    expect(resolveBackupFile('latest', dir, 'postgres')).toBe(
      path.join(dir, 'dental-shop-postgres-2026-11-27T03-00-00Z.dump'),
    );
    expect(() => resolveBackupFile('latest', tempDir(), 'embedded')).toThrow(/No embedded backup/);
  });
});

/** A ustar archive of `files`, as tar writes it. */
function tar(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const header = Buffer.alloc(512);
    header.write(name, 0);
    header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('0', 156);
    header.write('ustar\0', 257);
    blocks.push(header, Buffer.concat([Buffer.from(content), Buffer.alloc((512 - (content.length % 512)) % 512)]));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

describe('an embedded backup’s tar', () => {
  it('is a PostgreSQL data directory: PG_VERSION and global/pg_control', () => {
    const whole = tar({ '/PG_VERSION': '17\n', '/global/pg_control': 'c'.repeat(700), '/base/1/1259': 'x' });
    expect(tarEntries(whole)).toEqual(['PG_VERSION', 'global/pg_control', 'base/1/1259']);
    expect(checkEmbeddedTar(whole, 'b.tar.gz')).toBe(3);
    expect(() => checkEmbeddedTar(tar({ 'notes.txt': 'x' }), 'b.tar.gz')).toThrow(
      /not a backup of the embedded database/,
    );
  });

  it('cut short is damaged', () => {
    const whole = tar({ PG_VERSION: '17\n', 'global/pg_control': 'c'.repeat(700) });
    expect(() => checkEmbeddedTar(whole.subarray(0, 1636), 'b.tar.gz')).toThrow(
      /is damaged: the tar is cut inside global\/pg_control/,
    );
    expect(() => checkEmbeddedTar(whole.subarray(0, 1100), 'b.tar.gz')).toThrow(/is damaged: the tar has no end/);
  });
});

describe('a directory written as a tar', () => {
  it('holds every folder and file under their relative names, each file whole', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'backup-tar-'));
    try {
      mkdirSync(path.join(dir, 'base', '16384'), { recursive: true });
      mkdirSync(path.join(dir, 'pg_tblspc'));
      writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
      writeFileSync(path.join(dir, 'pg_tblspc', 'empty'), '');
      writeFileSync(path.join(dir, 'base', '16384', '2619'), Buffer.alloc(8192 + 100, 7));
      const chunks: Buffer[] = [];
      for await (const chunk of tarDirectory(dir)) chunks.push(chunk);
      const whole = Buffer.concat(chunks);
      expect(whole.length % 512).toBe(0);
      expect(tarEntries(whole)).toEqual([
        'PG_VERSION',
        'base',
        'base/16384',
        'base/16384/2619',
        'pg_tblspc',
        'pg_tblspc/empty',
      ]);
      // The file's bytes follow its header: PG_VERSION's block, then base, base/16384 and 2619's header.
      expect(whole.subarray(512, 515).toString()).toBe('17\n');
      expect(whole.subarray(5 * 512, 5 * 512 + 8292).every((byte) => byte === 7)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
