/**
 * Background work on the shop's own database: one pg-boss instance per process (PGlite or PostgreSQL
 * backend), the queues defined by the areas (mail delivery first; staff imports and stock alerts
 * next), their workers and their periodic upkeep. The boot sequence starts the workers of the queues
 * it lists (src/server/boot/queues.ts) and stops them on shutdown.
 */
import { fromPglite, PgBoss, type JobWithMetadata, type Queue, type SendOptions } from 'pg-boss';
import { getDbHandle } from '../db/client.ts';
import { logger } from '../logger.ts';

const log = logger.child({ module: 'jobs' });

export interface QueueDefinition<T extends object> {
  name: string;
  /** pg-boss queue options (policy, expiry). */
  options?: Omit<Queue, 'name'>;
  /** Whether this process runs the queue's worker now (mail: only with SMTP); jobs can be sent either way. */
  isEnabled(): boolean;
  pollingIntervalSeconds(): number;
  /** Handles one job; a throw fails it, and pg-boss retries it as the job's options say. */
  work(job: JobWithMetadata<T>): Promise<void>;
  /** Runs right after the worker starts and then every `everySeconds()` while it runs. */
  upkeep?: { everySeconds(): number; run(): Promise<void> };
  /** Runs when the worker stops (mail: closes the SMTP connections). */
  onStop?(): void;
}

export interface JobQueue<T extends object> {
  readonly definition: QueueDefinition<T>;
  /** Queues a job; resolves to its id, or null when the queue's policy refused it (a singleton already queued). */
  send(data: T, options?: SendOptions): Promise<string | null>;
}

/** A queue of `T` jobs; nothing starts until a job is sent or its worker is started. */
export function defineQueue<T extends object>(definition: QueueDefinition<T>): JobQueue<T> {
  return {
    definition,
    async send(data, options) {
      const boss = await getBoss();
      await ensureQueue(boss, definition);
      return boss.send(definition.name, data, options);
    },
  };
}

interface Runtime {
  boss: Promise<PgBoss> | undefined;
  createdQueues: Set<string>;
  /** Queue name → what stops its upkeep timer and runs its `onStop`. */
  working: Map<string, () => void>;
}

type Global = typeof globalThis & { __shopJobs?: Runtime };
// On globalThis so the start script and the built server (which bundles its own copy) share one runtime.
const runtime: Runtime = ((globalThis as Global).__shopJobs ??= {
  boss: undefined,
  createdQueues: new Set(),
  working: new Map(),
});

function getBoss(): Promise<PgBoss> {
  runtime.boss ??= startBoss().catch((error: unknown) => {
    runtime.boss = undefined;
    throw error;
  });
  return runtime.boss;
}

async function startBoss(): Promise<PgBoss> {
  const handle = await getDbHandle();
  // Cron schedules are off: upkeep runs on timers, and pg-boss then skips its clock and cron monitors.
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(handle.pglite!), backend: 'pglite', schedule: false })
      : new PgBoss({
          connectionString: handle.url!,
          max: 4,
          application_name: 'dental-shop-jobs',
          schedule: false,
          // Queues with `notify` wake their workers in every process the moment a job is sent (one
          // listening connection), instead of at their next poll.
          useListenNotify: true,
        });
  boss.on('error', (error) => log.error({ err: error }, 'Job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'Job queue warning'));
  try {
    await boss.start();
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  return boss;
}

async function ensureQueue(boss: PgBoss, definition: QueueDefinition<object>): Promise<void> {
  if (runtime.createdQueues.has(definition.name)) return;
  await boss.createQueue(definition.name, definition.options);
  runtime.createdQueues.add(definition.name);
}

async function startWorker<T extends object>(boss: PgBoss, definition: QueueDefinition<T>): Promise<void> {
  await ensureQueue(boss, definition as QueueDefinition<object>);
  await boss.work(
    definition.name,
    {
      includeMetadata: true,
      pollingIntervalSeconds: definition.pollingIntervalSeconds(),
      // With NOTIFY on, pg-boss would poll only every 30 s and fetch one job per notification: a
      // backlog queued before the worker started (a restart during a busy hour) would drain one job
      // per new upload. The queue's own interval stays the poll; NOTIFY only wakes a worker sooner.
      notifyPollingIntervalSeconds: definition.pollingIntervalSeconds(),
    },
    async (jobs: JobWithMetadata<T>[]) => {
      for (const job of jobs) await definition.work(job);
    },
  );
  let timer: NodeJS.Timeout | undefined;
  if (definition.upkeep) {
    const { upkeep } = definition;
    const run = () =>
      upkeep.run().catch((error: unknown) => log.error({ err: error, queue: definition.name }, 'Queue upkeep failed'));
    timer = setInterval(() => void run(), upkeep.everySeconds() * 1000);
    timer.unref();
    void run();
  }
  runtime.working.set(definition.name, () => {
    clearInterval(timer);
    definition.onStop?.();
  });
  log.info({ queue: definition.name }, 'Job worker started');
}

/**
 * Starts the workers of the enabled queues among `queues` (pg-boss itself only when one is enabled)
 * and returns what stops every job worker of this process. A failure to start is logged, not thrown:
 * the shop serves without background work, and the next job sent tries to start pg-boss again.
 */
export async function startJobs(queues: readonly JobQueue<object>[]): Promise<() => Promise<void>> {
  const enabled = queues.filter((q) => q.definition.isEnabled() && !runtime.working.has(q.definition.name));
  if (enabled.length) {
    try {
      const boss = await getBoss();
      for (const queue of enabled) await startWorker(boss, queue.definition);
    } catch (error) {
      log.error({ err: error }, 'Job workers did not start');
    }
  }
  return stopJobs;
}

/** Stops pg-boss and every worker of this process, waiting up to 15 s for jobs in progress. */
export async function stopJobs(): Promise<void> {
  const boss = runtime.boss;
  const stopped = [...runtime.working.values()];
  runtime.working.clear();
  runtime.createdQueues.clear();
  runtime.boss = undefined;
  try {
    if (boss) await (await boss).stop({ graceful: true, timeout: 15_000 });
  } catch (error) {
    log.error({ err: error }, 'Job workers did not stop cleanly');
  }
  for (const stop of stopped) stop();
}
