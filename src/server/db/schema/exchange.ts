import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bytea } from './columns.ts';

/**
 * The exchange with 1C («Обмен с сайтом», `server/exchange/`): one row per session 1C opens with
 * `checkauth`, found again by the cookie value it sends with every later request, by whichever
 * process answers it.
 */
export const exchangeSessions = pgTable(
  'exchange_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The cookie's value 1C sends back (random, 32 bytes as hex). */
    token: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** `catalog` or `sale`, as 1C's first request named it. */
    type: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Orders handed to 1C by `mode=query` and not yet confirmed by `mode=success`. */
    ordersSent: jsonb().$type<number[]>().notNull().default([]),
    /** Orders 1C confirmed it took in this session. */
    ordersTaken: jsonb().$type<number[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('exchange_sessions_token_idx').on(t.token), index().on(t.createdAt)],
);

/** The files 1C sent in a session, as it sent them (in parts), and what a zip held once unpacked. */
export const exchangeFiles = pgTable(
  'exchange_files',
  {
    sessionId: uuid()
      .notNull()
      .references(() => exchangeSessions.id, { onDelete: 'cascade' }),
    /** The name as 1C gave it (`import0_1.xml`, `import_files/ab/abcd.jpg`). */
    name: text().notNull(),
    seq: integer().notNull(),
    data: bytea().notNull(),
    /** The chunk is deflated (zlib): text is, by the shop, before it is stored (`exchange/exchange-files.ts`). */
    deflated: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.name, t.seq] })],
);

/**
 * 1C's `Ид` of each row it made (a product, a category, a specification, a property's value): an SKU
 * renamed in 1C moves its product instead of making a second one.
 */
export const exchangeIds = pgTable(
  'exchange_ids',
  {
    /** `product`, `group`, `property`, `value`, `price_type`, `warehouse`. */
    kind: text().notNull(),
    externalId: text().notNull(),
    /** The shop's id (product, category, specification); null for a property's value. */
    localId: integer(),
    /**
     * What a property's value (ИдЗначения) reads; a price type's or warehouse's country as staff mapped it
     * (`kg`, `kz`, or `ignore`; null: a price type by its currency, a warehouse not mapped).
     */
    value: text(),
    /** A price type's or warehouse's name as 1C last sent it (the mapping screen lists them). */
    name: text(),
    /** A price type's currency as 1C writes it (`KGS`, `398`, «сом»). */
    currency: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.externalId] }),
    index('exchange_ids_local_idx')
      .on(t.kind, t.localId)
      .where(sql`${t.localId} is not null`),
  ],
);
