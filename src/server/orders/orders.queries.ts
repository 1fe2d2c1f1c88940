import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { CountryCode, CurrencyCode } from '../../shared/countries.ts';
import { getDb, type Db } from '../db/client.ts';
import { orderLines, orders, users } from '../db/schema/index.ts';
import type { OrderStatus } from './order-status.ts';
import type { Order } from './orders.types.ts';

export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

/** An order as read, from its row and its lines' rows. */
export function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    userId: row.userId,
    country: row.country as CountryCode,
    status: row.status as OrderStatus,
    currency: row.currency as CurrencyCode,
    total: row.total,
    goodsTotal: row.goodsTotal,
    contact: { name: row.contactName, phone: row.contactPhone, email: row.contactEmail },
    delivery: {
      method: row.deliveryMethod as Order['delivery']['method'],
      price: row.deliveryPrice,
      pickupPoint: row.pickupContactId,
      pickupAddress: row.pickupAddress,
      city: row.deliveryCity,
      address: row.deliveryAddress,
    },
    payment: {
      method: row.paymentMethod as Order['payment']['method'],
      organisation: row.organisation,
      taxNumber: row.taxNumber,
    },
    comment: row.comment,
    clinicId: row.clinicId,
    lines: lines
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        position: line.position,
        productId: line.productId,
        productName: line.productName,
        productSlug: line.productSlug,
        sku: line.sku,
        unitPrice: line.unitPrice,
        listPrice: line.listPrice,
        quantity: line.quantity,
        lineTotal: line.lineTotal,
      })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const byOrder = new Map<number, LineRow[]>();
  for (const line of lines) (byOrder.get(line.orderId) ?? byOrder.set(line.orderId, []).get(line.orderId)!).push(line);
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

export async function findOrderById(id: number, db?: Db): Promise<Order | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn.select().from(orders).where(eq(orders.id, id));
  return row ? (await withLines(conn, [row]))[0]! : null;
}

/** The account's order with this number, or null (someone else's order is as unknown as a missing one). */
export async function findOwnOrder(userId: number, number: string): Promise<Order | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.number, number.toUpperCase())));
  return row ? (await withLines(db, [row]))[0]! : null;
}

/** The account's orders, newest first, optionally of one status. */
export async function listOwnOrders(
  userId: number,
  options: { status?: OrderStatus; limit: number; offset: number },
): Promise<{ count: number; items: Order[] }> {
  const db = await getDb();
  const where = and(eq(orders.userId, userId), options.status ? eq(orders.status, options.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { count: total?.n ?? 0, items: await withLines(db, rows) };
}

/**
 * The address of the account that placed an order, while the account is active and its address confirmed;
 * null otherwise: an order's mails carry what its customer typed, so they go to no address nobody confirmed.
 */
export async function findAccountEmail(userId: number): Promise<string | null> {
  const [row] = await (
    await getDb()
  )
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), eq(users.emailPending, false)));
  return row?.email ?? null;
}

/**
 * How the account's last order in `country` was delivered, which its next checkout starts from (issue 36:
 * a repeat order does not fall back to pickup); null before its first order there.
 */
export async function lastDeliveryOf(
  userId: number,
  country: CountryCode,
): Promise<{ method: 'pickup' | 'courier'; pickupPoint: number | null } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ method: orders.deliveryMethod, pickupPoint: orders.pickupContactId })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.country, country)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ? { method: row.method === 'courier' ? 'courier' : 'pickup', pickupPoint: row.pickupPoint } : null;
}
