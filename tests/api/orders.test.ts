import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDbHandle } from '../../src/server/db/client.ts';
import { changeOrderStatus } from '../../src/server/orders/index.ts';
import { activeUser, login, mailsTo, signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows, listAll } from '../helpers/api.ts';
import { orderBody, returningCustomer, setStock, stockedProduct, stockOf } from '../helpers/orders.ts';
import { startSecondProcess } from '../helpers/second-process.ts';

// Each order from an address of its own: these tests place more orders than one address may in an hour.
const create = (token: string | undefined, json: unknown, key?: string) =>
  api('/orders/order_create/', {
    method: 'POST',
    json,
    token,
    ip: uniqueIp(),
    headers: key ? { 'Idempotency-Key': key } : {},
  });

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('POST /orders/order_create/', () => {
  it('answers 401 without a token, and so do the lists', async () => {
    expect((await create(undefined, orderBody([{ product: 1, quantity: 1 }]))).status).toBe(401);
    expect((await api('/orders/order_list/')).status).toBe(401);
    expect((await api('/orders/order_list/KG-000001/')).status).toBe(401);
  });

  it('prices every line from the database, ignores prices and totals in the body, takes the stock and mails both sides', async () => {
    const a = await stockedProduct(5);
    const b = await stockedProduct(5);
    const { tokens, email } = await signedIn();
    const tampered = orderBody(
      [{ product: a.id, quantity: 2, price: '0.01', total: '0.02' } as never, { product: b.id, quantity: 1 }],
      { total: '1.00', currency: 'USD' },
    );
    const { status, body, headers } = await create(tokens.access, tampered);
    expect(status).toBe(201);
    expect(body.number).toMatch(/^KG-\d{6}$/);
    expect(headers.get('location')).toBe(`/api/v1/orders/order_list/${body.number}/`);
    expect(body).toMatchObject({
      status: 'new',
      status_label: 'Новый',
      country: 'kg',
      currency: 'KGS',
      items_count: 3,
    });
    expect(body.lines).toEqual([
      {
        product: a.id,
        product_slug: a.slug,
        name: a.name,
        sku: a.sku,
        price: a.price,
        list_price: null,
        quantity: 2,
        total: ((cents(a.price) * 2) / 100).toFixed(2),
      },
      {
        product: b.id,
        product_slug: b.slug,
        name: b.name,
        sku: b.sku,
        price: b.price,
        list_price: null,
        quantity: 1,
        total: b.price,
      },
    ]);
    expect(cents(body.goods_total)).toBe(cents(a.price) * 2 + cents(b.price));
    // Delivery in Bishkek: 250 сом below 10 000 сом, free from it (shared/delivery.ts).
    const delivery = cents(body.goods_total) >= 1_000_000 ? 0 : 25_000;
    expect(cents(body.delivery.price)).toBe(delivery);
    expect(cents(body.total)).toBe(cents(body.goods_total) + delivery);
    expect(body.contact).toEqual({ name: 'Айгуль Садыкова', phone: '+996555123456', email });
    expect(body.delivery).toMatchObject({ method: 'courier', city: 'Бишкек', address: 'ул. Киевская, 95, кабинет 3' });
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBe(4);

    const mails = await mailsTo(email);
    expect(mails.find((m) => m.kind === 'order_placed')?.text).toContain(body.number);
    // Phones in mails read as people write them (issue 23, item 52).
    expect(mails.find((m) => m.kind === 'order_placed')?.text).toContain('+996 555 12-34-56');
    const staff = await mailsTo('staff@localhost');
    expect(staff.find((m) => m.kind === 'order_staff' && m.subject.includes(body.number))).toBeTruthy();
  });

  it('keeps the lines as they were: a later price change does not rewrite the order', async () => {
    const a = await stockedProduct(3);
    const { tokens } = await signedIn();
    const placed = (await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]))).body;
    await dbRows(sql`update product_offers set price = price + 100 where product_id = ${a.id} and country = 'kg'`);
    await dbRows(sql`update products set name = 'Переименован' where id = ${a.id}`);
    const { body } = await api(`/orders/order_list/${placed.number}/`, { token: tokens.access });
    expect(body.lines[0]).toMatchObject({ name: a.name, price: a.price });
    expect(body.total).toBe(placed.total);
  });

  it('refuses ids beyond PostgreSQL integers in the DRF shape, not with a 500', async () => {
    const a = await stockedProduct(3);
    const { tokens } = await signedIn();
    const { status, body } = await create(
      tokens.access,
      orderBody([
        { product: a.id, quantity: 1 },
        { product: 2_147_483_648, quantity: 1 },
      ]),
    );
    expect(status).toBe(400);
    expect(body.items[1].product).toEqual([expect.any(String)]);
    const pickup = await create(
      tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { delivery: { method: 'pickup', pickup_point: 2 ** 40 } }),
    );
    expect(pickup.status).toBe(400);
  });

  it('refuses the whole order with an error on the line that asks for more than the stock', async () => {
    const a = await stockedProduct(5);
    const b = await stockedProduct(3);
    const { tokens } = await signedIn();
    const { status, body } = await create(
      tokens.access,
      orderBody([
        { product: a.id, quantity: 1 },
        { product: b.id, quantity: 4 },
      ]),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ items: [{}, { quantity: ['Доступно только 3 шт.'] }] });
    expect(await stockOf(a.id)).toBe(5);
    expect(await stockOf(b.id)).toBe(3);
    await setStock(b.id, 0);
    expect((await create(tokens.access, orderBody([{ product: b.id, quantity: 1 }]))).body).toEqual({
      items: [{ quantity: ['Товара нет в наличии.'] }],
    });
  });

  it('puts unknown, inactive and unsold products and duplicate lines on their lines', async () => {
    const a = await stockedProduct(5);
    const inactive = await stockedProduct(5);
    await dbRows(sql`update products set is_active = false where id = ${inactive.id}`);
    const [notInKz] = await dbRows<{ id: number }>(
      sql`select p.id from products p where p.is_active and not exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kz') limit 1`,
    );
    const { tokens } = await signedIn();
    const kg = await create(
      tokens.access,
      orderBody([
        { product: a.id, quantity: 1 },
        { product: 99_999_999, quantity: 1 },
        { product: inactive.id, quantity: 1 },
        { product: a.id, quantity: 2 },
      ]),
    );
    expect(kg.status).toBe(400);
    expect(kg.body.items).toEqual([
      {},
      { product: ['Такого товара нет в каталоге.'] },
      { product: ['Товар не продаётся в Кыргызстане.'] },
      { product: ['Этот товар уже есть в заказе выше: измените количество в той строке.'] },
    ]);
    if (notInKz) {
      const kz = await create(
        tokens.access,
        orderBody([{ product: notInKz.id, quantity: 1 }], {
          country: 'kz',
          delivery: { method: 'courier', city: 'Алматы', address: 'пр. Абая, 1' },
          contact: { phone: '+7 701 123 45 67' },
        }),
      );
      expect(kz.body).toEqual({ items: [{ product: ['Товар не продаётся в Казахстане.'] }] });
    }
  });

  it('answers 400, never 5xx, for an empty cart, a quantity of 0 or over 999, and a malformed body', async () => {
    const a = await stockedProduct(5);
    const { tokens } = await signedIn();
    expect((await create(tokens.access, orderBody([]))).body).toEqual({ items: ['Корзина пуста: добавьте товары.'] });
    expect((await create(tokens.access, orderBody([{ product: a.id, quantity: 1000 }]))).body).toEqual({
      items: [{ quantity: ['Не больше 999 шт. в одной строке.'] }],
    });
    expect(
      (
        await create(
          tokens.access,
          orderBody([
            { product: a.id, quantity: 1 },
            { product: a.id, quantity: 0 },
          ]),
        )
      ).body,
    ).toEqual({ items: [{}, { quantity: ['Не меньше 1 шт.'] }] });
    const malformed = await create(tokens.access, {
      country: 'us',
      items: 'all',
      delivery: { method: 'drone' },
      payment: {},
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body).sort()).toEqual(['country', 'delivery', 'items', 'payment']);
    const notJson = await api('/orders/order_create/', {
      method: 'POST',
      body: '{',
      headers: { 'Content-Type': 'application/json' },
      token: tokens.access,
    });
    expect(notJson.status).toBe(400);
    expect(await stockOf(a.id)).toBe(5);
  });

  it('checks the contact, the pickup office and the tax number of the country', async () => {
    const a = await stockedProduct(5);
    const { email, password } = await activeUser({ phone: '', firstName: '' });
    const { access } = await login(email, password);
    const noPhone = await create(access, orderBody([{ product: a.id, quantity: 1 }], { contact: {} }));
    expect(noPhone.body).toEqual({
      contact: { name: ['Укажите имя получателя.'], phone: ['Укажите телефон: он нужен для доставки.'] },
    });

    const badTax = await create(
      access,
      orderBody([{ product: a.id, quantity: 1 }], {
        payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: '123' },
      }),
    );
    expect(badTax.body).toEqual({ payment: { tax_number: ['ИНН — это 14 цифр.'] } });
    const badPickup = await create(
      access,
      orderBody([{ product: a.id, quantity: 1 }], { delivery: { method: 'pickup', pickup_point: 99_999 } }),
    );
    expect(badPickup.body).toEqual({ delivery: { pickup_point: ['Такого пункта самовывоза нет.'] } });
    const noAddress = await create(
      access,
      orderBody([{ product: a.id, quantity: 1 }], { delivery: { method: 'courier', city: 'Бишкек' } }),
    );
    expect(noAddress.body).toEqual({ delivery: { address: ['Обязательное поле.'] } });
    expect(await stockOf(a.id)).toBe(5);
  });

  it('takes pickup at the country office and a clinic paying by invoice, and saves the phone to the profile when asked', async () => {
    const a = await stockedProduct(5);
    const [office] = await dbRows<{ id: number; city: string; address: string }>(
      sql`select id, city, address from contacts where country = 'kg' order by position, id limit 1`,
    );
    const { email, password } = await activeUser({ phone: '' });
    const { access } = await login(email, password);
    const { status, body } = await create(access, {
      ...orderBody([{ product: a.id, quantity: 1 }], {
        delivery: { method: 'pickup', pickup_point: office!.id },
        payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: '01234567890123' },
        contact: { phone: '0555 12 34 56' },
      }),
      save_phone: true,
    });
    expect(status).toBe(201);
    expect(body.delivery).toMatchObject({
      method: 'pickup',
      pickup_point: office!.id,
      pickup_address: `${office!.city}, ${office!.address}`,
    });
    expect(body.payment).toEqual({
      method: 'bank_transfer',
      organisation: 'Стоматология «Улыбка»',
      tax_number: '01234567890123',
    });
    expect((await api('/accounts/auth/users/me/', { token: access })).body.phone).toBe('+996555123456');
  });
});

describe("the order's mails, stored in its transaction", () => {
  const quotaHits = async (email: string) =>
    (
      await dbRows<{ hits: number }>(
        sql`select coalesce(sum(hits), 0)::int as hits from rate_limits where key = ${`mailbox:email:${email}`}`,
      )
    )[0]!.hits;

  it('a refused order stores no mail and spends none of the mailbox quota; a placed one is dated by the database', async () => {
    const a = await stockedProduct(5);
    const { tokens, email } = await signedIn();
    const refused = await create(tokens.access, orderBody([{ product: a.id, quantity: 6 }]));
    expect(refused.status).toBe(400);
    expect(await mailsTo(email)).toEqual([]);
    expect(await quotaHits(email)).toBe(0);

    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
    expect(placed.status).toBe(201);
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['order_placed']);
    expect(await quotaHits(email)).toBe(1);
    const [row] = await dbRows<{ created_at: Date }>(
      sql`select created_at from orders where number = ${placed.body.number}`,
    );
    expect(placed.body.created_at).toBe(new Date(row!.created_at).toISOString());
  });

  it("over the customer's mailbox quota the order and the staff notice are stored, the customer's mail is not", async () => {
    const a = await stockedProduct(3);
    const { tokens, email } = await signedIn();
    // The quota used up in this hour's window and the next one's (the order may fall either side of the hour).
    const hour = 3_600_000;
    const now = Math.floor(Date.now() / hour) * hour;
    for (const start of [now, now + hour])
      await dbRows(sql`insert into rate_limits (key, window_start, hits, expires_at)
        values (${`mailbox:email:${email}`}, ${new Date(start).toISOString()}, 5, ${new Date(start + hour).toISOString()})`);
    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
    expect(placed.status).toBe(201);
    expect(await mailsTo(email)).toEqual([]);
    const staff = await mailsTo('staff@localhost');
    expect(staff.filter((m) => m.subject.includes(placed.body.number)).map((m) => m.kind)).toEqual(['order_staff']);
    expect(await quotaHits(email)).toBe(11);
  });
});

describe('the invoice of a clinic paying by bank transfer', () => {
  it('goes with the order mail as a PDF; an order paid on receipt gets none', async () => {
    const a = await stockedProduct(5);
    const { email, password } = await activeUser();
    const { access } = await login(email, password);
    const byInvoice = await create(access, {
      ...orderBody([{ product: a.id, quantity: 1 }], {
        payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: '01234567890123' },
      }),
    });
    const onReceipt = await create(access, orderBody([{ product: a.id, quantity: 1 }]));
    expect([byInvoice.status, onReceipt.status]).toEqual([201, 201]);
    const files = await dbRows<{
      subject: string;
      text: string;
      filename: string | null;
      content_type: string;
      head: string;
    }>(
      sql`select m.subject, m.text, a.filename, a.content_type, encode(substring(a.data from 1 for 5), 'escape') as head
          from mail_outbox m left join mail_attachments a on a.mail_id = m.id
          where m.to = ${email} and m.kind = 'order_placed' order by m.id`,
    );
    expect(files).toEqual([
      expect.objectContaining({
        subject: expect.stringContaining(byInvoice.body.number),
        text: expect.stringContaining('Счёт на оплату — во вложении (PDF)'),
        filename: `Счёт ${byInvoice.body.number}.pdf`,
        content_type: 'application/pdf',
        head: '%PDF-',
      }),
      expect.objectContaining({ subject: expect.stringContaining(onReceipt.body.number), filename: null }),
    ]);
  });
});

describe('Idempotency-Key', () => {
  it('answers the first order again for the same key and body, without taking stock twice', async () => {
    const a = await stockedProduct(5);
    const { tokens } = await signedIn();
    const key = crypto.randomUUID();
    const body = orderBody([{ product: a.id, quantity: 2 }]);
    const first = await create(tokens.access, body, key);
    const again = await create(tokens.access, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.number).toBe(first.body.number);
    expect(await stockOf(a.id)).toBe(3);
  });

  it('answers 409 for the same key with another body; another account, or no key, makes its own order', async () => {
    const a = await stockedProduct(10);
    const { tokens } = await signedIn();
    const key = crypto.randomUUID();
    expect((await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]), key)).status).toBe(201);
    const other = await create(tokens.access, orderBody([{ product: a.id, quantity: 2 }]), key);
    expect(other.status).toBe(409);
    expect(other.body.detail).toBeTypeOf('string');
    const someoneElse = await signedIn();
    expect((await create(someoneElse.tokens.access, orderBody([{ product: a.id, quantity: 1 }]), key)).status).toBe(
      201,
    );
    expect((await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]))).status).toBe(201);
    expect(await stockOf(a.id)).toBe(7);
  });

  it('makes one order from concurrent requests with the same key', async () => {
    const a = await stockedProduct(10);
    const { tokens } = await signedIn();
    const key = crypto.randomUUID();
    const body = orderBody([{ product: a.id, quantity: 1 }]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(tokens.access, body, key)));
    expect(new Set(answers.map((r) => r.body.number)).size).toBe(1);
    expect(await stockOf(a.id)).toBe(9);
  });

  it('refuses a key that is not a UUID', async () => {
    const { tokens } = await signedIn();
    const { status, body } = await create(tokens.access, orderBody([{ product: 1, quantity: 1 }]), 'click-1');
    expect(status).toBe(400);
    expect(body['idempotency-key']).toEqual(['Idempotency-Key должен быть UUID.']);
  });
});

describe('delivery in the total', () => {
  const priced = async (price: number, body: Record<string, unknown>, country: 'kg' | 'kz' = 'kg') => {
    const a = await stockedProduct(5, country);
    await dbRows(sql`update product_offers set price = ${price} where product_id = ${a.id} and country = ${country}`);
    const { tokens } = await signedIn();
    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }], { country, ...body }));
    expect(placed.status).toBe(201);
    return placed.body;
  };

  it('adds the courier price below the city threshold and nothing from it, in Bishkek and Almaty', async () => {
    expect(await priced(3540, {})).toMatchObject({
      goods_total: '3540.00',
      delivery: { method: 'courier', price: '250.00' },
      total: '3790.00',
    });
    expect(
      await priced(10000, { delivery: { method: 'courier', city: 'г. Бишкек', address: 'ул. Киевская, 95' } }),
    ).toMatchObject({
      delivery: { price: '0.00' },
      total: '10000.00',
    });
    expect(
      await priced(20000, { delivery: { method: 'courier', city: 'Алматы', address: 'пр. Абая, 1' } }, 'kz'),
    ).toMatchObject({ delivery: { price: '1500.00' }, total: '21500.00' });
  });

  it('charges nothing for pickup, and leaves a carrier’s tariff out of the total for other cities', async () => {
    const [office] = await listAll('/core/contacts/?country=kg');
    expect(await priced(3540, { delivery: { method: 'pickup', pickup_point: office.id } })).toMatchObject({
      delivery: { method: 'pickup', price: '0.00' },
      total: '3540.00',
    });
    const carrier = await priced(3540, { delivery: { method: 'courier', city: 'Каракол', address: 'ул. Ленина, 1' } });
    expect(carrier).toMatchObject({ delivery: { price: null }, goods_total: '3540.00', total: '3540.00' });
    const { tokens, email } = await signedIn();
    const a = await stockedProduct(5);
    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
    const mail = (await mailsTo(email)).find((m) => m.kind === 'order_placed')!;
    expect(mail.text).toMatch(/Доставка: (250\s*сом|бесплатно)/);
    expect(mail.text).toContain(`Итого: `);
    expect(placed.body.total).not.toBe(undefined);
  });
});

describe('the last unit', () => {
  it('fifty concurrent orders for the last unit make exactly one order; the stock ends at 0', async () => {
    const a = await stockedProduct(1);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => returningCustomer()));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        create(buyers[i % 5]!.tokens.access, orderBody([{ product: a.id, quantity: 1 }])),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.body).toEqual({ items: [{ quantity: ['Товара нет в наличии.'] }] });
    expect(await stockOf(a.id)).toBe(0);
  });
});

describe('stock shown after an order', () => {
  it('shows the count an order left at once, not the memoised one, and keeps other products memoised', async () => {
    const ordered = await stockedProduct(4);
    const familyOf = async (id: number) =>
      (await dbRows<{ family: string | null }>(sql`select family from products where id = ${id}`))[0]!.family;
    // A product of another family: a product page also shows its family's members.
    let other = await stockedProduct(7);
    while ((await familyOf(other.id)) !== null && (await familyOf(other.id)) === (await familyOf(ordered.id)))
      other = await stockedProduct(7);
    const read = async (slug: string) => (await api(`/products/products/${slug}/?country=kg`)).body.quantity;
    const listed = async () =>
      (await api(`/products/products/?country=kg&ids=${ordered.id}`)).body.results[0].quantity as number;
    expect([await read(ordered.slug), await listed(), await read(other.slug)]).toEqual([4, 4, 7]);
    // Changed outside the shop: a product the order does not name stays memoised.
    await setStock(other.id, 6);
    const { tokens } = await signedIn();
    expect((await create(tokens.access, orderBody([{ product: ordered.id, quantity: 2 }]))).status).toBe(201);
    expect([await read(ordered.slug), await listed(), await read(other.slug)]).toEqual([2, 2, 7]);
  });
});

describe('GET /orders/order_list/', () => {
  it("lists only the account's own orders, newest first, by status, in DRF pages, never cached publicly", async () => {
    const a = await stockedProduct(50);
    const mine = await signedIn();
    const theirs = await signedIn();
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++)
      numbers.push((await create(mine.tokens.access, orderBody([{ product: a.id, quantity: 1 }]))).body.number);
    const foreign = (await create(theirs.tokens.access, orderBody([{ product: a.id, quantity: 1 }]))).body.number;

    const page = await api('/orders/order_list/?limit=2', { token: mine.tokens.access });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.body.count).toBe(3);
    expect(page.body.results.map((o: { number: string }) => o.number)).toEqual([numbers[2], numbers[1]]);
    expect(page.body.next).toContain('offset=2');

    const [first] = await dbRows<{ id: number }>(sql`select id from orders where number = ${numbers[0]!}`);
    await changeOrderStatus(first!.id, 'cancelled');
    const cancelled = await api('/orders/order_list/?status=cancelled', { token: mine.tokens.access });
    expect(cancelled.body.results.map((o: { number: string }) => o.number)).toEqual([numbers[0]]);
    expect((await api('/orders/order_list/?status=lost', { token: mine.tokens.access })).status).toBe(400);

    expect((await api(`/orders/order_list/${foreign}/`, { token: mine.tokens.access })).status).toBe(404);
    const own = await api(`/orders/order_list/${numbers[1]!.toLowerCase()}/`, { token: mine.tokens.access });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect((await api('/orders/order_list/nonsense/', { token: mine.tokens.access })).status).toBe(404);
  });
});

describe('statuses', () => {
  it('cancelling gives the stock back; a finished order cannot move back', async () => {
    const a = await stockedProduct(4);
    const { tokens } = await returningCustomer();
    const { body } = await create(tokens.access, orderBody([{ product: a.id, quantity: 3 }]));
    expect(await stockOf(a.id)).toBe(1);
    const [{ id }] = (await dbRows<{ id: number }>(sql`select id from orders where number = ${body.number}`)) as [
      { id: number },
    ];
    await changeOrderStatus(id, 'confirmed');
    const shown = async () => (await api(`/products/products/${a.slug}/?country=kg`)).body.quantity;
    expect(await shown()).toBe(1);
    expect((await changeOrderStatus(id, 'cancelled')).status).toBe('cancelled');
    expect(await stockOf(a.id)).toBe(4);
    // Shown at once, though the product never ran out.
    expect(await shown()).toBe(4);
    await expect(changeOrderStatus(id, 'new')).rejects.toMatchObject({
      fields: { status: [expect.stringContaining('«Отменён»')] },
    });
    await expect(changeOrderStatus(id, 'cancelled')).rejects.toMatchObject({ kind: 'validation' });
    expect(await stockOf(a.id)).toBe(4);
  });
});

describe('deleting the account', () => {
  it('keeps its orders but erases their personal data', async () => {
    const a = await stockedProduct(5);
    const { tokens, password } = await signedIn();
    const { body } = await create(
      tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { comment: 'Позвонить после 14:00' }),
    );
    expect(
      (
        await api('/accounts/auth/users/me/', {
          method: 'DELETE',
          token: tokens.access,
          json: { current_password: password },
        })
      ).status,
    ).toBe(204);
    const [row] = await dbRows<Record<string, unknown>>(sql`select * from orders where number = ${body.number}`);
    expect(row).toMatchObject({
      contact_name: '',
      contact_phone: '',
      contact_email: '',
      delivery_address: '',
      delivery_city: '',
      comment: '',
      total: body.total,
      status: 'new',
    });
    expect(row!.personal_data_erased_at).not.toBeNull();
    expect(
      await dbRows(sql`select 1 from order_lines l join orders o on o.id = l.order_id where o.number = ${body.number}`),
    ).toHaveLength(1);
  });
});

// Two shop processes share one database only on a PostgreSQL server.
const handle = await getDbHandle();
describe.skipIf(handle.kind !== 'postgres')('the last unit, two shop processes (PostgreSQL)', () => {
  let second: ReturnType<typeof startSecondProcess> | undefined;
  afterAll(() => second?.stop());

  it('fifty orders for the last unit split between two processes make exactly one order', async () => {
    second = startSecondProcess(handle.url!);
    const port = await second.port;
    const a = await stockedProduct(1);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => returningCustomer()));
    const viaOther = async (token: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/orders/order_create/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(orderBody([{ product: a.id, quantity: 1 }])),
      });
      return { status: response.status, body: await response.json() };
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const token = buyers[i % 5]!.tokens.access;
        return i % 2 ? viaOther(token) : create(token, orderBody([{ product: a.id, quantity: 1 }]));
      }),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(49);
    expect(await stockOf(a.id)).toBe(0);
  }, 60_000);
});
