/**
 * A clinic's orders, as its members read them: every member sees every order placed for the clinic, with
 * who placed it. Membership itself is checked by the caller (`clinics/`).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { orders, users } from '../db/schema/index.ts';
import type { OrderStatus } from './order-status.ts';
import { withLines } from './orders.queries.ts';
import type { Order } from './orders.types.ts';

export interface ClinicOrder extends Order {
  /** The member who placed it (their account as it is now). */
  placedBy: { id: number; email: string; firstName: string; lastName: string };
}

/** The clinic's orders, newest first, optionally of one status. */
export async function listClinicOrders(
  clinicId: number,
  options: { status?: OrderStatus; limit: number; offset: number },
): Promise<{ count: number; items: ClinicOrder[] }> {
  const db = await getDb();
  const where = and(eq(orders.clinicId, clinicId), options.status ? eq(orders.status, options.status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        placedBy: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const full = await withLines(
    db,
    rows.map((r) => r.order),
  );
  return { count: total?.n ?? 0, items: full.map((order, i) => ({ ...order, placedBy: rows[i]!.placedBy })) };
}

/**
 * An order the account may read: its own, or one placed for a clinic it is a member of. Null otherwise
 * (someone else's order is as unknown as a missing one).
 */
export async function findVisibleOrder(userId: number, number: string): Promise<Order | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.number, number.toUpperCase()),
        sql`(${orders.userId} = ${userId} or exists (select 1 from clinic_members m
              where m.clinic_id = ${orders.clinicId} and m.user_id = ${userId}))`,
      ),
    );
  return row ? (await withLines(db, [row]))[0]! : null;
}
