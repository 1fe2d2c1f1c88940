export type { MailRecord, MailStatus, OutgoingMail } from './mail.types.ts';
export { sendMail, sendMails } from './mail.service.ts';
export { renderMail, type MailContent } from './render-mail.ts';
export { deleteMailsTo, listOutbox, mailAttachmentsOf } from './outbox.queries.ts';
export { startMailWorker } from './mail.queue.ts';
export { MAILBOX_QUOTA, withinMailboxQuota } from './mailbox-quota.ts';
