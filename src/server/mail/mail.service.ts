import { toSingleLine } from '../../shared/control-characters.ts';
import { mailLog as log } from './mail.log.ts';
import { enqueueMail } from './mail.queue.ts';
import { getMailSettings } from './mail.settings.ts';
import type { OutgoingMail } from './mail.types.ts';
import { insertMail } from './outbox.queries.ts';

/**
 * Stores the mail in the outbox and, with SMTP_URL, queues it for background delivery; without it,
 * logs that the mail is kept (with its text and links only outside production). Never throws and
 * never waits for SMTP: a failure is logged, and the request that sent it goes on. The subject is
 * written on one line whatever went into it (a visitor's name), for any sender that reads the outbox.
 */
export async function sendMail(sent: OutgoingMail): Promise<void> {
  let id: number | undefined;
  try {
    const mail = { ...sent, subject: toSingleLine(sent.subject) };
    const settings = getMailSettings();
    const delivering = Boolean(settings.smtpUrl);
    id = (await insertMail(mail, delivering ? 'pending' : 'logged')).id;
    if (delivering) {
      await enqueueMail(id);
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
  } catch (error) {
    const what =
      id === undefined ? 'Could not store a mail' : 'Could not queue a stored mail; the sweep queues it later';
    log.error({ err: error, mailId: id, kind: sent.kind, to: sent.to }, what);
  }
}
