import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../src/server/db/client.ts';
import { env } from '../../src/server/env.ts';
import { mailOutbox } from '../../src/server/db/schema/index.ts';
import { deliverOutboxMail } from '../../src/server/mail/delivery.ts';
import {
  listOutbox,
  sendMail,
  startMailWorker,
  type MailRecord,
  type OutgoingMail,
} from '../../src/server/mail/index.ts';
import { mailLog } from '../../src/server/mail/mail.log.ts';
import { configureMail, resetMailSettings } from '../../src/server/mail/mail.settings.ts';
import { requeueLostMails } from '../../src/server/mail/mail.queue.ts';
import { dbRows } from '../helpers/api.ts';

let sequence = 0;
function mailTo(prefix: string, overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  sequence += 1;
  return {
    kind: 'test',
    to: `${prefix}-${sequence}@clinic.test`,
    subject: `Test mail ${sequence}`,
    text: `Hello ${sequence}\n\nhttp://shop.test/kg/activate/MQ/token-${sequence}/\n`,
    html: `<p>Hello ${sequence}</p>`,
    ...overrides,
  };
}

async function outboxRow(to: string): Promise<MailRecord> {
  const [row] = await listOutbox({ to });
  if (!row) throw new Error(`No mail to ${to} in the outbox`);
  return row;
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const waitForStatus = (to: string, status: MailRecord['status']) =>
  waitFor(async () => {
    const row = await outboxRow(to);
    return row.status === status && row;
  }, `the mail to ${to} to be ${status}`);

async function pgbossInstalled(): Promise<boolean> {
  const rows = await dbRows(sql`select 1 from information_schema.schemata where schema_name = 'pgboss'`);
  return rows.length > 0;
}

describe('without SMTP', () => {
  beforeAll(() => {
    configureMail({ smtpUrl: null });
  });

  it('keeps the mail as logged and lists it in the outbox', async () => {
    const mail = mailTo('logged');
    await sendMail(mail);
    const rows = await listOutbox({ to: mail.to });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...mail, status: 'logged', attempts: 0, lastError: null, sentAt: null });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('writes every subject on one line: control characters dropped, line breaks and runs of spaces one space', async () => {
    const mail = mailTo('subject', { subject: 'Вопрос №7: Иван\r\nBcc: victim@evil.test\u0000\t \u2028 конец\u202e ' });
    await sendMail(mail);
    expect((await outboxRow(mail.to)).subject).toBe('Вопрос №7: Иван Bcc: victim@evil.test конец');
  });

  it('lists the newest mails first, at most limit of them', async () => {
    const to = mailTo('newest').to;
    for (const subject of ['first', 'second', 'third']) await sendMail(mailTo('newest', { to, subject }));
    expect((await listOutbox({ to, limit: 2 })).map((m) => m.subject)).toEqual(['third', 'second']);
    expect((await listOutbox()).map((m) => m.to)).toContain(to);
  });

  it('resolves without throwing when the mail cannot be stored', async () => {
    const mail = mailTo('broken', { subject: null as unknown as string });
    await expect(sendMail(mail)).resolves.toBeUndefined();
    expect(await listOutbox({ to: mail.to })).toEqual([]);
  });

  it('in production logs only that a mail waits in the outbox, never its text or links', async () => {
    const info = vi.spyOn(mailLog, 'info');
    const mode = env.NODE_ENV;
    env.NODE_ENV = 'production';
    resetMailSettings();
    try {
      const mail = mailTo('production', {
        kind: 'password_reset',
        text: 'Новый пароль: http://shop.test/kg/password/reset/MQ/secret-token-1/\n',
      });
      await sendMail(mail);
      const row = await outboxRow(mail.to);
      expect(row.status).toBe('logged');
      expect(info.mock.calls).toEqual([
        [
          { mailId: row.id, kind: 'password_reset', to: mail.to, subject: mail.subject },
          'Mail waiting in the outbox (SMTP_URL is not set)',
        ],
      ]);
      expect(JSON.stringify(info.mock.calls)).not.toContain('secret-token');
    } finally {
      env.NODE_ENV = mode;
      info.mockRestore();
      resetMailSettings();
      configureMail({ smtpUrl: null });
    }
  });

  it('outside production logs the text and links, for a developer to open', async () => {
    const info = vi.spyOn(mailLog, 'info');
    try {
      const mail = mailTo('development');
      await sendMail(mail);
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({
          to: mail.to,
          links: [`http://shop.test/kg/activate/MQ/token-${sequence}/`],
          text: mail.text,
        }),
        expect.any(String),
      );
    } finally {
      info.mockRestore();
    }
  });

  it('never starts pg-boss', async () => {
    await sendMail(mailTo('no-boss'));
    expect(await startMailWorker()).toBeTypeOf('function');
    expect(await pgbossInstalled()).toBe(false);
  });
});

describe('with SMTP', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  /** Address → how many more messages to it the server rejects. */
  const rejections = new Map<string, number>();
  const slowAddresses = new Set<string>();
  let server: SMTPServer;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const left = rejections.get(to[0]!) ?? 0;
          if (left > 0) {
            rejections.set(to[0]!, left - 1);
            return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          }
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const accept = () => {
            received.push({ from, to, raw: Buffer.concat(chunks).toString('utf8') });
            callback();
          };
          if (slowAddresses.has(to[0]!)) setTimeout(accept, 700);
          else accept();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    configureMail({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'ДенталМаркет <no-reply@shop.test>',
      retryLimit: 2,
      retryDelaySeconds: 1,
      retryBackoff: false,
      pollingIntervalSeconds: 0.5,
      sweepIntervalSeconds: 3600,
    });
    stopWorker = await startMailWorker();
  });

  afterAll(async () => {
    await stopWorker?.();
    resetMailSettings();
    await new Promise<void>((resolve) => (server ? server.close(resolve) : resolve()));
  });

  it('delivers a pending mail through the worker and marks it sent', async () => {
    expect(await pgbossInstalled()).toBe(true);
    const mail = mailTo('delivered');
    slowAddresses.add(mail.to);
    await sendMail(mail);
    // The server takes 700 ms to accept, so a sendMail that waited for SMTP would see it sent.
    expect((await outboxRow(mail.to)).status).toBe('pending');

    const row = await waitForStatus(mail.to, 'sent');
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const message = received.find((m) => m.to.includes(mail.to));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@shop.test');
    expect(message!.raw).toContain(`Subject: ${mail.subject}`);
    expect(message!.raw).toContain('multipart/alternative');
    expect(message!.raw).toContain(`http://shop.test/kg/activate/MQ/token-`);
    expect(message!.raw).toContain(`<p>Hello `);
  });

  it('records the error and retries when the server rejects the message', async () => {
    const mail = mailTo('rejected-once');
    rejections.set(mail.to, 1);
    await sendMail(mail);
    const failedOnce = await waitFor(async () => {
      const row = await outboxRow(mail.to);
      return row.lastError !== null && row;
    }, 'the first rejection to be recorded');
    expect(failedOnce.status).toBe('pending');
    expect(failedOnce.lastError).toContain('Mailbox unavailable');

    const row = await waitForStatus(mail.to, 'sent');
    expect(row.attempts).toBe(2);
    expect(received.filter((m) => m.to.includes(mail.to))).toHaveLength(1);
  });

  it('marks the mail failed after the last retry', async () => {
    const mail = mailTo('rejected-always');
    rejections.set(mail.to, Number.POSITIVE_INFINITY);
    await sendMail(mail);
    const row = await waitForStatus(mail.to, 'failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toContain('550');
    expect(row.sentAt).toBeNull();
  });

  it('never sends a mail again once it is sent', async () => {
    const mail = mailTo('once');
    await sendMail(mail);
    const { id } = await waitForStatus(mail.to, 'sent');
    expect(await deliverOutboxMail(id, false)).toBe('skipped');
    expect(received.filter((m) => m.to.includes(mail.to))).toHaveLength(1);
    expect((await outboxRow(mail.to)).attempts).toBe(1);
  });

  it('queues again a pending mail whose job was lost', async () => {
    const mail = mailTo('lost');
    const db = await getDb();
    await db.insert(mailOutbox).values({ ...mail, status: 'pending', createdAt: new Date(Date.now() - 10 * 60_000) });
    expect(await requeueLostMails()).toBe(1);
    expect(await requeueLostMails()).toBe(0);
    await waitForStatus(mail.to, 'sent');
    expect(received.filter((m) => m.to.includes(mail.to))).toHaveLength(1);
  });
});
