import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { defineQueue } from '../jobs/jobs.ts';
import { endStalledTasks, runningTasks, TASK_HEARTBEAT } from '../jobs/tasks.ts';
import { logger } from '../logger.ts';
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
    },
  },
});

/** Queues an import task; nothing happens when its job is already queued or running. */
export async function queueImportTask(taskId: string): Promise<void> {
  await importsQueue.send({ taskId }, { singletonKey: taskId });
}

/** Started tasks whose heartbeat stopped (their process crashed or was killed) end as FAILURE. */
async function endStalledImports(): Promise<void> {
  const ended = await endStalledTasks(await getDb(), { kindPrefix: 'import_', runningHere: runningTasks() });
  if (ended.length) logger.warn({ tasks: ended }, 'Ended import tasks whose process stopped');
}

/** Tasks stored without their job (the process stopped between the two): queued again. */
async function requeueLostImports(): Promise<void> {
  const db = await getDb();
  const lost = await queryRows<{ id: string }>(
    db,
    sql`select id from tasks where kind like 'import_%' and status = 'PENDING'
        and created_at < now() - make_interval(secs => ${LOST_AFTER_SECONDS})`,
  );
  for (const { id } of lost) await queueImportTask(id);
  if (lost.length) logger.warn({ tasks: lost.length }, 'Queued import tasks that had lost their job');
}
