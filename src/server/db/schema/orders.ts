import type { CurrencyCode } from '../../../shared/countries.ts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { countries, products } from './catalog.ts';
import { clinics } from './clinics.ts';

/**
 * Orders. One country each, priced in its currency from `product_offers` when placed; the lines are
 * a snapshot (name, SKU, price) that later catalog changes never rewrite. When its account is
 * deleted an order stays for the shop's records, emptied of personal data (`personalDataErasedAt`).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    /** `KG-000123`: the country and the id, what people read out on the phone. */
    number: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    country: text()
      .notNull()
      .references(() => countries.code),
    /** awaiting_approval, new, confirmed, shipped, completed, cancelled (`server/orders/order-status.ts`). */
    status: text().notNull().default('new'),
    currency: text().$type<CurrencyCode>().notNull(),
    /** The goods plus the delivery price (when it is known). */
    total: numeric({ precision: 16, scale: 2 }).notNull(),
    /** The lines' sum. */
    goodsTotal: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
    /** What delivery costs (`shared/delivery.ts`); 0 when free; null when a carrier charges its tariff on receipt. */
    deliveryPrice: numeric({ precision: 14, scale: 2 }).default('0'),
    contactName: text().notNull(),
    contactPhone: text().notNull(),
    contactEmail: text().notNull(),
    /** pickup (at `pickupContactId`, an office of `contacts`) or courier (`deliveryCity`, `deliveryAddress`). */
    deliveryMethod: text().notNull(),
    pickupContactId: integer(),
    /** The office as it was when ordering: «Бишкек, ул. Токтогула 1». */
    pickupAddress: text().notNull().default(''),
    deliveryCity: text().notNull().default(''),
    deliveryAddress: text().notNull().default(''),
    /** on_receipt, or bank_transfer for a clinic (`organisation`, `taxNumber`: ИНН in KG, БИН in KZ). */
    paymentMethod: text().notNull(),
    organisation: text().notNull().default(''),
    taxNumber: text().notNull().default(''),
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    personalDataErasedAt: timestamp({ withTimezone: true }),
    /** The clinic the order was placed for (`server/clinics/`); its members see it. */
    clinicId: integer().references(() => clinics.id, { onDelete: 'set null' }),
    /** When 1C confirmed it took the order (`server/exchange/`); null while 1C has not. */
    exchangedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    /** Every account's orders by when they were placed: the back office's list and the dashboard's today and week. */
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    /** The sweep that cancels orders nobody confirmed in time (`orders/order-limits.ts`). */
    index('orders_unconfirmed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'new'`),
    index('orders_clinic_created_idx')
      .on(t.clinicId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.clinicId} is not null`),
    check(
      'orders_status_check',
      sql`${t.status} in ('awaiting_approval', 'new', 'confirmed', 'shipped', 'completed', 'cancelled')`,
    ),
    /** The orders 1C has not taken yet (`type=sale&mode=query`). */
    index('orders_not_exchanged_idx')
      .on(t.id)
      .where(sql`${t.exchangedAt} is null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order, from 0, as the client sent them. */
    position: integer().notNull(),
    /** Null once the product itself is deleted from the catalog; the snapshot stays. */
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    productName: text().notNull(),
    productSlug: text().notNull(),
    sku: text().notNull(),
    unitPrice: numeric({ precision: 14, scale: 2 }).notNull(),
    /** The public price when the line was priced with a clinic's contract price below it; else null. */
    listPrice: numeric({ precision: 14, scale: 2 }),
    quantity: integer().notNull(),
    lineTotal: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 999`),
  ],
);

/**
 * `Idempotency-Key`s of order requests, per account, kept 24 hours: the same key with the same body
 * answers the order it made; with another body, 409.
 */
export const orderRequests = pgTable(
  'order_requests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    key: uuid().notNull(),
    /** sha256 of the request body, canonical JSON. */
    bodyHash: text().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('order_requests_created_idx').on(t.createdAt)],
);

/**
 * An order's history: every move between statuses (its placing included), who made it and why. The
 * back office shows it on the order; `source` says whether the customer, staff, or the sweep for
 * unconfirmed orders made it.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null when the order was placed. */
    fromStatus: text(),
    toStatus: text().notNull(),
    /** customer, staff or expiry. */
    source: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_source_check', sql`${t.source} in ('customer', 'staff', 'expiry')`),
  ],
);
