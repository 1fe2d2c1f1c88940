import { toSingleLine } from '../../shared/control-characters.ts';
import { getDb, type Db } from '../db/client.ts';
import { mailLog as log } from './mail.log.ts';
import { enqueueMail } from './mail.queue.ts';
import { getMailSettings } from './mail.settings.ts';
import { MAILBOX_QUOTA, mailboxQuotaSubject } from './mailbox-quota.ts';
import type { OutgoingMail } from './mail.types.ts';
import { insertMails } from './outbox.queries.ts';

/** Mails stored together, some of them only within their recipient's mailbox quota (`MAILBOX_QUOTA`). */
export interface MailBatch {
  mails: readonly OutgoingMail[];
  /** Kept only while `email`'s hourly quota lasts, one hit counted for them all; stored before `mails`. */
  withinQuota?: { email: string; mails: readonly OutgoingMail[] };
}

/** What `storeMails` kept, with the outbox ids, for `announceStoredMails` once its transaction has committed. */
export interface StoredMails {
  mails: OutgoingMail[];
  ids: number[];
}

/**
 * Stores a batch in the outbox in one statement, inside `db` (the transaction of what the mails are about,
 * so they are stored with it or not at all). The subject is written on one line whatever went into it (a
 * visitor's name), for any sender that reads the outbox. Nothing is sent before `announceStoredMails`.
 */
export async function storeMails(batch: MailBatch, db: Db): Promise<StoredMails> {
  const line = (mail: OutgoingMail): OutgoingMail => ({ ...mail, subject: toSingleLine(mail.subject) });
  const quoted = (batch.withinQuota?.mails ?? []).map(line);
  const rest = batch.mails.map(line);
  if (!quoted.length && !rest.length) return { mails: [], ids: [] };
  const quota = batch.withinQuota && { limit: MAILBOX_QUOTA, subject: mailboxQuotaSubject(batch.withinQuota.email) };
  const rows = await insertMails(
    [...quoted.map((mail) => ({ ...mail, quoted: true })), ...rest],
    getMailSettings().smtpUrl ? 'pending' : 'logged',
    { db, quota },
  );
  // Over the quota the statement skips exactly the quoted mails, which come first.
  return {
    mails: rows.length === quoted.length + rest.length ? [...quoted, ...rest] : rest,
    ids: rows.map((r) => r.id),
  };
}

/**
 * Once the stored mails are committed: with SMTP_URL, queues them for background delivery; without it,
 * logs that each is kept (with its text and links only outside production). Never throws and never waits
 * for SMTP: a mail whose job could not be queued is queued by the outbox's sweep.
 */
export async function announceStoredMails({ mails, ids }: StoredMails): Promise<void> {
  const settings = getMailSettings();
  await Promise.all(
    mails.map(async (mail, i) => {
      const id = ids[i]!;
      if (settings.smtpUrl) {
        try {
          await enqueueMail(id);
        } catch (error) {
          log.error(
            { err: error, mailId: id, kind: mail.kind, to: mail.to },
            'Could not queue a stored mail; the sweep queues it later',
          );
        }
        return;
      }
      if (!settings.logContent) {
        log.info(
          { mailId: id, kind: mail.kind, to: mail.to, subject: mail.subject },
          'Mail waiting in the outbox (SMTP_URL is not set)',
        );
        return;
      }
      // `links` as separate strings so a developer can open them straight from the console.
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log.info(
        { mailId: id, kind: mail.kind, to: mail.to, subject: mail.subject, links, text: mail.text },
        'Mail kept in the outbox (SMTP_URL is not set)',
      );
    }),
  );
}

/**
 * Stores the mail in the outbox and, with SMTP_URL, queues it for background delivery (`storeMails` and
 * `announceStoredMails` in one). Never throws and never waits for SMTP: a failure is logged, and the
 * request that sent it goes on.
 */
export async function sendMail(sent: OutgoingMail): Promise<void> {
  await sendMailBatch({ mails: [sent] });
}

/** `sendMail` for several mails at once: stored in one statement (an order's two mails). */
export async function sendMails(sent: readonly OutgoingMail[]): Promise<void> {
  await sendMailBatch({ mails: sent });
}

/** `sendMail` for a batch, part of it within its recipient's quota. */
export async function sendMailBatch(batch: MailBatch): Promise<void> {
  let stored: StoredMails;
  try {
    stored = await storeMails(batch, await getDb());
  } catch (error) {
    for (const mail of [...(batch.withinQuota?.mails ?? []), ...batch.mails])
      log.error({ err: error, kind: mail.kind, to: mail.to }, 'Could not store a mail');
    return;
  }
  await announceStoredMails(stored);
}
