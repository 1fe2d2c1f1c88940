/**
 * A large import written in steps on the embedded database (issue 35, item 5). PGlite is one session in
 * the shop's own process: while a transaction is open every other request's query waits for it, and a
 * 4,000-product file written in one transaction held pages for twenty seconds. There an import is
 * checked in one transaction and written in short ones (each about {@link STEP_TARGET_MS}, then as long
 * again left to the requests waiting), every step through the catalog's door with its audit rows; the
 * catalog summary and every process's caches follow once, after the last step
 * (`DeferredCatalogWork`), so a step costs what it writes. What makes this safe:
 * - a step that fails, or a task ended meanwhile, takes back every earlier step (`revertImport`), so the
 *   task ends as FAILURE with nothing of it written;
 * - a process killed half way leaves its task running with `applied_at` set: the next start of the
 *   shop (only one process can open an embedded database) ends it and takes its steps back
 *   (`endInterruptedImports`), before the first request.
 * PostgreSQL keeps one transaction per import: other sessions read the catalog as it was meanwhile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DeferredCatalogWork, finishDeferred, writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { getDbHandle } from '../db/client.ts';
import { logger } from '../logger.ts';
import type { ImportContext } from './import-run.ts';

const log = logger.child({ module: 'imports' });

/** Rows of a first step, and the bounds the steps' size moves in. */
const FIRST_STEP = 100;
const MIN_STEP = 10;
const MAX_STEP = 2000;
/** What one step should take: pages wait at most about this long for the database. */
const STEP_TARGET_MS = 60;
/** The longest pause between two steps (a step that took long on a busy machine is not matched). */
const MAX_PAUSE_MS = 250;

/** As long again as a step took, left to the requests waiting. */
const pause = (tookMs: number) => sleep(Math.min(tookMs, MAX_PAUSE_MS));

/** Whether an import of `rows` rows is written in steps: on the embedded database, past one step. */
export async function writesInSteps(rows: number): Promise<boolean> {
  return rows > FIRST_STEP && (await getDbHandle()).kind === 'pglite';
}

/** The steps of one import: their size follows how long the last one took. */
export class ImportSteps {
  #size = FIRST_STEP;
  #done = 0;
  readonly #deferred = new DeferredCatalogWork();
  readonly #ctx: ImportContext;
  readonly #total: number;

  constructor(ctx: ImportContext, total: number) {
    this.#ctx = ctx;
    this.#total = total;
  }

  /** Writes `items` a step at a time, each step one catalog change; reports progress between steps. */
  async run<T>(items: readonly T[], work: (write: CatalogWrite, step: readonly T[]) => Promise<void>): Promise<void> {
    for (let start = 0; start < items.length;) {
      const step = items.slice(start, start + this.#size);
      const began = performance.now();
      await writeCatalog(this.#ctx.actor, (write) => work(write, step), { deferred: this.#deferred });
      const took = Math.max(1, performance.now() - began);
      start += step.length;
      this.#done += step.length;
      log.debug({ task: this.#ctx.taskId, rows: step.length, ms: Math.round(took) }, 'Import step written');
      this.#size = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.round((step.length * STEP_TARGET_MS) / took)));
      // Throws when the task was ended meanwhile: the caller takes the steps back.
      await this.#ctx.progress('writing', this.#done, this.#total);
      await pause(took);
    }
  }

  /** After the last step: the catalog summary, caches and alerts of all of them, at once. */
  async finish(): Promise<void> {
    const began = performance.now();
    await finishDeferred(this.#ctx.actor, this.#deferred, pause);
    log.info({ task: this.#ctx.taskId, ms: Math.round(performance.now() - began) }, 'Import steps finished');
  }
}
