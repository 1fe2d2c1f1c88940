import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { mailAttachments, mailOutbox } from '../db/schema/index.ts';
import type { MailAttachment, MailRecord, OutgoingMail } from './mail.types.ts';

/** Stores mails in the outbox, in one statement (with their files, in one transaction); their ids, in order. */
export async function insertMails(
  mails: readonly OutgoingMail[],
  status: 'logged' | 'pending',
): Promise<{ id: number }[]> {
  const db = await getDb();
  const values = mails.map((mail) => ({
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    status,
  }));
  // Most mails have no files: one statement, no transaction around it.
  // Rows come back sorted by id, which the sequence gave in the order of `values`.
  const inOrder = (rows: { id: number }[]) => rows.sort((a, b) => a.id - b.id);
  if (!mails.some((mail) => mail.attachments?.length))
    return inOrder(await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id }));
  return db.transaction(async (tx) => {
    const rows = inOrder(await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id }));
    const files = mails.flatMap((mail, i) =>
      (mail.attachments ?? []).map((file, position) => ({
        mailId: rows[i]!.id,
        position,
        filename: file.filename,
        contentType: file.contentType,
        data: file.content,
      })),
    );
    await tx.insert(mailAttachments).values(files);
    return rows;
  });
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
