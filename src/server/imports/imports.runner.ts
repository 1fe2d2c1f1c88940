/**
 * Running an import task (the worker side of `imports.queue.ts`): read the stored file, check it against
 * the catalog, write (or, for a dry run, only record what would change), and keep the task's record.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { insertChanges, type CatalogWrite } from '../catalog/catalog-write.ts';
import { getDb } from '../db/client.ts';
import {
  clearRowErrors,
  findTask,
  lockTask,
  readTaskFile,
  RUNNING_STATUSES,
  startRunning,
  storeRowErrors,
  updateRunningTask,
  updateTask,
  type Task,
} from '../jobs/tasks.ts';
import { logger } from '../logger.ts';
import type { ImportContext, ImportCounts, ImportOutcome } from './import-run.ts';
import { ImportFileError, type ImportKind } from './import.types.ts';
import { importKindOf, type ImportOptions } from './imports.options.ts';
import { IMPORT_TEXT } from './imports.texts.ts';
import { importPrices } from './prices-import.ts';
import { importProducts } from './products-import.ts';
import { importStock } from './stock-import.ts';

const log = logger.child({ module: 'imports' });

const RUNNERS: Record<ImportKind, (ctx: ImportContext) => Promise<ImportOutcome>> = {
  products: importProducts,
  prices: importPrices,
  stock: importStock,
};

export function importOptionsOf(task: Task): ImportOptions {
  const o = task.options as {
    dry_run?: boolean;
    error_policy?: ImportOptions['errorPolicy'];
    mode?: ImportOptions['mode'];
  };
  return { dryRun: o.dry_run ?? false, errorPolicy: o.error_policy ?? 'reject_everything', mode: o.mode ?? 'merge' };
}

class AlreadyApplied extends Error {}
/** The watchdog ended the task meanwhile (its heartbeat seemed to stop): nothing is written. */
class NoLongerRunning extends Error {}

/** Runs an import task to its end; a task already ended is left as it is (a retried job). */
export async function runImport(taskId: string): Promise<void> {
  const task = await findTask(taskId);
  if (!task || task.status === 'SUCCESS' || task.status === 'FAILURE') return;
  const kind = importKindOf(task.kind);
  if (!kind) return;
  const options = importOptionsOf(task);
  const done = startRunning(taskId);
  try {
    const started = await updateRunningTask(taskId, {
      status: 'STARTED',
      startedAt: new Date(),
      heartbeatAt: new Date(),
      progress: { current: 0, total: 0, stage: 'reading' },
    });
    if (!started) return;
    await runStarted(task, kind, options);
  } finally {
    done();
  }
}

async function runStarted(task: Task, kind: ImportKind, options: ImportOptions): Promise<void> {
  const taskId = task.id;
  const ctx: ImportContext = {
    taskId,
    country: task.country as CountryCode | null,
    options,
    actor: { source: 'import', userId: task.createdBy, taskId },
    file: () => readTaskFile(taskId, { size: (task.file as { size?: number } | null)?.size }),
    progress: async (stage, current, total) => {
      if (!(await updateRunningTask(taskId, { status: 'PROGRESS', progress: { stage, current, total } })))
        throw new NoLongerRunning();
    },
    // Imports of one kind and country write one at a time, whichever processes run them.
    enter: async (write: CatalogWrite) => {
      await write.tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${task.kind}:${task.country ?? ''}`}))`);
    },
    beforeWrite: async (write: CatalogWrite) => {
      const locked = await lockTask(write.tx, taskId);
      if (locked?.appliedAt) throw new AlreadyApplied();
      if (!locked || !RUNNING_STATUSES.includes(locked.status)) throw new NoLongerRunning();
      await updateTask(taskId, { appliedAt: new Date(), appliedBy: task.createdBy }, write.tx);
    },
  };
  try {
    const outcome = await RUNNERS[kind](ctx);
    await finishImport(task, options, outcome);
  } catch (error) {
    if (error instanceof AlreadyApplied || error instanceof NoLongerRunning) return;
    const message = error instanceof ImportFileError ? error.message : IMPORT_TEXT.failed;
    if (!(error instanceof ImportFileError)) log.error({ err: error, taskId }, 'An import failed');
    await updateRunningTask(taskId, {
      status: 'FAILURE',
      finishedAt: new Date(),
      result: { message, ...(error instanceof ImportFileError ? { code: error.code } : {}) },
      progress: { stage: 'done', current: 0, total: 0 },
    });
  }
}

/**
 * Whether a finished check may be written, and if not why (what `apply/` answers): a check that found
 * errors under «reject everything» cannot, nor one that changes nothing.
 */
export function applyRefusal(
  options: ImportOptions,
  outcome: { counts: ImportCounts; changes: number },
): string | null {
  if (outcome.counts.errors > 0 && options.errorPolicy === 'reject_everything')
    return IMPORT_TEXT.applyHasErrors(outcome.counts.errors);
  if (outcome.changes === 0) return IMPORT_TEXT.applyNothing;
  return null;
}

async function finishImport(task: Task, options: ImportOptions, outcome: ImportOutcome): Promise<void> {
  const kind = importKindOf(task.kind)!;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await clearRowErrors(tx, task.id);
    await storeRowErrors(tx, task.id, outcome.errors);
    if (!outcome.applied) {
      await tx.execute(sql`delete from catalog_changes where task_id = ${task.id}::uuid and source = 'preview'`);
      await tx.execute(sql`delete from catalog_change_counts where task_id = ${task.id}::uuid and source = 'preview'`);
      await insertChanges(tx, { source: 'preview', userId: task.createdBy, taskId: task.id }, outcome.changes);
    }
  });
  // A check ends as SUCCESS whatever it found; a write that errors stopped wrote nothing and FAILS.
  const failed = !options.dryRun && !outcome.applied;
  const counts = failed ? { ...outcome.counts, created: 0, updated: 0, unchanged: 0 } : outcome.counts;
  const message = options.dryRun
    ? IMPORT_TEXT.dryRun(kind, outcome.counts)
    : failed
      ? IMPORT_TEXT.nothingWritten(outcome.counts.errors)
      : outcome.counts.errors
        ? IMPORT_TEXT.writtenWithErrors(kind, outcome.counts)
        : IMPORT_TEXT.written(kind, outcome.counts);
  const refusal = options.dryRun
    ? applyRefusal(options, { counts: outcome.counts, changes: outcome.changes.length })
    : null;
  await updateRunningTask(task.id, {
    status: failed ? 'FAILURE' : 'SUCCESS',
    finishedAt: new Date(),
    counts: { ...counts },
    errorsTotal: outcome.errors.length,
    file: { ...task.file, ...outcome.file },
    result: {
      message,
      changes: outcome.changes.length,
      applied: outcome.applied,
      notes: outcome.notes,
      // What the rows without errors would have done, for a write that errors stopped.
      ...(failed
        ? {
            would: {
              created: outcome.counts.created,
              updated: outcome.counts.updated,
              unchanged: outcome.counts.unchanged,
            },
          }
        : {}),
      ...(options.dryRun ? { can_apply: refusal === null, apply_refusal: refusal } : {}),
    },
    progress: { stage: 'done', current: outcome.counts.rows, total: outcome.counts.rows },
  });
}
