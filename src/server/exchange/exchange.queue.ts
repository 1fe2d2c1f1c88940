import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { defineQueue } from '../jobs/jobs.ts';
import { logger } from '../logger.ts';
import { forgetOldFiles } from './exchange-files.ts';
import { EXCHANGE_TASK_KIND, runExchangeTask } from './exchange.runner.ts';

/** Seconds before a task still PENDING is taken for one whose job was lost, and queued again. */
const LOST_AFTER_SECONDS = 60;
/** Days the files of a session are kept (the tasks keep what came of them). */
const FILES_KEPT_DAYS = 3;

/**
 * The files 1C asks to import run in whichever shop process is free (one job per task); 1C asks again
 * and hears `progress` until the task ends. The imports' watchdog ends a task whose process died (its
 * kind starts with `import_`).
 */
export const exchangeQueue = defineQueue<{ taskId: string }>({
  name: 'exchange-1c',
  options: { policy: 'exclusive', expireInSeconds: 1800, retryLimit: 2, notify: true },
  isEnabled: () => true,
  pollingIntervalSeconds: () => 1,
  work: async (job) => {
    await runExchangeTask(job.data.taskId);
  },
  upkeep: {
    everySeconds: () => 60,
    run: async () => {
      const db = await getDb();
      const lost = await queryRows<{ id: string }>(
        db,
        sql`select id from tasks where kind = ${EXCHANGE_TASK_KIND} and status = 'PENDING'
            and created_at < now() - make_interval(secs => ${LOST_AFTER_SECONDS})`,
      );
      for (const { id } of lost) await queueExchangeTask(id);
      if (lost.length) logger.warn({ tasks: lost.length }, 'Queued exchange tasks that had lost their job');
      await forgetOldFiles(FILES_KEPT_DAYS);
    },
  },
});

export async function queueExchangeTask(taskId: string): Promise<void> {
  await exchangeQueue.send({ taskId }, { singletonKey: taskId });
}
