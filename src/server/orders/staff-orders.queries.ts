/**
 * Orders as the back office reads them: every account's, filtered, searched and sorted on the server
 * (10,000 orders page as fast as 10), and one order with its account and its history.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import type { DeliveryMethod, PaymentMethod } from '../../shared/order-methods.ts';
import { localPhonePrefix } from '../../shared/phone-input.ts';
import { getDb } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { orderEvents, orders, users } from '../db/schema/index.ts';
import type { OrderStatus } from './order-status.ts';
import { findOrderById, withLines } from './orders.queries.ts';
import type { Order } from './orders.types.ts';

export const STAFF_ORDER_ORDERINGS = ['created_at', '-created_at', 'total', '-total', 'number', '-number'] as const;
export type StaffOrderOrdering = (typeof STAFF_ORDER_ORDERINGS)[number];

export interface StaffOrderFilters {
  status?: OrderStatus;
  country?: CountryCode;
  paymentMethod?: PaymentMethod;
  deliveryMethod?: DeliveryMethod;
  /** Placed at or after this moment. */
  createdFrom?: Date;
  /** Placed before this moment. */
  createdBefore?: Date;
  /** Part of the number, the contact's or the account's email, or of the phone's digits. */
  search?: string;
  ordering: StaffOrderOrdering;
  limit: number;
  offset: number;
}

export interface StaffOrder extends Order {
  /** The account's own address (the contact email may be another). */
  accountEmail: string;
  /** The account's address is confirmed and the account active: the order's mails go to it (findAccountEmail). */
  accountEmailConfirmed: boolean;
}

const accountFields = {
  accountEmail: users.email,
  accountEmailConfirmed: sql<boolean>`(${users.isActive} and not ${users.emailPending})`.mapWith(Boolean),
};

export interface OrderEvent {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  source: 'customer' | 'staff' | 'expiry';
  /** Who made the move, when a person did. */
  user: { id: number; email: string } | null;
  comment: string;
  createdAt: Date;
}

function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const digits = /^[\d\s()+.-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  // Phones are stored as +996555123456; people type them with spaces, dashes and brackets, and the local way.
  const phoneDigits = sql`regexp_replace(${orders.contactPhone}, '\\D', '', 'g')`;
  const local = localPhonePrefix(digits);
  return or(
    ilike(orders.number, containing(text)),
    ilike(orders.contactEmail, containing(text)),
    ilike(users.email, containing(text)),
    ilike(orders.contactName, containing(text)),
    digits.length >= 3 ? sql`${phoneDigits} like ${`%${digits}%`}` : undefined,
    local ? sql`${phoneDigits} like ${`${local}%`}` : undefined,
  );
}

const ORDER_BY: Record<StaffOrderOrdering, SQL[]> = {
  created_at: [asc(orders.createdAt), asc(orders.id)],
  '-created_at': [desc(orders.createdAt), desc(orders.id)],
  total: [asc(orders.total), asc(orders.id)],
  '-total': [desc(orders.total), desc(orders.id)],
  number: [asc(orders.id)],
  '-number': [desc(orders.id)],
};

/** A page of every account's orders, with the filters. */
export async function listOrdersForStaff(filters: StaffOrderFilters): Promise<{ count: number; items: StaffOrder[] }> {
  const db = await getDb();
  const where = and(
    // A clinic's order waiting for its owner's approval is not the shop's yet.
    ne(orders.status, 'awaiting_approval'),
    filters.status ? eq(orders.status, filters.status) : undefined,
    filters.country ? eq(orders.country, filters.country) : undefined,
    filters.paymentMethod ? eq(orders.paymentMethod, filters.paymentMethod) : undefined,
    filters.deliveryMethod ? eq(orders.deliveryMethod, filters.deliveryMethod) : undefined,
    filters.createdFrom ? gte(orders.createdAt, filters.createdFrom) : undefined,
    filters.createdBefore ? lt(orders.createdAt, filters.createdBefore) : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, ...accountFields })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(...ORDER_BY[filters.ordering])
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ]);
  const withTheirLines = await withLines(
    db,
    rows.map((r) => r.order),
  );
  return {
    count: total?.n ?? 0,
    items: withTheirLines.map((order, i) => ({
      ...order,
      accountEmail: rows[i]!.accountEmail,
      accountEmailConfirmed: rows[i]!.accountEmailConfirmed,
    })),
  };
}

/** One order by its number (any case), with its account's address and its history, oldest first. */
export async function findOrderForStaff(number: string): Promise<{ order: StaffOrder; events: OrderEvent[] } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: orders.id, ...accountFields })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.number, number.toUpperCase()), ne(orders.status, 'awaiting_approval')));
  if (!row) return null;
  const order = await findOrderById(row.id, db);
  if (!order) return null;
  const events = await db
    .select({ event: orderEvents, email: users.email })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.userId))
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.id));
  return {
    order: { ...order, accountEmail: row.accountEmail, accountEmailConfirmed: row.accountEmailConfirmed },
    events: events.map(({ event, email }) => ({
      fromStatus: event.fromStatus as OrderStatus | null,
      toStatus: event.toStatus as OrderStatus,
      source: event.source as OrderEvent['source'],
      user: event.userId !== null && email !== null ? { id: event.userId, email } : null,
      comment: event.comment,
      createdAt: event.createdAt,
    })),
  };
}
