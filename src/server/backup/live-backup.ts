/**
 * A backup of the embedded database while the shop runs. Only the process that has it open may read it
 * (PGlite has one opener), so `npm run backup` asks that process: it writes a request beside the data
 * directory (`pglite.backup-request`: where to write), sends SIGUSR2, and waits for the answer
 * (`pglite.backup-answer`). The shop copies its data directory between two statements (`dumpEmbedded`):
 * requests that need the database wait for the copy, none fails, and the rest is done from the copy. Whoever may signal the
 * process and write its data directory may ask: its own user, or root; nothing listens on the network.
 *
 * A process that takes requests says so in `pglite.backup-ready` (its pid); one that does not (an older
 * shop, a test) is never signalled, since SIGUSR2 ends a Node process that does not listen for it.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { logger } from '../logger.ts';
import { dumpEmbedded } from './embedded-backup.ts';

const files = (dataDir: string) => ({
  ready: `${dataDir}.backup-ready`,
  request: `${dataDir}.backup-request`,
  answer: `${dataDir}.backup-answer`,
});

const request = z.object({
  id: z.string().regex(/^[\w-]{1,64}$/),
  target: z.string().refine((target) => path.isAbsolute(target) && target.endsWith('.partial')),
});
const answer = z.object({
  id: z.string(),
  ok: z.boolean(),
  ms: z.number().optional(),
  heldMs: z.number().optional(),
  error: z.string().optional(),
});
type Answer = z.infer<typeof answer>;

/** How long a backup may take before the one who asked gives up. */
export const LIVE_BACKUP_TIMEOUT_MS = 15 * 60_000;

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/**
 * The shop's side: answers backup requests for the embedded database `pglite`, open from `dataDir`, on
 * SIGUSR2, until the returned function is called.
 */
export function serveBackupRequests(pglite: PGlite, dataDir: string): () => void {
  const paths = files(dataDir);
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    busy = true;
    void (async () => {
      let asked: z.infer<typeof request> | undefined;
      const started = performance.now();
      try {
        asked = request.parse(JSON.parse(readFileSync(paths.request, 'utf8')));
        logger.info({ target: asked.target }, 'Backup of the embedded database asked');
        const { heldMs } = await dumpEmbedded(pglite, dataDir, asked.target);
        const ms = Math.round(performance.now() - started);
        logger.info({ target: asked.target, ms, heldMs }, 'Backup of the embedded database written');
        writeAtomically(paths.answer, JSON.stringify({ id: asked.id, ok: true, ms, heldMs } satisfies Answer));
      } catch (error) {
        logger.error({ err: error }, 'Backup of the embedded database failed');
        if (asked) {
          const text = JSON.stringify({ id: asked.id, ok: false, error: (error as Error).message } satisfies Answer);
          writeAtomically(paths.answer, text);
        }
      } finally {
        busy = false;
      }
    })();
  };
  process.on('SIGUSR2', onSignal);
  writeFileSync(paths.ready, String(process.pid), { mode: 0o600 });
  return () => {
    process.off('SIGUSR2', onSignal);
    if (existsSync(paths.ready) && readFileSync(paths.ready, 'utf8') === String(process.pid)) rmSync(paths.ready);
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The backup script's side: has the shop process `pid`, which has the embedded database in `dataDir`
 * open, write its backup to `target` (a `.partial` file's path). Answers how long the shop took, and how
 * long of it its database was held.
 */
export async function backupThroughShop(
  pid: number,
  dataDir: string,
  target: string,
  timeoutMs = LIVE_BACKUP_TIMEOUT_MS,
): Promise<{ ms: number; heldMs: number }> {
  const paths = files(dataDir);
  const ready = existsSync(paths.ready) ? readFileSync(paths.ready, 'utf8').trim() : '';
  if (ready !== String(pid)) {
    throw new Error(
      `The shop process ${pid} has the embedded database in ${dataDir} open but takes no backup requests (still starting, started by astro dev, or an older version): run the backup again once it serves, or stop it, back up, and start it with npm start.`,
    );
  }
  if (existsSync(paths.request)) {
    if (Date.now() - statSync(paths.request).mtimeMs < timeoutMs) {
      throw new Error(`Another backup of ${dataDir} is in progress (${paths.request}); wait for it to end.`);
    }
    rmSync(paths.request, { force: true });
  }
  const id = `${process.pid}-${Date.now()}`;
  rmSync(paths.answer, { force: true });
  writeFileSync(paths.request, JSON.stringify({ id, target }), { mode: 0o600, flag: 'wx' });
  try {
    process.kill(pid, 'SIGUSR2');
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await pause(100);
      if (existsSync(paths.answer)) {
        const got = answer.parse(JSON.parse(readFileSync(paths.answer, 'utf8')));
        if (got.id === id) {
          rmSync(paths.answer, { force: true });
          if (!got.ok) throw new Error(`The shop could not write the backup: ${got.error ?? 'no reason given'}`);
          return { ms: got.ms ?? 0, heldMs: got.heldMs ?? 0 };
        }
      }
      if (!alive(pid)) throw new Error(`The shop process ${pid} ended before it wrote the backup.`);
    }
    throw new Error(`The shop process ${pid} did not write the backup within ${Math.round(timeoutMs / 1000)} s.`);
  } finally {
    rmSync(paths.request, { force: true });
  }
}
