import { COUNTRIES } from '../../shared/countries.ts';
import { orderDeliveryPriceText } from '../../shared/delivery.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS, TAX_NUMBER } from '../../shared/order-methods.ts';
import { paths } from '../../shared/paths.ts';
import { formatPhone } from '../../shared/phone.ts';
import { goodsCount } from '../../shared/goods-count.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { env } from '../env.ts';
import {
  layoutMail,
  mailContacts,
  renderMail,
  sendMail,
  sendMailBatch,
  withinMailboxQuota,
  type MailBatch,
  type MailContacts,
  type OutgoingMail,
} from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import { ORDER_LIMITS } from './order-limits.ts';
import { contractSaving } from './order-rules.ts';
import { ORDER_STATUS_LABELS } from './order-status.ts';
import type { Order } from './orders.types.ts';
import { hasInvoice, invoiceFilename, renderInvoicePdf } from './invoice.ts';

/** Units across all lines (3 for 2 + 1). */
export const orderUnits = (order: Pick<Order, 'lines'>) => order.lines.reduce((n, line) => n + line.quantity, 0);

/** The order's money as the shop shows it: «12 345,00 сом». */
export const orderMoney = (order: Pick<Order, 'currency'>, amount: string) =>
  formatMoney(Number(amount), toDisplayCurrency(order.currency));

export function deliveryText(order: Order): string {
  const where =
    order.delivery.method === 'pickup'
      ? order.delivery.pickupAddress
      : `${order.delivery.city}, ${order.delivery.address}`;
  return `${DELIVERY_METHOD_LABELS[order.delivery.method]}: ${where}`;
}

/** The delivery line of the order's totals: «250 сом», «бесплатно», «по тарифу перевозчика, при получении». */
export const deliveryPriceText = (order: Order): string => orderDeliveryPriceText(order.country, order.delivery.price);

export function paymentText(order: Order): string {
  if (order.payment.method === 'on_receipt') return PAYMENT_METHOD_LABELS.on_receipt;
  return `${PAYMENT_METHOD_LABELS.bank_transfer}: ${order.payment.organisation}, ${TAX_NUMBER[order.country].name} ${order.payment.taxNumber}`;
}

const lineText = (order: Order) =>
  order.lines
    .map(
      (l) =>
        `${l.productName} (арт. ${l.sku}) — ${l.quantity} шт. × ${orderMoney(order, l.unitPrice)}${l.listPrice ? ` (по договору; розничная цена ${orderMoney(order, l.listPrice)})` : ''} = ${orderMoney(order, l.lineTotal)}`,
    )
    .join('\n');

/** «Экономия по договору: 1 200 сом» when the clinic's prices took something off; else nothing. */
const savingText = (order: Order): string[] => {
  const saved = contractSaving(order.lines);
  return saved ? [`Экономия по договору клиники: ${orderMoney(order, saved)}`] : [];
};

/** What the order says to its customer and to staff: the lines, the totals, delivery and payment. */
function orderSummary(order: Order): string[] {
  return [
    lineText(order),
    `Товары: ${orderMoney(order, order.goodsTotal)} (${goodsCount(order.lines)})`,
    ...savingText(order),
    `Доставка: ${deliveryPriceText(order)}`,
    `Итого: ${orderMoney(order, order.total)}`,
    deliveryText(order),
    paymentText(order),
  ];
}

/** «Заказ … принят» with what was ordered, and the invoice of an order by bank transfer. */
async function orderPlacedMail(order: Order, to: string, contacts: MailContacts): Promise<OutgoingMail> {
  const total = orderMoney(order, order.total);
  const invoice = hasInvoice(order) ? await renderInvoicePdf(order) : null;
  const content = layoutMail(
    {
      preheader: `Заказ ${order.number} на ${total} принят.`,
      heading: `Заказ ${order.number} принят`,
      paragraphs: [
        order.contact.name ? `Здравствуйте, ${order.contact.name}.` : 'Здравствуйте.',
        `Спасибо за заказ в ${SHOP_NAME}. Что вы заказали:`,
        ...orderSummary(order),
        'Что дальше: менеджер проверит заказ и позвонит вам по телефону ' +
          `${formatPhone(order.contact.phone)}, чтобы подтвердить его и договориться о ${order.delivery.method === 'pickup' ? 'времени самовывоза' : 'доставке'}.` +
          (hasInvoice(order) ? ` Счёт на оплату — во вложении (PDF); его же можно скачать на странице заказа.` : ''),
      ],
      action: { label: 'Открыть заказ', url: absoluteUrl(paths.order(order.country, order.number)) },
      footnote: `Вы получили это письмо, потому что оформили заказ в ${SHOP_NAME} ${COUNTRIES[order.country].inName}.`,
    },
    contacts,
  );
  return {
    kind: 'order_placed',
    to,
    subject: `Заказ ${order.number} принят — ${SHOP_NAME}`,
    ...content,
    attachments: invoice
      ? [{ filename: invoiceFilename(order), contentType: 'application/pdf', content: invoice }]
      : [],
  };
}

/**
 * Instead of «Заказ … принят», to an address nobody has confirmed yet (an account opened at checkout):
 * the link that confirms it, and nothing anyone typed (no name, no lines, no address), so an order
 * placed with a stranger's address cannot carry a message to them. The order's own mail follows once
 * the address is confirmed (`sendHeldOrderMails`).
 */
function confirmAddressMail(order: Order, to: string, confirmEmailUrl: string, contacts: MailContacts): OutgoingMail {
  const content = layoutMail(
    {
      preheader: 'Подтвердите адрес, и письмо о заказе придёт сюда.',
      heading: 'Подтвердите адрес электронной почты',
      paragraphs: [
        'Здравствуйте.',
        `С этим адресом при оформлении заказа открыт аккаунт в ${SHOP_NAME}: заказ ${order.number} принят. ` +
          'Письмо с составом заказа' +
          (hasInvoice(order) ? ' и счётом на оплату' : '') +
          ' придёт сюда, как только вы подтвердите, что адрес ваш. Ссылка действует 3 дня.',
      ],
      action: { label: 'Подтвердить адрес', url: confirmEmailUrl },
      footnote:
        `Вы получили это письмо, потому что этот адрес указали при оформлении заказа в ${SHOP_NAME}. ` +
        'Если это были не вы, не переходите по ссылке: без подтверждения письма о заказе сюда не придут.',
    },
    contacts,
  );
  return {
    kind: 'order_confirm_email',
    to,
    subject: `Подтвердите адрес для заказа ${order.number} — ${SHOP_NAME}`,
    ...content,
  };
}

/**
 * The customer's mail and the staff notice, rendered to be stored with the order (`storeMails`). The
 * customer's goes to the account's own address, never to the contact email typed into the order (that one
 * is for staff), counts against the mailbox's quota, and carries the order only to a confirmed address:
 * `confirmEmailUrl` (the address is not confirmed yet) sends the link that confirms it instead; a null
 * `accountEmail` mails staff only.
 */
export async function orderPlacedMails(
  order: Order,
  accountEmail: string | null,
  confirmEmailUrl: string | null,
  contacts: MailContacts,
): Promise<MailBatch> {
  const count = goodsCount(order.lines);
  const total = orderMoney(order, order.total);
  const customer = accountEmail
    ? confirmEmailUrl
      ? confirmAddressMail(order, accountEmail, confirmEmailUrl, contacts)
      : await orderPlacedMail(order, accountEmail, contacts)
    : null;
  const staff = layoutMail(
    {
      heading: `Новый заказ ${order.number}`,
      paragraphs: [
        `${COUNTRIES[order.country].name}, ${total}, ${count}.`,
        `Покупатель: ${order.contact.name}, ${formatPhone(order.contact.phone)}, ${order.contact.email}`,
        ...orderSummary(order),
        ...(order.comment ? [`Комментарий: ${order.comment}`] : []),
      ],
      action: { label: 'Открыть заказ в управлении', url: absoluteUrl(paths.staffOrder(order.number)) },
    },
    contacts,
  );
  const staffMail = {
    kind: 'order_staff',
    to: env.STAFF_EMAIL,
    subject: `Новый заказ ${order.number} (${total})`,
    ...staff,
  };
  return {
    mails: [staffMail],
    ...(customer && accountEmail ? { withinQuota: { email: accountEmail, mails: [customer] } } : {}),
  };
}

/** `orderPlacedMails`, stored and sent on their own (an order a clinic's owner approved). */
export async function sendOrderMails(
  order: Order,
  accountEmail: string | null,
  confirmEmailUrl: string | null = null,
): Promise<void> {
  await sendMailBatch(await orderPlacedMails(order, accountEmail, confirmEmailUrl, await mailContacts(order.country)));
}

/**
 * The «Заказ … принят» mail of an order whose customer's address was not confirmed when it was placed,
 * sent once it is, within the mailbox's quota.
 */
export async function sendHeldOrderMail(order: Order, accountEmail: string): Promise<void> {
  if (await withinMailboxQuota(accountEmail))
    await sendMail(await orderPlacedMail(order, accountEmail, await mailContacts(order.country)));
}

/**
 * A cancelled order: by its customer (the shop is told), or because nobody confirmed it in time (the
 * customer is told at the account's address, within the mailbox's quota, and so is the shop).
 */
export async function sendOrderCancelledMails(
  order: Order,
  reason: 'customer' | 'unconfirmed',
  accountEmail: string | null,
): Promise<void> {
  const total = orderMoney(order, order.total);
  const why =
    reason === 'customer'
      ? 'Покупатель отменил заказ в личном кабинете.'
      : `Заказ не подтвердили за ${ORDER_LIMITS.unconfirmedHours} часа, и он отменён автоматически.`;
  const staff = await renderMail(order.country, {
    heading: `Заказ ${order.number} отменён`,
    paragraphs: [
      why,
      `${COUNTRIES[order.country].name}, ${total}. Покупатель: ${order.contact.name}, ${formatPhone(order.contact.phone)}`,
      'Товары вернулись в продажу.',
    ],
    action: { label: 'Открыть заказ в управлении', url: absoluteUrl(paths.staffOrder(order.number)) },
  });
  const mails = [
    sendMail({
      kind: 'order_cancelled_staff',
      to: env.STAFF_EMAIL,
      subject: `Заказ ${order.number} отменён`,
      ...staff,
    }),
  ];
  if (reason === 'unconfirmed' && accountEmail && (await withinMailboxQuota(accountEmail))) {
    const customer = await renderMail(order.country, {
      preheader: `Заказ ${order.number} отменён: мы не успели его подтвердить.`,
      heading: `Заказ ${order.number} отменён`,
      paragraphs: [
        order.contact.name ? `Здравствуйте, ${order.contact.name}.` : 'Здравствуйте.',
        `Мы не смогли подтвердить ваш заказ ${order.number} на ${total} за ${ORDER_LIMITS.unconfirmedHours} часа, ` +
          'поэтому он отменён, а товары вернулись в продажу. Приносим извинения.',
        'Если заказ ещё нужен, оформите его заново или позвоните нам: менеджер поможет.',
      ],
      action: { label: 'Открыть заказ', url: absoluteUrl(paths.order(order.country, order.number)) },
      footnote: `Вы получили это письмо, потому что оформили заказ в ${SHOP_NAME} ${COUNTRIES[order.country].inName}.`,
    });
    mails.push(
      sendMail({
        kind: 'order_cancelled',
        to: accountEmail,
        subject: `Заказ ${order.number} отменён — ${SHOP_NAME}`,
        ...customer,
      }),
    );
  }
  await Promise.all(mails);
}

/** What each status a manager sets tells the customer. */
function statusNews(order: Order): string {
  const pickup = order.delivery.method === 'pickup';
  switch (order.status) {
    case 'confirmed':
      return `Менеджер подтвердил заказ и готовит его к ${pickup ? 'выдаче' : 'доставке'}.`;
    case 'shipped':
      return pickup
        ? `Заказ собран: его можно забрать по адресу ${order.delivery.pickupAddress}.`
        : `Заказ передан в доставку: ${order.delivery.city}, ${order.delivery.address}.`;
    case 'completed':
      return `Заказ выполнен. Спасибо, что выбрали ${SHOP_NAME}.`;
    case 'cancelled':
      return 'Заказ отменён, товары вернулись в продажу. Если это ошибка, позвоните нам: менеджер поможет.';
    default:
      return `Статус заказа: «${ORDER_STATUS_LABELS[order.status]}».`;
  }
}

/**
 * The customer's mail when a manager changes the order's status, with the manager's comment. Sent on
 * every change staff make (never more often than they act), so outside the mailbox quota.
 */
export async function sendOrderStatusMail(order: Order, accountEmail: string | null, comment: string): Promise<void> {
  if (!accountEmail) return;
  const label = ORDER_STATUS_LABELS[order.status];
  const mail = await renderMail(order.country, {
    preheader: statusNews(order),
    heading: `Заказ ${order.number}: ${label.toLowerCase()}`,
    paragraphs: [
      order.contact.name ? `Здравствуйте, ${order.contact.name}.` : 'Здравствуйте.',
      statusNews(order),
      ...(comment ? [`Комментарий менеджера: ${comment}`] : []),
    ],
    action: { label: 'Открыть заказ', url: absoluteUrl(paths.order(order.country, order.number)) },
    footnote: `Вы получили это письмо, потому что оформили заказ в ${SHOP_NAME} ${COUNTRIES[order.country].inName}.`,
  });
  await sendMail({
    kind: `order_status_${order.status}`,
    to: accountEmail,
    subject: `Заказ ${order.number} — ${label} — ${SHOP_NAME}`,
    ...mail,
  });
}

/** Where the clinic's owner approves or declines its orders. */
const clinicOrdersUrl = (order: Order) => absoluteUrl(paths.clinic(order.country, order.clinicId ?? undefined));

/**
 * A clinic's order that waits for its owner's approval: the member who placed it hears it was sent for
 * approval (within the mailbox's quota), and each owner gets what was ordered and where to approve it.
 * Staff hear nothing until it is approved.
 */
export function approvalRequestMails(
  order: Order,
  placerEmail: string | null,
  owners: readonly string[],
  contacts: MailContacts,
): MailBatch {
  const total = orderMoney(order, order.total);
  const placer = placerEmail
    ? layoutMail(
        {
          preheader: `Заказ ${order.number} на ${total} ждёт согласования владельцем клиники.`,
          heading: `Заказ ${order.number} отправлен на согласование`,
          paragraphs: [
            order.contact.name ? `Здравствуйте, ${order.contact.name}.` : 'Здравствуйте.',
            `Заказ ${order.number} на ${total} отправлен владельцу клиники на согласование. Товары зарезервированы за вами; ` +
              'как только владелец согласует заказ, он уйдёт в магазин, и мы пришлём письмо.',
            ...orderSummary(order),
          ],
          action: { label: 'Открыть заказ', url: absoluteUrl(paths.order(order.country, order.number)) },
          footnote: `Вы получили это письмо, потому что оформили заказ клиники в ${SHOP_NAME}.`,
        },
        contacts,
      )
    : null;
  const owner = layoutMail(
    {
      preheader: `Заказ ${order.number} на ${total} ждёт вашего согласования.`,
      heading: `Заказ ${order.number} ждёт согласования`,
      paragraphs: [
        'Здравствуйте.',
        `${order.contact.name || 'Сотрудник клиники'} оформил заказ ${order.number} на ${total}. ` +
          'Он уйдёт в магазин, когда вы его согласуете; если он не нужен, отклоните его — товары вернутся в продажу.',
        ...orderSummary(order),
        ...(order.comment ? [`Комментарий: ${order.comment}`] : []),
      ],
      action: { label: 'Согласовать или отклонить', url: clinicOrdersUrl(order) },
      footnote: `Вы получили это письмо, потому что вы владелец клиники в ${SHOP_NAME}.`,
    },
    contacts,
  );
  const mails: OutgoingMail[] = owners.map((to) => ({
    kind: 'order_approval_request',
    to,
    subject: `Согласуйте заказ ${order.number} (${total}) — ${SHOP_NAME}`,
    ...owner,
  }));
  return {
    mails,
    ...(placer && placerEmail
      ? {
          withinQuota: {
            email: placerEmail,
            mails: [
              {
                kind: 'order_awaiting_approval',
                to: placerEmail,
                subject: `Заказ ${order.number} на согласовании — ${SHOP_NAME}`,
                ...placer,
              },
            ],
          },
        }
      : {}),
  };
}

/** The member whose order the clinic's owner declined hears it, with the owner's comment. */
export async function sendOrderDeclinedMail(order: Order, placerEmail: string | null, comment: string): Promise<void> {
  if (!placerEmail) return;
  const content = await renderMail(order.country, {
    preheader: `Владелец клиники отклонил заказ ${order.number}.`,
    heading: `Заказ ${order.number} не согласован`,
    paragraphs: [
      order.contact.name ? `Здравствуйте, ${order.contact.name}.` : 'Здравствуйте.',
      `Владелец клиники отклонил заказ ${order.number} на ${orderMoney(order, order.total)}; товары вернулись в продажу.`,
      ...(comment ? [`Комментарий владельца: ${comment}`] : []),
    ],
    action: { label: 'Заказы клиники', url: clinicOrdersUrl(order) },
    footnote: `Вы получили это письмо, потому что оформили заказ клиники в ${SHOP_NAME}.`,
  });
  await sendMail({
    kind: 'order_declined',
    to: placerEmail,
    subject: `Заказ ${order.number} не согласован — ${SHOP_NAME}`,
    ...content,
  });
}
