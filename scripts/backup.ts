/**
 * `npm run backup [-- --dir DIR] [-- --no-prune]`: backs up the configured database (PostgreSQL with
 * DATABASE_URL, else the embedded one in DATA_DIR, through the running shop when one has it open) into
 * BACKUP_DIR as `dental-shop-<postgres|embedded>-<UTC time>.<dump|tar.gz>` with its `.sha256` beside it,
 * then deletes the backups BACKUP_KEEP_DAILY and BACKUP_KEEP_WEEKLY let go. Exits 1, leaving no file,
 * when anything fails. README, "Backups".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

const usage = 'Usage: npm run backup [-- --dir DIR] [--no-prune]';
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    'no-prune': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

// DATA_DIR and BACKUP_DIR are relative to the project, as for `npm start`; --dir to where it was typed.
const dir = values.dir === undefined ? undefined : path.resolve(values.dir);
process.chdir(path.resolve(import.meta.dirname, '..'));
const { env } = await import('../src/server/env.ts');
const { makeBackup } = await import('../src/server/backup/backup.service.ts');

try {
  const made = await makeBackup({ dir: dir ?? env.BACKUP_DIR, prune: !values['no-prune'] });
  console.log(
    `Backed up the ${made.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${made.how}) in ${made.seconds.toFixed(1)} s:`,
  );
  console.log(`  ${made.file} (${(made.bytes / 1e6).toFixed(1)} MB, sha256 ${made.sha256})`);
  if (made.pruned.length) console.log(`Deleted by the retention: ${made.pruned.join(', ')}`);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
