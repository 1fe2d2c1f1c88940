/**
 * The orders' side of the exchange (`type=sale`): `query` hands 1C the orders it has not taken yet as one
 * CommerceML document (a `Документ` per order: number, date, the customer and the clinic with its ИНН/БИН,
 * lines by the product's 1C id and SKU, prices, delivery, comment, payment method), `success` marks those
 * taken, and a file 1C sends back moves orders along the shop's status rules, as staff would (the
 * customer is mailed).
 */
import { sql } from 'drizzle-orm';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS } from '../../shared/order-methods.ts';
import { escapeXml } from '../../shared/escape.ts';
import { getDb, intArray, queryRows } from '../db/client.ts';
import { isDomainError } from '../errors.ts';
import { allowedTransitions, ORDER_STATUS_LABELS, type OrderStatus } from '../orders/order-status.ts';
import { withLines } from '../orders/orders.queries.ts';
import type { OrderRow } from '../orders/orders.queries.ts';
import { changeOrderStatusAsStaff } from '../orders/staff-orders.service.ts';
import type { Order } from '../orders/orders.types.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';
import type { ExchangeSession } from './exchange-sessions.ts';
import { child, listOf, textOf, xmlElements, XmlFileError } from './xml-elements.ts';

/**
 * Which orders 1C has not taken yet are handed out: every open one (new, confirmed, shipped) however old,
 * and those already completed or cancelled from the last this many days. So the first exchange of a shop
 * that ran without 1C brings the orders still being worked on, not years of closed ones.
 */
const CLOSED_ORDERS_DAYS = 30;

/** Orders handed out in one answer at most (1C asks again after `success`). */
const ORDERS_AT_ONCE = 500;

const x = (text: string | number) => escapeXml(String(text));
const requisite = (name: string, value: string) =>
  `<ЗначениеРеквизита><Наименование>${x(name)}</Наименование><Значение>${x(value)}</Значение></ЗначениеРеквизита>`;

/** `mode=query`: the orders 1C has not taken, remembered on the session until `success`. */
export async function ordersDocument(session: ExchangeSession): Promise<string> {
  const db = await getDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from orders where exchanged_at is null and status <> 'awaiting_approval'
          and (status not in ('completed', 'cancelled')
               or created_at > now() - make_interval(days => ${CLOSED_ORDERS_DAYS}))
        order by id limit ${ORDERS_AT_ONCE}`,
  );
  const ids = rows.map((r) => Number(r.id));
  const full = ids.length
    ? await db.query.orders.findMany({
        where: (o, { inArray }) => inArray(o.id, ids),
        orderBy: (o, { asc }) => asc(o.id),
      })
    : [];
  const orders = await withLines(db, full as OrderRow[]);
  const productIds = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)).filter((id) => id !== null))];
  const external = new Map(
    (
      await queryRows<{ external_id: string; local_id: number }>(
        db,
        sql`select external_id, local_id from exchange_ids where kind = 'product' and local_id = any(${intArray(productIds as number[])}::int[])`,
      )
    ).map((r) => [Number(r.local_id), r.external_id]),
  );
  await db.execute(
    sql`update exchange_sessions set orders_sent = ${JSON.stringify(ids)}::jsonb where id = ${session.id}::uuid`,
  );
  const now = new Date().toISOString().slice(0, 19);
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="${now}">
${orders.map((order) => orderXml(order, external)).join('')}</КоммерческаяИнформация>
`;
}

function orderXml(order: Order, external: ReadonlyMap<number, string>): string {
  const created = order.createdAt.toISOString();
  const customer = order.payment.organisation || order.contact.name;
  const lines = order.lines
    .map(
      (line) => `    <Товар>
      <Ид>${x((line.productId !== null && external.get(line.productId)) || line.sku)}</Ид>
      <Артикул>${x(line.sku)}</Артикул>
      <Наименование>${x(line.productName)}</Наименование>
      <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
      <ЦенаЗаЕдиницу>${line.unitPrice}</ЦенаЗаЕдиницу>
      <Количество>${line.quantity}</Количество>
      <Сумма>${line.lineTotal}</Сумма>
      <ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Товар')}${requisite('ТипНоменклатуры', 'Товар')}</ЗначенияРеквизитов>
    </Товар>
`,
    )
    .join('');
  const delivery =
    order.delivery.price !== null && Number(order.delivery.price) > 0
      ? `    <Товар>
      <Ид>ORDER_DELIVERY</Ид>
      <Наименование>Доставка заказа</Наименование>
      <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
      <ЦенаЗаЕдиницу>${order.delivery.price}</ЦенаЗаЕдиницу>
      <Количество>1</Количество>
      <Сумма>${order.delivery.price}</Сумма>
      <ЗначенияРеквизитов>${requisite('ВидНоменклатуры', 'Услуга')}${requisite('ТипНоменклатуры', 'Услуга')}</ЗначенияРеквизитов>
    </Товар>
`
      : '';
  const address =
    order.delivery.method === 'courier'
      ? `${order.delivery.city}, ${order.delivery.address}`
      : order.delivery.pickupAddress;
  return `  <Документ>
    <Ид>${order.id}</Ид>
    <Номер>${x(order.number)}</Номер>
    <Дата>${created.slice(0, 10)}</Дата>
    <Время>${created.slice(11, 19)}</Время>
    <ХозОперация>Заказ товара</ХозОперация>
    <Роль>Продавец</Роль>
    <Валюта>${order.currency}</Валюта>
    <Курс>1</Курс>
    <Сумма>${order.total}</Сумма>
    <Контрагенты>
      <Контрагент>
        <Ид>${order.payment.taxNumber ? `inn-${x(order.payment.taxNumber)}` : `user-${order.userId}`}</Ид>
        <Наименование>${x(customer)}</Наименование>
        <Роль>Покупатель</Роль>
        <ПолноеНаименование>${x(customer)}</ПолноеНаименование>
${order.payment.organisation ? `        <ОфициальноеНаименование>${x(order.payment.organisation)}</ОфициальноеНаименование>\n` : ''}${order.payment.taxNumber ? `        <ИНН>${x(order.payment.taxNumber)}</ИНН>\n` : ''}        <Контакты>
          <Контакт><Тип>Телефон рабочий</Тип><Значение>${x(order.contact.phone)}</Значение></Контакт>
          <Контакт><Тип>Почта</Тип><Значение>${x(order.contact.email)}</Значение></Контакт>
        </Контакты>
        <Представители><Представитель><Отношение>Контактное лицо</Отношение><Наименование>${x(order.contact.name)}</Наименование></Представитель></Представители>
      </Контрагент>
    </Контрагенты>
    <Комментарий>${x(order.comment)}</Комментарий>
    <Товары>
${lines}${delivery}    </Товары>
    <ЗначенияРеквизитов>
      ${requisite('Метод оплаты', PAYMENT_METHOD_LABELS[order.payment.method])}
      ${requisite('Способ доставки', DELIVERY_METHOD_LABELS[order.delivery.method])}
      ${requisite('Адрес доставки', address)}
      ${requisite('Статус заказа', ORDER_STATUS_LABELS[order.status] ?? order.status)}
      ${requisite('Отменен', order.status === 'cancelled' ? 'true' : 'false')}
      ${requisite('Финальный статус', order.status === 'completed' || order.status === 'cancelled' ? 'true' : 'false')}
      ${requisite('Дата изменения статуса', order.updatedAt.toISOString().slice(0, 19).replace('T', ' '))}
      ${requisite('Сайт', order.country)}
    </ЗначенияРеквизитов>
  </Документ>
`;
}

/** `mode=success`: the orders of the last `query` are taken. */
export async function markOrdersTaken(session: ExchangeSession): Promise<void> {
  const db = await getDb();
  await db.execute(sql`
    update orders set exchanged_at = now()
    where id = any(${intArray(session.ordersSent)}::int[]) and exchanged_at is null`);
  await db.execute(sql`
    update exchange_sessions set orders_taken = orders_taken || orders_sent, orders_sent = '[]'::jsonb
    where id = ${session.id}::uuid`);
}

/** The shop's status a document's requisites name, or null when they name none the shop knows. */
export function statusFrom1C(requisites: ReadonlyMap<string, string>): OrderStatus | null {
  const yes = (name: string) => requisites.get(name)?.toLowerCase() === 'true';
  if (yes('отменен') || yes('отменён')) return 'cancelled';
  const status = (requisites.get('статус заказа') ?? requisites.get('статус') ?? '').toLowerCase();
  if (/отмен/.test(status)) return 'cancelled';
  if (/выполн|закрыт|доставлен|получен|завершен|завершён/.test(status)) return 'completed';
  if (/отгруж|отправлен|передан/.test(status) || requisites.get('дата отгрузки')) return 'shipped';
  if (/подтвержд|принят|согласован|к обеспечению|к отгрузке|в работе/.test(status)) return 'confirmed';
  return null;
}

/** The steps from one status to another along the rules (none when it cannot get there). */
function path(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  const queue: OrderStatus[][] = [[from]];
  const seen = new Set<OrderStatus>([from]);
  while (queue.length) {
    const route = queue.shift()!;
    const last = route.at(-1)!;
    if (last === to) return route.slice(1);
    for (const next of allowedTransitions(last))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...route, next]);
      }
  }
  return null;
}

export interface StatusOutcome {
  moved: string[];
  skipped: string[];
}

/**
 * A file of documents 1C sends back (`type=sale&mode=file`): each order it names moves to the status its
 * requisites say, step by step along the rules, as a staff member (the exchange's account) would move it.
 * @throws ExchangeRefusal-worthy text as `Error` for malformed XML (the caller answers `failure`)
 */
export async function applyStatuses(
  session: ExchangeSession,
  filename: string,
  chunks: AsyncIterable<Buffer>,
): Promise<StatusOutcome> {
  const outcome: StatusOutcome = { moved: [], skipped: [] };
  const db = await getDb();
  try {
    for await (const item of xmlElements(chunks, ['Документ'])) {
      const number = textOf(item.node, 'Номер');
      const requisites = new Map(
        listOf(item.node, 'ЗначенияРеквизитов', 'ЗначениеРеквизита').map((r) => [
          textOf(r, 'Наименование').toLowerCase(),
          textOf(r, 'Значение'),
        ]),
      );
      if (child(item.node, 'Отменен')) requisites.set('отменен', textOf(item.node, 'Отменен'));
      const to = statusFrom1C(requisites);
      const [order] = await queryRows<{ number: string; status: OrderStatus }>(
        db,
        sql`select number, status from orders where number = ${number.toUpperCase()}`,
      );
      if (!order || !to) {
        outcome.skipped.push(number);
        continue;
      }
      const steps = order.status === to ? [] : path(order.status, to);
      if (!steps) {
        outcome.skipped.push(number);
        continue;
      }
      try {
        // Every step goes into the order's history; the customer is mailed once, the status it reached.
        for (const [index, step] of steps.entries())
          await changeOrderStatusAsStaff(session.userId ?? 0, order.number, step, 'Статус из 1С', {
            mail: index === steps.length - 1,
          });
        if (steps.length) outcome.moved.push(order.number);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        outcome.skipped.push(number);
      }
    }
  } catch (error) {
    if (error instanceof XmlFileError) throw new Error(EXCHANGE_TEXT.notXml(filename, error.line, error.message));
    throw error;
  }
  return outcome;
}
