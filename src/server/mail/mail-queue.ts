import { fromPglite, PgBoss, type JobWithMetadata, type SendOptions } from 'pg-boss';
import { getDbHandle } from '../db/client.ts';
import { logger } from '../logger.ts';
import { closeTransport, deliverOutboxMail } from './delivery.ts';
import { getMailSettings, type MailSettings } from './mail.settings.ts';
import { unattemptedPendingIds } from './outbox.queries.ts';

const QUEUE = 'mail-delivery';
const log = logger.child({ module: 'mail' });

interface MailJob {
  id: number;
}

interface MailRuntime {
  boss: PgBoss;
  stop(): Promise<void>;
}

type Global = typeof globalThis & { __shopMail?: Promise<MailRuntime> };
const store = globalThis as Global;

/**
 * pg-boss and the delivery worker of this process, started on first use. Cached on globalThis so
 * the start script and the built server (which bundles its own copy of this module) share one.
 */
function getRuntime(): Promise<MailRuntime> {
  store.__shopMail ??= startRuntime().catch((error: unknown) => {
    store.__shopMail = undefined;
    throw error;
  });
  return store.__shopMail;
}

async function startRuntime(): Promise<MailRuntime> {
  const settings = getMailSettings();
  const boss = await createBoss(settings);
  boss.on('error', (error) => log.error({ err: error }, 'Mail queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'Mail queue warning'));
  let timer: NodeJS.Timeout | undefined;
  try {
    await boss.start();
    // `exclusive` with one singletonKey per mail: at most one queued or running job per mail, so
    // the sweep, several processes and a crash recovery can never queue a mail twice.
    await boss.createQueue(QUEUE, { policy: 'exclusive', expireInSeconds: 600 });
    await boss.work(
      QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
      async (jobs: JobWithMetadata<MailJob>[]) => {
        for (const job of jobs) await deliverOutboxMail(job.data.id, job.retryCount >= job.retryLimit);
      },
    );
    timer = setInterval(() => void sweep(boss), settings.sweepIntervalSeconds * 1000);
    timer.unref();
    void sweep(boss);
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  log.info('Mail delivery worker started');
  return {
    boss,
    async stop() {
      clearInterval(timer);
      await boss.stop({ graceful: true, timeout: 15_000 });
      closeTransport();
    },
  };
}

async function createBoss(settings: MailSettings): Promise<PgBoss> {
  const handle = await getDbHandle();
  // Cron schedules are off: the sweep is a timer, and pg-boss then skips its clock and cron monitors.
  if (handle.kind === 'pglite') return new PgBoss({ db: fromPglite(handle.pglite!), backend: 'pglite', schedule: false });
  if (!settings.databaseUrl) throw new Error('The mail queue needs DATABASE_URL when the shop runs on PostgreSQL');
  return new PgBoss({ connectionString: settings.databaseUrl, max: 4, application_name: 'dental-shop-mail', schedule: false });
}

function jobOptions(id: number, settings: MailSettings): SendOptions {
  return {
    singletonKey: `mail:${id}`,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: settings.retryBackoff,
    ...(settings.retryBackoff ? { retryDelayMax: settings.retryDelayMaxSeconds } : {}),
  };
}

async function sendJob(boss: PgBoss, id: number): Promise<boolean> {
  return (await boss.send(QUEUE, { id } satisfies MailJob, jobOptions(id, getMailSettings()))) !== null;
}

/** Queues delivery of a pending outbox mail; false when a job for it is already queued or running. */
export async function enqueueMail(id: number): Promise<boolean> {
  return sendJob((await getRuntime()).boss, id);
}

/**
 * Queues pending mails that were never attempted and are older than `staleAfterSeconds`: their job
 * was lost (the process stopped between storing the mail and queueing it). Returns how many.
 */
export async function requeueLostMails(): Promise<number> {
  return requeue((await getRuntime()).boss);
}

async function requeue(boss: PgBoss): Promise<number> {
  const ids = await unattemptedPendingIds(new Date(Date.now() - getMailSettings().staleAfterSeconds * 1000));
  let queued = 0;
  for (const id of ids) if (await sendJob(boss, id)) queued += 1;
  if (queued) log.warn({ queued }, 'Queued pending mails that had lost their delivery job');
  return queued;
}

async function sweep(boss: PgBoss): Promise<void> {
  try {
    await requeue(boss);
  } catch (error) {
    log.error({ err: error }, 'Sweep of pending mails failed');
  }
}

/**
 * Starts pg-boss and the delivery worker when SMTP is configured (otherwise does nothing) and
 * returns the function that stops them. A failure to start is logged, not thrown: the shop serves
 * without mail delivery, and the next `sendMail` tries to start it again.
 */
export async function startMailWorker(): Promise<() => Promise<void>> {
  if (getMailSettings().smtpUrl) {
    try {
      await getRuntime();
    } catch (error) {
      log.error({ err: error }, 'Mail delivery worker did not start');
    }
  }
  return stopMailWorker;
}

/** Stops pg-boss and the worker of this process, waiting up to 15 s for a delivery in progress. */
export async function stopMailWorker(): Promise<void> {
  const runtime = store.__shopMail;
  store.__shopMail = undefined;
  if (!runtime) return;
  try {
    await (await runtime).stop();
  } catch (error) {
    log.error({ err: error }, 'Mail delivery worker did not stop cleanly');
  }
}
