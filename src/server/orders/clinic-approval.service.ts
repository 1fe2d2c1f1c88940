/**
 * A clinic owner's approval of the clinic's orders that wait for it (`awaiting_approval`): approved, the
 * order becomes new and goes to the shop (its customer and staff are mailed as for a new order); declined,
 * it is cancelled, its stock goes back on sale and the member who placed it is mailed the owner's comment.
 */
import { sql } from 'drizzle-orm';
import { can, memberRole } from '../clinics/index.ts';
import { writeCatalog } from '../catalog/catalog-write.ts';
import { getDb, queryRows } from '../db/client.ts';
import { ConflictError, NotFoundError, PermissionError } from '../errors.ts';
import { logger } from '../logger.ts';
import { detachedFromRequest } from '../request-scope.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-status.ts';
import { sendOrderDeclinedMail, sendOrderMails } from './orders.mails.ts';
import { findAccountEmail, findOrderById } from './orders.queries.ts';
import { moveOrder } from './orders.service.ts';
import type { Order } from './orders.types.ts';

const log = logger.child({ module: 'orders' });

export const APPROVAL_MESSAGES = {
  notFound: 'Заказ не найден.',
  ownerOnly: 'Согласовать или отклонить заказ может только владелец клиники.',
  notAwaiting: (status: OrderStatus) => `Заказ не ждёт согласования: он в статусе «${ORDER_STATUS_LABELS[status]}».`,
} as const;

/**
 * The clinic order `number` for its owner `userId`.
 * @throws NotFoundError (no such order, not a clinic's, or the person is not the clinic's member), PermissionError
 */
async function ownersOrder(userId: number, number: string): Promise<{ id: number }> {
  const [row] = await queryRows<{ id: number; clinic_id: number | null }>(
    await getDb(),
    sql`select id, clinic_id from orders where number = ${number.toUpperCase()}`,
  );
  const role = row?.clinic_id ? await memberRole(row.clinic_id, userId) : null;
  if (!row || !role) throw new NotFoundError(APPROVAL_MESSAGES.notFound);
  if (!can.approve(role)) throw new PermissionError(APPROVAL_MESSAGES.ownerOnly);
  return { id: row.id };
}

async function decide(userId: number, id: number, to: 'new' | 'cancelled', comment: string): Promise<Order> {
  await writeCatalog({ source: to === 'new' ? 'order' : 'cancellation', userId }, (write) =>
    moveOrder(write, id, to, { source: 'customer', userId, comment }, (from) => {
      if (from !== 'awaiting_approval') throw new ConflictError(APPROVAL_MESSAGES.notAwaiting(from));
    }),
  );
  return (await findOrderById(id))!;
}

/**
 * The clinic's owner approves an order waiting for it: it becomes new, and the member who placed it and
 * the shop are mailed as for a new order.
 * @throws NotFoundError, PermissionError, ConflictError when it does not wait for approval
 */
export async function approveClinicOrder(userId: number, number: string): Promise<Order> {
  const { id } = await ownersOrder(userId, number);
  const order = await decide(userId, id, 'new', '');
  await detachedFromRequest(async () => sendOrderMails(order, await findAccountEmail(order.userId))).catch(
    (error: unknown) => log.error({ err: error, order: order.number }, 'Could not queue the approved order mails'),
  );
  return order;
}

/**
 * The clinic's owner declines an order waiting for it: it is cancelled, its stock goes back on sale, and the
 * member who placed it is mailed the comment.
 * @throws NotFoundError, PermissionError, ConflictError when it does not wait for approval
 */
export async function declineClinicOrder(userId: number, number: string, comment: string): Promise<Order> {
  const { id } = await ownersOrder(userId, number);
  const order = await decide(userId, id, 'cancelled', comment);
  await detachedFromRequest(async () =>
    sendOrderDeclinedMail(order, await findAccountEmail(order.userId), comment),
  ).catch((error: unknown) =>
    log.error({ err: error, order: order.number }, 'Could not queue the declined order mail'),
  );
  return order;
}
