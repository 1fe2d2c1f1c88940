import nodemailer, { type Transporter } from 'nodemailer';
import { mailLog as log } from './mail.log.ts';
import { getMailSettings } from './mail.settings.ts';
import { claimAttempt, mailAttachmentsOf, markSent, recordFailure } from './outbox.queries.ts';

let cached: { url: string; transport: Transporter } | undefined;

function transportFor(url: string): Transporter {
  if (cached?.url !== url) {
    cached?.transport.close();
    // nodemailer waits minutes by default; a hung server must fail the attempt long before
    // pg-boss considers the job expired and hands it to another worker.
    cached = {
      url,
      transport: nodemailer.createTransport({
        url,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    };
  }
  return cached.transport;
}

export function closeTransport(): void {
  cached?.transport.close();
  cached = undefined;
}

/**
 * One delivery attempt of an outbox mail. A mail that is no longer `pending` (already sent by an
 * earlier attempt, or failed) is left alone, so a repeated job never sends it twice.
 * @param final no retry follows this attempt: a failure makes the mail `failed`.
 * @throws the SMTP error after recording it, so the job queue retries.
 */
export async function deliverOutboxMail(id: number, final: boolean): Promise<'sent' | 'skipped'> {
  const { smtpUrl, from } = getMailSettings();
  if (!smtpUrl) throw new Error('SMTP_URL is not set: the mail worker cannot deliver');
  const mail = await claimAttempt(id);
  if (!mail) return 'skipped';
  try {
    const attachments = await mailAttachmentsOf(id);
    await transportFor(smtpUrl).sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warn(
      { mailId: id, to: mail.to, attempt: mail.attempts, final, err: error },
      final ? 'Mail delivery failed for good' : 'Mail delivery failed, will retry',
    );
    await recordFailure(id, message, final);
    throw error;
  }
  try {
    await markSent(id);
  } catch (error) {
    // Not rethrown: a retry would deliver the mail a second time. The row stays `pending` with its
    // attempt counted, which the sweep for lost jobs leaves alone.
    log.error({ mailId: id, err: error }, 'Mail sent but not marked as sent');
    return 'sent';
  }
  log.info({ mailId: id, kind: mail.kind, to: mail.to, attempt: mail.attempts }, 'Mail sent');
  return 'sent';
}
