import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { OneC } from '../helpers/exchange.ts';
import { orderBody, returningCustomer, stockedProduct } from '../helpers/orders.ts';

const place = async (token: string, items: { product: number; quantity: number }[], extra = {}) => {
  const placed = await api('/orders/order_create/', {
    method: 'POST',
    json: orderBody(items, extra),
    token,
    ip: uniqueIp(),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body as { number: string; total: string };
};

const statusOf = async (number: string) =>
  (await dbRows<{ status: string }>(sql`select status from orders where number = ${number}`))[0]!.status;

/** A document 1C sends back with an order's status in its requisites. */
const statusDocument = (docs: { number: string; status?: string; cancelled?: boolean }[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T11:00:00">
${docs
  .map(
    (d) => `  <Документ>
    <Ид>${d.number}</Ид>
    <Номер>${d.number}</Номер>
    <Дата>2026-11-27</Дата>
    <ХозОперация>Заказ товара</ХозОперация>
    <ЗначенияРеквизитов>
      <ЗначениеРеквизита><Наименование>Проведен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
      ${d.status ? `<ЗначениеРеквизита><Наименование>Статус заказа</Наименование><Значение>${d.status}</Значение></ЗначениеРеквизита>` : ''}
      <ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>${d.cancelled ? 'true' : 'false'}</Значение></ЗначениеРеквизита>
    </ЗначенияРеквизитов>
  </Документ>`,
  )
  .join('\n')}
</КоммерческаяИнформация>
`);

describe('the exchange with 1C: orders', () => {
  it('query hands out the orders not taken as CommerceML documents; success marks them taken; the next query leaves them out', async () => {
    const product = await stockedProduct(20);
    const customer = await returningCustomer();
    const clinic = await place(customer.tokens.access, [{ product: product.id, quantity: 2 }], {
      payment: { method: 'bank_transfer', organisation: 'ОсОО «Дент-Мастер»', tax_number: '01234567891234' },
      comment: 'Позвонить за час',
    });
    const client = new OneC();
    expect(await client.checkauth('sale')).toMatch(/^success\n/);
    expect((await client.init('sale')).get('zip')).toBe('yes');
    const document = await client.call({ type: 'sale', mode: 'query' });
    expect(document.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const start = document.indexOf(`<Номер>${clinic.number}</Номер>`);
    expect(start).toBeGreaterThan(0);
    const mine = document.slice(document.lastIndexOf('<Документ>', start), document.indexOf('</Документ>', start));
    expect(mine).toContain('<ХозОперация>Заказ товара</ХозОперация>');
    expect(mine).toContain('<Валюта>KGS</Валюта>');
    expect(mine).toContain(`<Сумма>${clinic.total}</Сумма>`);
    expect(mine).toContain('<ОфициальноеНаименование>ОсОО «Дент-Мастер»</ОфициальноеНаименование>');
    expect(mine).toContain('<ИНН>01234567891234</ИНН>');
    expect(mine).toContain(`<Артикул>${product.sku}</Артикул>`);
    expect(mine).toContain('<Количество>2</Количество>');
    expect(mine).toContain('<Комментарий>Позвонить за час</Комментарий>');
    expect(mine).toMatch(/<Наименование>Метод оплаты<\/Наименование><Значение>[^<]+<\/Значение>/);

    expect(await client.call({ type: 'sale', mode: 'success' })).toBe('success');
    const [taken] = await dbRows<{ exchanged_at: Date | null }>(
      sql`select exchanged_at from orders where number = ${clinic.number}`,
    );
    expect(taken!.exchanged_at).not.toBeNull();
    expect(await client.call({ type: 'sale', mode: 'query' })).not.toContain(`<Номер>${clinic.number}</Номер>`);
  });

  it('statuses 1C sends back move orders along the rules, mailing the customer; a move the rules refuse and an unknown order are left', async () => {
    const product = await stockedProduct(20);
    const customer = await signedIn();
    const a = await place(customer.tokens.access, [{ product: product.id, quantity: 1 }]);
    const b = await place(customer.tokens.access, [{ product: product.id, quantity: 1 }]);
    const client = new OneC();
    await client.checkauth('sale');
    await client.init('sale');
    const answer = await client.call(
      { type: 'sale', mode: 'file', filename: 'orders-1.xml' },
      statusDocument([
        { number: a.number, status: '[F] Отгружен' },
        { number: b.number, cancelled: true },
        { number: 'KG-999999', status: 'Подтвержден' },
      ]),
    );
    expect(answer.split('\n')[0]).toBe('success');
    expect(answer).toContain('KG-999999');
    expect(await statusOf(a.number)).toBe('shipped');
    expect(await statusOf(b.number)).toBe('cancelled');
    // New → shipped passes confirmed: both steps are in the order's history, the customer is mailed once.
    const kinds = (await mailsTo(customer.email)).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['order_status_shipped', 'order_status_cancelled']));
    expect(kinds).not.toContain('order_status_confirmed');
    const history = await dbRows<{ status: string }>(
      sql`select e.to_status as status from order_events e join orders o on o.id = e.order_id
          where o.number = ${a.number} order by e.id`,
    );
    expect(history.map((h) => h.status)).toEqual(['new', 'confirmed', 'shipped']);
    // A cancelled order cannot be shipped: left as it is.
    const again = await client.call(
      { type: 'sale', mode: 'file', filename: 'orders-2.xml' },
      statusDocument([{ number: b.number, status: 'Отгружен' }]),
    );
    expect(again).toContain(b.number);
    expect(await statusOf(b.number)).toBe('cancelled');
    const broken = await client.call(
      { type: 'sale', mode: 'file', filename: 'orders-3.xml' },
      Buffer.from('<КоммерческаяИнформация><Документ></КоммерческаяИнформация>'),
    );
    expect(broken).toMatch(/^failure\norders-3\.xml, строка \d+: файл не разобран как XML/);
  });
});
