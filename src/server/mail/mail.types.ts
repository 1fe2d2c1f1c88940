export interface OutgoingMail {
  /** What the mail is: activation, password_reset, email_reset, ... */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (an invoice), stored with the mail. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** `logged`: kept without SMTP; `pending`: waiting for delivery; `sent`; `failed`: delivery gave up. */
export type MailStatus = 'logged' | 'pending' | 'sent' | 'failed';

export interface MailRecord {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: MailStatus;
  /** SMTP delivery attempts made so far. */
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}
