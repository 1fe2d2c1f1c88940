/**
 * An order's story as its customer sees it (issue 36, item 5): every move between statuses with its date,
 * who made it in words the customer may read (they, a manager, the shop itself), and the manager's comment,
 * which the status mail already told them («Курьер выехал…»). Never who the manager is: staff accounts
 * stay out of the customer's view.
 */
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { orderEvents } from '../db/schema/index.ts';
import type { OrderStatus } from './order-status.ts';

/** Who moved the order, as the customer reads it. */
export type OrderStoryAuthor = 'customer' | 'manager' | 'shop';

export interface OrderStoryEntry {
  status: OrderStatus;
  at: Date;
  by: OrderStoryAuthor;
  /** The manager's comment, or a word from the shop for a move it made itself; empty when there is none. */
  comment: string;
}

/** «Вы», «Менеджер», «Магазин». */
export const ORDER_STORY_AUTHORS: Record<OrderStoryAuthor, string> = {
  customer: 'Вы',
  manager: 'Менеджер',
  shop: 'Магазин',
};

const AUTHOR_OF: Record<string, OrderStoryAuthor> = { customer: 'customer', staff: 'manager', expiry: 'shop' };

/** What the shop says of an order it cancelled itself, nobody having confirmed it in time. */
const EXPIRED = 'Заказ не подтвердили вовремя, поэтому он отменён, а товары вернулись в продажу.';

/**
 * The story of an order (the caller has checked whose it is), oldest first; it starts with the placing,
 * told from the order itself when no event tells it (orders older than their history).
 */
export async function loadOrderStory(order: { id: number; createdAt: Date }): Promise<OrderStoryEntry[]> {
  const orderId = order.id;
  const db = await getDb();
  const rows = await db
    .select({
      status: orderEvents.toStatus,
      fromStatus: orderEvents.fromStatus,
      source: orderEvents.source,
      comment: orderEvents.comment,
      at: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const story = rows.map((row): OrderStoryEntry => {
    const by = AUTHOR_OF[row.source] ?? 'shop';
    return {
      status: row.status as OrderStatus,
      at: row.at,
      by,
      comment: row.comment.trim() || (by === 'shop' && row.status === 'cancelled' ? EXPIRED : ''),
    };
  });
  const placed = rows.length > 0 && rows[0]!.fromStatus === null;
  return placed ? story : [{ status: 'new', at: order.createdAt, by: 'customer', comment: '' }, ...story];
}
