import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REQUEST_STATUSES } from '../../../shared/request-states.ts';
import { bytea } from './columns.ts';
import { countries, products } from './catalog.ts';
import { courses, printingPrices, vacancies } from './services.ts';

/**
 * What visitors send the shop through its forms: support questions, printing requests, vacancy
 * applications, course requests and course search requests. Each is mailed to the staff address
 * when it is stored; staff work through them by `status`.
 */
export const visitorRequests = pgTable(
  'visitor_requests',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['support', 'printing', 'vacancy', 'course', 'course_search'] }).notNull(),
    /**
     * The request's number within its kind (1, 2, 3... per kind: «В-0003» is the third question), from
     * `request_counters`. The transaction that stores the request takes it as its last write, after the
     * file, so the kind's counter is locked only for the commit; null only inside that transaction.
     */
    number: integer(),
    /** The storefront the visitor wrote from: whose office answers. */
    country: text()
      .notNull()
      .references(() => countries.code),
    name: text().notNull(),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    message: text().notNull().default(''),
    courseId: integer().references(() => courses.id, { onDelete: 'set null' }),
    vacancyId: integer().references(() => vacancies.id, { onDelete: 'set null' }),
    printingPriceId: integer().references(() => printingPrices.id, { onDelete: 'set null' }),
    /** The rest of a kind's fields (subject, participants, quantity, topic, city, clinic). */
    details: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    status: text({ enum: REQUEST_STATUSES }).notNull().default('new'),
    /**
     * Seats a course sign-up holds on its course: taken from `courses.seats_left` when staff accept it
     * (its participants, 1 by default), given back when it no longer holds them (`holdsCourseSeats`).
     * Kept so that exactly what was taken is returned, whatever the course's seats did meanwhile.
     */
    seatsHeld: integer().notNull().default(0),
    /** What staff noted while answering (the back office). */
    notes: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.kind, t.createdAt),
    index('visitor_requests_status_idx').on(t.status, t.createdAt),
    uniqueIndex('visitor_requests_kind_number_idx').on(t.kind, t.number),
  ],
);

/**
 * The last number given to each kind of visitor request. A request takes the next one by updating its
 * kind's row in the transaction that stores it: the row stays locked until that commits, so two
 * requests at once never get the same number, and a request that fails gives its number back.
 */
export const requestCounters = pgTable('request_counters', {
  kind: text({ enum: ['support', 'printing', 'vacancy', 'course', 'course_search'] }).primaryKey(),
  last: integer().notNull().default(0),
});

/**
 * A file sent with a request (an STL model, a CV), kept in the database so every shop process can serve it.
 * Its bytes are in `request_file_chunks` (a model may be 100 MB: written and read 1 MB at a time); `data`
 * holds the bytes of files stored before that, whole.
 */
export const requestFiles = pgTable(
  'request_files',
  {
    id: serial().primaryKey(),
    requestId: integer()
      .notNull()
      .references(() => visitorRequests.id, { onDelete: 'cascade' }),
    filename: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    data: bytea(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.requestId)],
);

/** The bytes of a request's file, 1 MB a row, in order. */
export const requestFileChunks = pgTable(
  'request_file_chunks',
  {
    fileId: integer()
      .notNull()
      .references(() => requestFiles.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/**
 * Newsletter subscriptions, double opt-in: an address is a subscriber once its owner confirmed it by
 * the mailed link (`confirmed_at`), until they unsubscribe; before that it is pending. `token` names the
 * subscription in the unsubscribe link of every mail and is signed into the confirmation link.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: serial().primaryKey(),
  /** Lower case. */
  email: text().notNull().unique(),
  country: text()
    .notNull()
    .references(() => countries.code),
  token: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When the owner confirmed the address; null while pending (and again once they subscribe anew after leaving). */
  confirmedAt: timestamp({ withTimezone: true }),
  unsubscribedAt: timestamp({ withTimezone: true }),
});

/**
 * «Сообщить о поступлении»: a visitor waits for a product to be in stock in a country. An alert is
 * mailed once, when the stock comes back, and then kept with `notified_at` set; only an alert whose
 * address is confirmed (`confirmed_at`) is mailed. An address is confirmed by the link of the first mail
 * sent to it, and for every later alert by an earlier confirmed one or by an account's confirmed email.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    country: text()
      .notNull()
      .references(() => countries.code),
    /** Lower case. */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its address was confirmed; null while the mailed link waits. */
    confirmedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('stock_alerts_email_idx').on(t.email),
    uniqueIndex('stock_alerts_waiting_idx')
      .on(t.productId, t.country, t.email)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('stock_alerts_pending_idx')
      .on(t.country, t.productId)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);
