import type { SendOptions } from 'pg-boss';
import { defineQueue, startJobs, stopJobs } from '../jobs/jobs.ts';
import { closeTransport, deliverOutboxMail } from './delivery.ts';
import { mailLog as log } from './mail.log.ts';
import { getMailSettings, type MailSettings } from './mail.settings.ts';
import { unattemptedPendingIds } from './outbox.queries.ts';

interface MailJob {
  id: number;
}

/**
 * Delivery of outbox mails through SMTP, one job per mail. `exclusive` with one singletonKey per mail:
 * at most one queued or running job per mail, so the sweep, several processes and a crash recovery
 * can never queue a mail twice. Its worker runs only when SMTP_URL is set.
 */
export const mailDeliveryQueue = defineQueue<MailJob>({
  name: 'mail-delivery',
  options: { policy: 'exclusive', expireInSeconds: 600 },
  isEnabled: () => Boolean(getMailSettings().smtpUrl),
  pollingIntervalSeconds: () => getMailSettings().pollingIntervalSeconds,
  work: async (job) => {
    await deliverOutboxMail(job.data.id, job.retryCount >= job.retryLimit);
  },
  upkeep: { everySeconds: () => getMailSettings().sweepIntervalSeconds, run: () => requeueLostMails().then(() => {}) },
  onStop: closeTransport,
});

function jobOptions(id: number, settings: MailSettings): SendOptions {
  return {
    singletonKey: `mail:${id}`,
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: settings.retryBackoff,
    ...(settings.retryBackoff ? { retryDelayMax: settings.retryDelayMaxSeconds } : {}),
  };
}

/** Queues delivery of a pending outbox mail; false when a job for it is already queued or running. */
export async function enqueueMail(id: number): Promise<boolean> {
  return (await mailDeliveryQueue.send({ id }, jobOptions(id, getMailSettings()))) !== null;
}

/**
 * Queues pending mails that were never attempted and are older than `staleAfterSeconds`: their job
 * was lost (the process stopped between storing the mail and queueing it). Returns how many.
 */
export async function requeueLostMails(): Promise<number> {
  const ids = await unattemptedPendingIds(new Date(Date.now() - getMailSettings().staleAfterSeconds * 1000));
  let queued = 0;
  for (const id of ids) if (await enqueueMail(id)) queued += 1;
  if (queued) log.warn({ queued }, 'Queued pending mails that had lost their delivery job');
  return queued;
}

/** Starts the delivery worker when SMTP is configured (otherwise does nothing) and returns what stops it. */
export function startMailWorker(): Promise<() => Promise<void>> {
  return startJobs([mailDeliveryQueue]);
}

/** Stops the job workers of this process (mail delivery among them), waiting up to 15 s for a delivery in progress. */
export const stopMailWorker = stopJobs;
