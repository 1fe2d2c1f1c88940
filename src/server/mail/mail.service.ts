import { toSingleLine } from '../../shared/control-characters.ts';
import { mailLog as log } from './mail.log.ts';
import { enqueueMail } from './mail.queue.ts';
import { getMailSettings } from './mail.settings.ts';
import type { OutgoingMail } from './mail.types.ts';
import { insertMails } from './outbox.queries.ts';

/**
 * Stores the mail in the outbox and, with SMTP_URL, queues it for background delivery; without it,
 * logs that the mail is kept (with its text and links only outside production). Never throws and
 * never waits for SMTP: a failure is logged, and the request that sent it goes on. The subject is
 * written on one line whatever went into it (a visitor's name), for any sender that reads the outbox.
 */
export async function sendMail(sent: OutgoingMail): Promise<void> {
  await sendMails([sent]);
}

/** `sendMail` for several mails at once: stored in one statement (an order's two mails). */
export async function sendMails(sent: readonly OutgoingMail[]): Promise<void> {
  if (!sent.length) return;
  const settings = getMailSettings();
  const delivering = Boolean(settings.smtpUrl);
  let mails: OutgoingMail[];
  let ids: number[];
  try {
    mails = sent.map((mail) => ({ ...mail, subject: toSingleLine(mail.subject) }));
    ids = (await insertMails(mails, delivering ? 'pending' : 'logged')).map((row) => row.id);
  } catch (error) {
    for (const mail of sent) log.error({ err: error, kind: mail.kind, to: mail.to }, 'Could not store a mail');
    return;
  }
  await Promise.all(
    mails.map(async (mail, i) => {
      const id = ids[i]!;
      if (delivering) {
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
