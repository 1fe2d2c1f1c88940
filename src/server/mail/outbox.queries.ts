import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { getDb, queryRows, textArray, type Db } from '../db/client.ts';
import { mailAttachments, mailOutbox } from '../db/schema/index.ts';
import { countHitStatement, type RateLimit } from '../security/rate-limit.ts';
import type { MailAttachment, MailRecord, OutgoingMail } from './mail.types.ts';

/**
 * Stores mails in the outbox, with their files, in one statement; their ids, in order. With `quota`, the
 * mails marked `quoted` are kept only while the quota's subject is within its limit, one hit counted in the
 * same statement (the mails of an order, sent inside its transaction). `db` is a transaction to write in.
 */
export async function insertMails(
  mails: readonly (OutgoingMail & { quoted?: boolean })[],
  status: 'logged' | 'pending',
  options: { db?: Db; quota?: { limit: RateLimit; subject: string } } = {},
): Promise<{ id: number }[]> {
  if (!mails.length) return [];
  const db = options.db ?? (await getDb());
  const column = <K extends keyof OutgoingMail>(key: K) => textArray(mails.map((mail) => mail[key] as string));
  const quota = options.quota && mails.some((mail) => mail.quoted) ? options.quota : null;
  const files = mails.flatMap((mail, i) =>
    (mail.attachments ?? []).map((file, position) => ({ n: i + 1, position, file })),
  );
  // Ids come from the sequence in the order the rows are inserted (`order by rank`), so the n-th id is
  // the n-th mail kept: the files find their mail by it.
  return queryRows<{ id: number }>(
    db,
    sql`with ${quota ? sql`hit as (${countHitStatement(quota.limit, quota.subject)}),` : sql``}
      kept as (
        select m.kind, m."to", m.subject, m.text, m.html, m.n, row_number() over (order by m.n) as rank
        from unnest(${column('kind')}::text[], ${column('to')}::text[], ${column('subject')}::text[],
          ${column('text')}::text[], ${column('html')}::text[],
          ${`{${mails.map((mail) => (mail.quoted ? 't' : 'f')).join(',')}}`}::bool[])
          with ordinality as m(kind, "to", subject, text, html, quoted, n)
        where not m.quoted ${quota ? sql`or (select hits from hit) <= ${quota.limit.max}` : sql``}
      ),
      mails as (
        insert into ${mailOutbox} (kind, "to", subject, text, html, status)
        select kind, "to", subject, text, html, ${status}::text from kept order by rank
        returning id
      )${
        files.length
          ? sql`, files as (
        insert into ${mailAttachments} (mail_id, position, filename, content_type, data)
        select r.id, f.position, f.filename, f.content_type, f.data
        from (values ${sql.join(
          files.map(
            ({ n, position, file }) =>
              sql`(${n}::bigint, ${position}::int, ${file.filename}::text, ${file.contentType}::text, ${file.content}::bytea)`,
          ),
          sql`, `,
        )}) as f(n, position, filename, content_type, data)
        join kept k on k.n = f.n
        join (select id, row_number() over (order by id) as rank from mails) r on r.rank = k.rank
      )`
          : sql``
      }
    select id from mails order by id`,
  );
}

/** The files of a mail, in order. */
export async function mailAttachmentsOf(mailId: number): Promise<MailAttachment[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, mailId))
    .orderBy(asc(mailAttachments.position));
  return rows.map((row) => ({ filename: row.filename, contentType: row.contentType, content: row.data }));
}

/**
 * The newest outbox mails (newest first), optionally only those to one address (compared exactly).
 * `limit` defaults to 50, at most 500. For tests and development.
 */
export async function listOutbox(options: { to?: string; limit?: number } = {}): Promise<MailRecord[]> {
  const db = await getDb();
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 500);
  return db
    .select()
    .from(mailOutbox)
    .where(options.to === undefined ? undefined : eq(mailOutbox.to, options.to))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}

/** Counts a delivery attempt of a mail that is still `pending`; null when it is sent, failed or gone. */
export async function claimAttempt(id: number): Promise<MailRecord | null> {
  const db = await getDb();
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function markSent(id: number): Promise<void> {
  const db = await getDb();
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
}

/** Records why an attempt failed; `final` when no retry follows, which makes the mail `failed`. */
export async function recordFailure(id: number, error: string, final: boolean): Promise<void> {
  const db = await getDb();
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 2000), ...(final ? { status: 'failed' as const } : {}) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

/** Pending mails created before `before` that no attempt has reached yet, oldest first. */
export async function unattemptedPendingIds(before: Date, limit = 100): Promise<number[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, 0), lt(mailOutbox.createdAt, before)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Deletes every kept mail to an address (an erased account: they hold its name and live links). */
export async function deleteMailsTo(to: string, db?: Db): Promise<void> {
  await (db ?? (await getDb())).delete(mailOutbox).where(eq(mailOutbox.to, to));
}

export interface OutboxBacklog {
  /** Mails waiting to be delivered through SMTP. */
  pending: number;
  /** Seconds since the oldest of them was stored; 0 when none waits. */
  oldestPendingSeconds: number;
  /** Mails delivery gave up on. */
  failed: number;
}

/** What the outbox holds back, for `/metrics` (read through the `(status, created_at)` index). */
export async function outboxBacklog(db?: Db): Promise<OutboxBacklog> {
  const [row] = await (db ?? (await getDb()))
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')), 0)::float8`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']));
  return row ?? { pending: 0, oldestPendingSeconds: 0, failed: 0 };
}
