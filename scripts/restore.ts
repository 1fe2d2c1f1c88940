/**
 * `npm run restore -- FILE|latest [--force]`: restores a backup into the configured database, after
 * checking it (its SHA-256, then the whole archive). The shop must be stopped; a database that holds data
 * is replaced only with --force. `npm run restore -- --check FILE|latest` checks a backup and changes
 * nothing. `latest` is the newest backup in BACKUP_DIR for the configured database. README, "Backups".
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

const usage = 'Usage: npm run restore -- FILE|latest [--force]\n       npm run restore -- --check FILE|latest';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help || positionals.length !== 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

// DATA_DIR and BACKUP_DIR are relative to the project, as for `npm start`; FILE to where it was typed.
const argument = positionals[0] === 'latest' ? 'latest' : path.resolve(positionals[0]!);
process.chdir(path.resolve(import.meta.dirname, '..'));
const { env } = await import('../src/server/env.ts');
const { resolveBackupFile } = await import('../src/server/backup/backup-files.ts');
const { checkBackup, configuredKind, restoreBackup } = await import('../src/server/backup/backup.service.ts');

const summary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ');
const checksumNote = (checksum: 'ok' | 'missing') =>
  checksum === 'ok' ? 'SHA-256 matches' : 'no .sha256 beside it, the archive itself was checked';

try {
  const file = resolveBackupFile(argument, env.BACKUP_DIR, configuredKind());
  if (values.check) {
    const checked = await checkBackup(file);
    console.log(
      `${file}: a whole ${checked.kind} backup (${checksumNote(checked.checksum)}): ${summary(checked.counts)}.`,
    );
  } else {
    const started = performance.now();
    const restored = await restoreBackup(file, { force: values.force });
    console.log(
      `Restored ${file} into ${restored.target} in ${((performance.now() - started) / 1000).toFixed(1)} s (${checksumNote(restored.checksum)}): ${summary(restored.counts)}.`,
    );
    if (restored.replacedKeptIn) console.log(`The database it replaced is kept in ${restored.replacedKeptIn}.`);
    console.log('Start the shop: it applies any newer migrations.');
  }
} catch (error) {
  console.error(`${values.check ? 'Check' : 'Restore'} failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
