/**
 * Running one `mode=import` of a file (a task of kind `import_1c` in `tasks`, so the journal and the back
 * office list it beside the staff imports): unpack the session's zips, read the file, write the catalog,
 * keep the outcome (or the reason it failed) on the task, which 1C's next `mode=import` reads.
 */
import { findTask, keepTaskAlive, startRunning, updateRunningTask } from '../jobs/tasks.ts';
import { logger } from '../logger.ts';
import { importCatalog } from './catalog-import.ts';
import { finishPackages, FINISH_FILE } from './exchange-finish.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';
import { hasFile, readFile, readWholeFile, unpackZips, ZipError } from './exchange-files.ts';
import { ExchangeFailure, type ExchangeContext, type ExchangeOutcome } from './exchange-run.ts';
import { importOffers } from './offers-import.ts';

const log = logger.child({ module: 'exchange' });

import { EXCHANGE_TASK_KIND } from './exchange-kind.ts';

export { EXCHANGE_TASK_KIND };

/** Which reader a file name asks for: `import*.xml` the catalog, `offers*`/`prices*`/`rests*` the offers. */
export function fileKindOf(filename: string): 'catalog' | 'offers' | null {
  const base = (filename.split('/').at(-1) ?? '').toLowerCase();
  if (!base.endsWith('.xml')) return null;
  if (base.startsWith('import')) return 'catalog';
  if (base.startsWith('offers') || base.startsWith('prices') || base.startsWith('rests')) return 'offers';
  return null;
}

const RUNNERS: Record<'catalog' | 'offers' | 'finish', (ctx: ExchangeContext) => Promise<ExchangeOutcome>> = {
  catalog: importCatalog,
  offers: importOffers,
  finish: finishPackages,
};

/** Runs a task to its end; one already ended (a retried job) is left as it is. */
export async function runExchangeTask(taskId: string): Promise<void> {
  const task = await findTask(taskId);
  if (!task || task.kind !== EXCHANGE_TASK_KIND || task.status === 'SUCCESS' || task.status === 'FAILURE') return;
  const { session_id: sessionId, filename } = task.options as { session_id: string; filename: string };
  const started = await updateRunningTask(taskId, {
    status: 'STARTED',
    startedAt: new Date(),
    heartbeatAt: new Date(),
    progress: { current: 0, total: 0, stage: 'reading' },
  });
  if (!started) return;
  const running = startRunning(taskId);
  const beating = keepTaskAlive(taskId);
  const notes: string[] = [];
  try {
    await unpackZips(sessionId);
    const kind = filename === FINISH_FILE ? 'finish' : fileKindOf(filename);
    if (!kind) throw new ExchangeFailure(EXCHANGE_TEXT.unsupportedFile(filename));
    if (kind !== 'finish' && !(await hasFile(sessionId, filename)))
      throw new ExchangeFailure(EXCHANGE_TEXT.unknownFile(filename));
    const ctx: ExchangeContext = {
      taskId,
      sessionId,
      filename,
      actor: { source: 'import', userId: task.createdBy, taskId },
      file: () => readFile(sessionId, filename),
      readFile: (name) => readWholeFile(sessionId, name),
      progress: async (stage, current, total) => {
        await updateRunningTask(taskId, { status: 'PROGRESS', progress: { stage, current, total } });
      },
      note: (text) => notes.push(text),
    };
    const outcome = await RUNNERS[kind](ctx);
    const all = [...outcome.notes, ...notes];
    const { counts } = outcome;
    await updateRunningTask(taskId, {
      status: 'SUCCESS',
      finishedAt: new Date(),
      appliedAt: new Date(),
      appliedBy: task.createdBy,
      counts: { ...counts },
      result: {
        message: `${filename}: обработано ${counts.rows}, создано ${counts.created}, изменено ${counts.updated}, скрыто ${counts.hidden}.`,
        notes: all,
        applied: true,
        ...(outcome.deferred ? { deferred: outcome.deferred } : {}),
      },
      progress: { stage: 'done', current: counts.rows, total: counts.rows },
    });
  } catch (error) {
    const known = error instanceof ExchangeFailure || error instanceof ZipError;
    if (!known) log.error({ err: error, taskId }, 'An exchange import failed');
    await updateRunningTask(taskId, {
      status: 'FAILURE',
      finishedAt: new Date(),
      result: {
        message: known ? error.message : EXCHANGE_TEXT.failed,
        notes,
        ...(error instanceof ExchangeFailure && error.place ? { place: error.place } : {}),
      },
      progress: { stage: 'done', current: 0, total: 0 },
    });
  } finally {
    beating();
    running();
  }
}
