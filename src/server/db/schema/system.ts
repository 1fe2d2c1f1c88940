import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './columns.ts';

/**
 * Rate-limit counters, one row per key and fixed window (`login:ip:203.0.113.5` for 10 minutes from
 * 12:00). Kept in the database so the limit holds across several shop processes.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
);

/**
 * Every mail the shop sends. Without SMTP a mail is only kept here (status `logged`) and written to the
 * log; with SMTP it is `pending` until a background job delivers it (`sent`) or gives up (`failed`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    /** What the mail is: activation, password_reset, email_reset, ... */
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    status: text({ enum: ['logged', 'pending', 'sent', 'failed'] }).notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.to), index().on(t.status, t.createdAt)],
);

/** Files sent with a mail (an order's invoice), kept as they were sent. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: integer()
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    filename: text().notNull(),
    contentType: text().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.position] })],
);
