export type { MailRecord, MailStatus, OutgoingMail } from './mail.types.ts';
export {
  announceStoredMails,
  sendMail,
  sendMailBatch,
  sendMails,
  storeMails,
  type MailBatch,
  type StoredMails,
} from './mail.service.ts';
export { layoutMail, mailContacts, renderMail, type MailContacts, type MailContent } from './render-mail.ts';
export { deleteMailsTo, listOutbox, mailAttachmentsOf } from './outbox.queries.ts';
export { startMailWorker } from './mail.queue.ts';
export { MAILBOX_QUOTA, withinMailboxQuota } from './mailbox-quota.ts';
