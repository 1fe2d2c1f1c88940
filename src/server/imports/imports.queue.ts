import { sql } from 'drizzle-orm';
import { getDb, getDbHandle, queryRows } from '../db/client.ts';
import { defineQueue } from '../jobs/jobs.ts';
import { endStalledTasks, runningTasks, TASK_HEARTBEAT, TASK_STALLED_MESSAGE } from '../jobs/tasks.ts';
import { logger } from '../logger.ts';
import { revertImport } from './import-revert.ts';
import { pruneImportDetails } from './import-retention.ts';
import { IMPORT_DETAILS_KEPT_DAYS, isImportTask } from './imports.options.ts';
import { runImport } from './imports.runner.ts';

/** Seconds before a task still PENDING is taken for one whose job was lost, and queued again. */
const LOST_AFTER_SECONDS = 60;

/**
 * Staff imports run by whichever shop process is free: one job per task (`exclusive` with the task id
 * as singletonKey, so a task is never queued twice). A process that dies mid-run leaves the job to
 * expire and be retried; the task itself refuses to write twice.
 */
export const importsQueue = defineQueue<{ taskId: string }>({
  name: 'imports',
  // `notify`: a worker starts on an upload at once rather than at its next poll (PostgreSQL only).
  options: { policy: 'exclusive', expireInSeconds: 1800, retryLimit: 2, notify: true },
  isEnabled: () => true,
  pollingIntervalSeconds: () => 1,
  work: async (job) => {
    await runImport(job.data.taskId);
  },
  // A third of the time a task may go without a heartbeat: one whose process died ends within a minute.
  upkeep: {
    everySeconds: () => TASK_HEARTBEAT.deadAfterSeconds / 3,
    run: async () => {
      await endStalledImports();
      await requeueLostImports();
      await pruneNowAndThen();
    },
  },
});

/** The last time this process pruned old imports' audit rows (`import-retention.ts`): once an hour is enough. */
let prunedAt = 0;
const PRUNE_EVERY_MS = 3_600_000;

async function pruneNowAndThen(): Promise<void> {
  if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
  prunedAt = Date.now();
  const deleted = await pruneImportDetails();
  if (deleted) logger.info({ rows: deleted, days: IMPORT_DETAILS_KEPT_DAYS }, 'Deleted the audit rows of old imports');
}

/** Queues an import task; nothing happens when its job is already queued or running. */
export async function queueImportTask(taskId: string): Promise<void> {
  await importsQueue.send({ taskId }, { singletonKey: taskId });
}

/**
 * Started tasks whose heartbeat stopped (their process crashed or was killed) end as FAILURE, and what
 * such a task had written is taken back (`revertImport`: a write in steps stopped half way on the
 * embedded database, or a write whose process died before the task could say it ended).
 */
async function endStalledImports(options: { deadAfterSeconds?: number } = {}): Promise<void> {
  const db = await getDb();
  const ended = await endStalledTasks(db, { kindPrefix: 'import_', runningHere: runningTasks(), ...options });
  if (ended.length) logger.warn({ tasks: ended }, 'Ended import tasks whose process stopped');
  const unfinished = await queryRows<{ id: string }>(
    db,
    sql`select id from tasks where ${isImportTask(sql`kind`)} and status = 'FAILURE' and result->>'code' = 'stalled'
          and applied_at is not null and undone_at is null`,
  );
  for (const { id } of unfinished) {
    await revertImport(id);
    logger.warn({ task: id }, 'Took back what an interrupted import had written');
  }
}

/**
 * At the start of a shop on the embedded database, before the first request: only this process can
 * open it, so an import still running there lost its process (killed half way through a write in
 * steps); it ends and its steps are taken back at once rather than a minute later.
 */
export async function endInterruptedImports(): Promise<void> {
  if ((await getDbHandle()).kind === 'pglite') await endStalledImports({ deadAfterSeconds: 0 });
}

/**
 * Tasks stored without their job (the process stopped between the two): queued again. One whose file
 * was left stored in part (the process stopped while storing it) ends as FAILURE instead, so that a new
 * upload of the file is a new task.
 */
async function requeueLostImports(): Promise<void> {
  const db = await getDb();
  const stored = sql`(select coalesce(sum(length(c.data)), 0) from task_file_chunks c where c.task_id = t.id)
                     = coalesce((t.file->>'size')::bigint, 0)`;
  const old = sql`${isImportTask(sql`t.kind`)} and t.status = 'PENDING'
                  and t.created_at < now() - make_interval(secs => ${LOST_AFTER_SECONDS})`;
  await db.execute(
    sql`update tasks t set status = 'FAILURE', finished_at = now(),
               result = ${JSON.stringify({ message: TASK_STALLED_MESSAGE, code: 'stalled' })}::jsonb
        where ${old} and not ${stored}`,
  );
  const lost = await queryRows<{ id: string }>(db, sql`select t.id from tasks t where ${old} and ${stored}`);
  for (const { id } of lost) await queueImportTask(id);
  if (lost.length) logger.warn({ tasks: lost.length }, 'Queued import tasks that had lost their job');
}
