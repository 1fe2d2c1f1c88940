/**
 * The database-wide figures of `/metrics`, read from the database itself on both kinds: each queue's
 * waiting, deferred and running jobs and the age of its oldest waiting one (pg-boss's tables), and the
 * mail outbox's backlog.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db/client.ts';
import { defineQueue, stopJobs } from '../../src/server/jobs/jobs.ts';
import { queueBacklog } from '../../src/server/jobs/queue-backlog.ts';
import { insertMails, outboxBacklog, recordFailure } from '../../src/server/mail/outbox.queries.ts';
import { createShopMetrics } from '../../src/server/metrics/shop-metrics.ts';
import { dbRows } from '../helpers/api.ts';

const queue = defineQueue<{ n: number }>({
  name: 'metrics-backlog-test',
  isEnabled: () => false,
  pollingIntervalSeconds: () => 60,
  work: async () => {},
});

afterAll(() => stopJobs());

const mail = (to: string) => ({ kind: 'test', to, subject: 'Проверка', text: 'текст', html: '<p>текст</p>' });

describe('the backlog /metrics reads', () => {
  it('counts each queue’s waiting, deferred and active jobs, and how long the oldest has waited', async () => {
    await queue.send({ n: 1 });
    await queue.send({ n: 2 });
    await queue.send({ n: 3 }, { startAfter: 3600 });
    // As if the first job had been sent a minute ago.
    await dbRows(sql`update pgboss.job set start_after = now() - interval '60 seconds', created_on = now() - interval '60 seconds'
                     where name = 'metrics-backlog-test' and data->>'n' = '1'`);
    const backlog = await queueBacklog(await getDb());
    const mine = backlog.find((row) => row.queue === 'metrics-backlog-test');
    expect(mine).toMatchObject({ waiting: 2, deferred: 1, active: 0 });
    expect(mine!.oldestWaitingSeconds).toBeGreaterThanOrEqual(59);
    expect(mine!.oldestWaitingSeconds).toBeLessThan(600);
  });

  it('counts the mails waiting for SMTP, the oldest one’s age and those given up', async () => {
    const before = await outboxBacklog();
    const [first] = await insertMails([mail('a@clinic.test'), mail('b@clinic.test'), mail('c@clinic.test')], 'pending');
    await insertMails([mail('logged@clinic.test')], 'logged');
    await recordFailure(first!.id, 'SMTP said no', true);
    const after = await outboxBacklog();
    expect(after.pending - before.pending).toBe(2);
    expect(after.failed - before.failed).toBe(1);
    expect(after.oldestPendingSeconds).toBeGreaterThanOrEqual(0);
  });

  it('are in the exposition, read once per scrape from the process’s database', async () => {
    const text = await createShopMetrics().registry.metrics();
    expect(text).toContain('shop_backlog_read 1');
    expect(text).toMatch(/^shop_job_queue_jobs\{queue="metrics-backlog-test",state="waiting"\} 2$/m);
    expect(text).toMatch(/^shop_job_queue_jobs\{queue="metrics-backlog-test",state="deferred"\} 1$/m);
    expect(text).toMatch(/^shop_job_queue_oldest_waiting_seconds\{queue="metrics-backlog-test"\} \d+(\.\d+)?$/m);
    expect(text).toMatch(/^shop_mail_outbox_mails\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^shop_mail_outbox_oldest_seconds\{status="pending"\} [\d.e+-]+$/m);
  });
});
