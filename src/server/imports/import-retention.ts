/**
 * How long an import's field-by-field audit rows are kept. A daily exchange with 1C that moves every
 * price and stock writes 200,000 `catalog_changes` rows a day; kept for ever they would grow the table
 * by tens of millions of rows a year, and with it every product's history and the journal's reads.
 *
 * `IMPORT_DETAILS_KEPT_DAYS` after an import (a staff file or a 1C exchange) ended, its rows go (those of
 * its dry run and of its undoing too). What stays: the task (who, when, which file, its counts and
 * notes), the number of changes it made per country (`catalog_change_counts`, which the journal shows),
 * and every single edit staff made by hand. From then on the import cannot be undone, and its page says
 * why. Rows go in chunks, each in a transaction of its own, so no lock is held for long.
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { ConflictError } from '../errors.ts';
import { nextTurn } from '../event-loop.ts';
import { IMPORT_DETAILS_KEPT_DAYS } from './imports.options.ts';
import { IMPORT_TEXT } from './imports.texts.ts';

/** Rows deleted per transaction. */
const CHUNK = 20_000;
/** Imports whose rows go per run (the next run takes the others). */
const TASKS_PER_RUN = 20;

/** Refuses (409) what needs an import's audit rows once they are deleted: its undo, its changes file. */
export function refuseIfPruned(task: { detailsPrunedAt: Date | null } | null | undefined): void {
  if (task?.detailsPrunedAt) throw new ConflictError(IMPORT_TEXT.detailsPruned);
}

/**
 * Deletes the audit rows of the imports that ended more than `days` ago, and marks them pruned.
 * @returns how many rows went
 */
export async function pruneImportDetails(days = IMPORT_DETAILS_KEPT_DAYS): Promise<number> {
  const db = await getDb();
  // An import whose rows are left (a process stopped half way through them) is taken again.
  const due = await queryRows<{ id: string }>(
    db,
    sql`select t.id::text from tasks t
        where t.kind like 'import\\_%' and t.finished_at < now() - make_interval(days => ${days})
          and exists (select 1 from catalog_changes c where c.task_id = t.id and c.source in ('import', 'preview', 'undo'))
        order by t.finished_at limit ${TASKS_PER_RUN}`,
  );
  let deleted = 0;
  for (const { id } of due) {
    for (;;) {
      const gone = await db.transaction(async (tx) => {
        // Marked first, on the task's row: an undo that holds it is waited for, and one that starts
        // after this commit finds the mark and refuses (`undoImport`).
        await tx.execute(
          sql`update tasks set details_pruned_at = coalesce(details_pruned_at, now()) where id = ${id}::uuid`,
        );
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`with gone as (
                delete from catalog_changes where id in (
                  select id from catalog_changes
                  where task_id = ${id}::uuid and source in ('import', 'preview', 'undo') limit ${CHUNK})
                returning 1)
              select count(*)::int as n from gone`,
        );
        return Number(row?.n ?? 0);
      });
      deleted += gone;
      if (gone < CHUNK) break;
      await nextTurn();
    }
  }
  return deleted;
}
