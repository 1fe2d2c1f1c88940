/**
 * A clinic order nobody approved in time: an order waiting for its owner's approval (`awaiting_approval`)
 * longer than `APPROVAL_EXPIRY_DAYS` is declined by the shop (cancelled, source `expiry`), its stock goes
 * back on sale, and both sides hear it: the member who placed it and every owner. Fourteen days: two
 * weekly purchasing rounds of a clinic, long enough for an owner on leave, short enough that stock held
 * for an order nobody wants returns to sale within the month. Every process sweeps (`clinic-approval.queue.ts`);
 * each order is declined once, under its row lock, only while it still waits.
 */
import { sql } from 'drizzle-orm';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { writeCatalog } from '../catalog/catalog-write.ts';
import { ownerEmails } from '../clinics/index.ts';
import { getDb, queryRows } from '../db/client.ts';
import { logger } from '../logger.ts';
import { renderMail, sendMails, type OutgoingMail } from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import { orderMoney } from './orders.mails.ts';
import { findAccountEmail, findOrderById } from './orders.queries.ts';
import { moveOrder } from './orders.service.ts';
import type { Order } from './orders.types.ts';

const log = logger.child({ module: 'orders' });

/** Days a clinic order may wait for its owner's approval before the shop declines it. */
export const APPROVAL_EXPIRY_DAYS = 14;

/** The comment the order's story keeps for the move. */
export const APPROVAL_EXPIRED_COMMENT = `Не согласован владельцем клиники за ${APPROVAL_EXPIRY_DAYS} дней: отклонён автоматически.`;

class AlreadyMoved extends Error {}

/** The member who placed it and the clinic's owners hear that nobody approved the order in time. */
async function sendApprovalExpiredMails(order: Order, placerEmail: string | null, owners: string[]): Promise<void> {
  const total = orderMoney(order, order.total);
  const url = absoluteUrl(paths.clinic(order.country, order.clinicId ?? undefined));
  const text = `Заказ ${order.number} на ${total} ждал согласования владельцем клиники ${APPROVAL_EXPIRY_DAYS} дней и отклонён автоматически; товары вернулись в продажу. Если он ещё нужен, повторите его со страницы заказов клиники.`;
  const mails: OutgoingMail[] = [];
  for (const to of new Set([...(placerEmail ? [placerEmail] : []), ...owners])) {
    const content = await renderMail(order.country, {
      preheader: `Заказ ${order.number} не согласован вовремя и отклонён.`,
      heading: `Заказ ${order.number} не согласован`,
      paragraphs: ['Здравствуйте.', text],
      action: { label: 'Заказы клиники', url },
      footnote: `Вы получили это письмо, потому что состоите в клинике в ${SHOP_NAME}.`,
    });
    mails.push({
      kind: 'order_approval_expired',
      to,
      subject: `Заказ ${order.number} не согласован — ${SHOP_NAME}`,
      ...content,
    });
  }
  if (mails.length) await sendMails(mails);
}

/**
 * Declines the clinic orders that waited for approval longer than `APPROVAL_EXPIRY_DAYS`, returning their
 * stock, and mails both sides. Answers the numbers declined.
 */
export async function expireUnapprovedOrders(now = new Date(), batch = 200): Promise<string[]> {
  const before = new Date(now.getTime() - APPROVAL_EXPIRY_DAYS * 86_400_000);
  const due = await queryRows<{ id: number }>(
    await getDb(),
    sql`select id from orders where status = 'awaiting_approval' and created_at < ${before.toISOString()}
        order by created_at limit ${batch}`,
  );
  const declined: string[] = [];
  for (const { id } of due) {
    try {
      await writeCatalog({ source: 'cancellation', userId: null }, (write) =>
        moveOrder(
          write,
          id,
          'cancelled',
          { source: 'expiry', userId: null, comment: APPROVAL_EXPIRED_COMMENT },
          (from) => {
            if (from !== 'awaiting_approval') throw new AlreadyMoved();
          },
        ),
      );
    } catch (error) {
      if (error instanceof AlreadyMoved) continue;
      throw error;
    }
    const order = (await findOrderById(id))!;
    declined.push(order.number);
    const owners = order.clinicId ? await ownerEmails(order.clinicId) : [];
    await sendApprovalExpiredMails(order, await findAccountEmail(order.userId), owners).catch((error: unknown) =>
      log.error({ err: error, order: order.number }, 'Could not queue the expired approval mails'),
    );
  }
  if (declined.length) log.info({ orders: declined }, 'Declined clinic orders nobody approved in time');
  return declined;
}
