/**
 * Staff move orders along the status rules (`order-status.ts`), one at a time or several along the same
 * step at once; each customer whose order moved is mailed the new status, as the history keeps who
 * moved it and the comment.
 */
import { sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { lockOffersForOrder } from '../catalog/offers.service.ts';
import { getDb, intArray, queryRows, textArray } from '../db/client.ts';
import { NotFoundError } from '../errors.ts';
import { logger } from '../logger.ts';
import { detachedFromRequest } from '../request-scope.ts';
import {
  staffCanTransition as canTransition,
  returnsStock,
  transitionRefusal,
  type OrderStatus,
} from './order-status.ts';
import { sendOrderStatusMail } from './orders.mails.ts';
import { findAccountEmail, findOrderById } from './orders.queries.ts';
import { changeOrderStatus, moveOrder, type OrderMove } from './orders.service.ts';
import type { Order } from './orders.types.ts';

const log = logger.child({ module: 'orders' });

export const NO_ORDER = 'Заказ не найден.';

/** The customer hears of the new status (and the comment) at the account's address; a failure is logged, never thrown. */
async function mailNewStatus(order: Order, comment: string): Promise<void> {
  await detachedFromRequest(async () =>
    sendOrderStatusMail(order, await findAccountEmail(order.userId), comment),
  ).catch((error: unknown) => log.error({ err: error, order: order.number }, 'Could not queue the status mail'));
}

/**
 * A staff member moves an order by its number along the rules, with a comment for its history; the
 * customer is mailed the new status at the account's address (and the comment, when there is one),
 * unless `mail` is false (a step the order passes on its way further in the same move).
 * @throws NotFoundError, ValidationError `{status: [...]}` for a move the rules refuse
 */
export async function changeOrderStatusAsStaff(
  staffId: number,
  number: string,
  to: OrderStatus,
  comment = '',
  options: { mail?: boolean } = {},
): Promise<Order> {
  const [found] = await queryRows<{ id: number }>(
    await getDb(),
    sql`select id from orders where number = ${number.toUpperCase()} and status <> 'awaiting_approval'`,
  );
  if (!found) throw new NotFoundError(NO_ORDER);
  const order = await changeOrderStatus(found.id, to, { userId: staffId, comment });
  if (options.mail !== false) await mailNewStatus(order, comment);
  return order;
}

/** What became of one order of a bulk move. */
export interface BulkMoveOutcome {
  /** As stored (`KG-000123`), or as sent when there is no such order. */
  number: string;
  result: 'moved' | 'refused' | 'not_found';
  /** The order's status after the call; null when there is no such order. */
  status: OrderStatus | null;
  /** Why it was not moved, in words; empty when it was. */
  reason: string;
}

/**
 * Moves every order of `numbers` that the rules let go to `to`, in one transaction: each is moved whole
 * (its status, its history, its stock back when cancelled) or not at all, and a failure moves none.
 * An order already past that step, or not found, is left as it is and answered with the reason. Each
 * customer whose order moved is mailed as for a single move. Answers in the order of `numbers`.
 */
export async function changeOrderStatusesAsStaff(
  staffId: number,
  numbers: readonly string[],
  to: OrderStatus,
  comment = '',
): Promise<BulkMoveOutcome[]> {
  const wanted = [...new Set(numbers.map((n) => n.toUpperCase()))];
  const move: OrderMove = { source: 'staff', userId: staffId, comment };
  const outcomes = new Map<string, BulkMoveOutcome>();
  const moved = await writeCatalog({ source: 'cancellation', userId: staffId }, async (write) => {
    // Orders are locked in id order and the offers they return in product order, as single moves and
    // orders being placed lock them, so a bulk move never deadlocks with them.
    const locked = await queryRows<{ id: number; number: string; status: OrderStatus; country: CountryCode }>(
      write.tx,
      sql`select id, number, status, country from orders where number = any(${textArray(wanted)}::text[])
            and status <> 'awaiting_approval'
          order by id for update`,
    );
    const allowed = locked.filter((order) => canTransition(order.status, to));
    for (const order of locked)
      if (!allowed.includes(order))
        outcomes.set(order.number, {
          number: order.number,
          result: 'refused',
          status: order.status,
          reason: transitionRefusal(order.status, to),
        });
    if (returnsStock(to) && allowed.length) await lockReturnedOffers(write, allowed);
    for (const order of allowed) {
      await moveOrder(write, order.id, to, move, () => {});
      outcomes.set(order.number, { number: order.number, result: 'moved', status: to, reason: '' });
    }
    return allowed.map((order) => order.id);
  });
  for (const id of moved) {
    const order = await findOrderById(id);
    if (order) await mailNewStatus(order, comment);
  }
  return wanted.map(
    (number) => outcomes.get(number) ?? { number, result: 'not_found', status: null, reason: NO_ORDER },
  );
}

/** Locks the offers the orders' lines give back, a country at a time, each in product order. */
async function lockReturnedOffers(
  write: CatalogWrite,
  orders: readonly { id: number; country: CountryCode }[],
): Promise<void> {
  for (const country of COUNTRY_CODES) {
    const ids = orders.filter((order) => order.country === country).map((order) => order.id);
    if (!ids.length) continue;
    const lines = await queryRows<{ product_id: number }>(
      write.tx,
      sql`select distinct product_id from order_lines
          where order_id = any(${intArray(ids)}::int[]) and product_id is not null order by product_id`,
    );
    await lockOffersForOrder(
      write,
      country,
      lines.map((line) => Number(line.product_id)),
    );
  }
}
