import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../src/server/mail/index.ts';
import { cancelUnconfirmedOrders, changeOrderStatus, ORDER_LIMITS } from '../../src/server/orders/index.ts';
import { activeUser, login, mailsTo, registration, signedIn, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { giveCompletedOrder, orderBody, returningCustomer, stockedProduct, stockOf } from '../helpers/orders.ts';

const create = (token: string, json: unknown, ip = uniqueIp()) =>
  api('/orders/order_create/', { method: 'POST', json, token, ip });

const cancel = (token: string, number: string) =>
  api(`/orders/order_list/${number}/cancel/`, { method: 'POST', token });

const idOf = async (number: string) =>
  (await dbRows<{ id: number }>(sql`select id from orders where number = ${number}`))[0]!.id;

describe('what one account may hold in orders waiting for confirmation', () => {
  it('refuses more than 100 units of a product across its new orders, on the line; a confirmed order no longer counts', async () => {
    const a = await stockedProduct(500);
    const b = await stockedProduct(500);
    const { tokens } = await signedIn();
    const first = await create(tokens.access, orderBody([{ product: a.id, quantity: 60 }]));
    expect(first.status).toBe(201);
    const over = await create(
      tokens.access,
      orderBody([
        { product: b.id, quantity: 1 },
        { product: a.id, quantity: 41 },
      ]),
    );
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      items: [{}, { quantity: [expect.stringContaining('уже 60 шт.')] }],
    });
    expect(over.body.items[1].quantity[0]).toContain(`Не больше ${ORDER_LIMITS.unitsPerProduct} шт.`);
    expect(await stockOf(a.id)).toBe(440);
    expect((await create(tokens.access, orderBody([{ product: a.id, quantity: 40 }]))).status).toBe(201);

    // The manager confirmed the first order: its 60 units are no longer waiting.
    await changeOrderStatus(await idOf(first.body.number), 'confirmed');
    expect((await create(tokens.access, orderBody([{ product: a.id, quantity: 60 }]))).status).toBe(201);
    // Another account holds its own 100.
    const other = await signedIn();
    expect((await create(other.tokens.access, orderBody([{ product: a.id, quantity: 100 }]))).status).toBe(201);
  });

  it('refuses a sixth order waiting for confirmation, and takes it once one is cancelled', async () => {
    const a = await stockedProduct(50);
    const { tokens } = await signedIn();
    const numbers: string[] = [];
    for (let i = 0; i < ORDER_LIMITS.openOrders; i++) {
      const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
      expect(placed.status).toBe(201);
      numbers.push(placed.body.number);
    }
    const refused = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [expect.stringContaining('5 заказов ждут подтверждения')] });
    expect(await stockOf(a.id)).toBe(45);
    expect((await cancel(tokens.access, numbers[0]!)).status).toBe(200);
    expect((await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]))).status).toBe(201);
  });

  it('refuses new orders worth more than the country allows together, in its currency', async () => {
    const [expensive] = await dbRows<{ id: number; price: string }>(
      sql`select p.id, o.price::text as price from products p join product_offers o on o.product_id = p.id
          where o.country = 'kz' and p.is_active order by o.price desc limit 1`,
    );
    await dbRows(
      sql`update product_offers set quantity = 1000, price = 60000 where product_id = ${expensive!.id} and country = 'kz'`,
    );
    const { tokens } = await signedIn();
    const body = (quantity: number) =>
      orderBody([{ product: expensive!.id, quantity }], {
        country: 'kz',
        delivery: { method: 'courier', city: 'Алматы', address: 'ул. Абая, 1' },
      });
    // 5 000 000 ₸ at 60 000 ₸ a unit: 83 units fit, 84 do not.
    expect((await create(tokens.access, body(80))).status).toBe(201);
    const over = await create(tokens.access, body(4));
    expect(over.status).toBe(400);
    expect(over.body.non_field_errors[0]).toMatch(/больше 5\s000\s000\s₸ \(сейчас 4\s800\s000\s₸\)/);
    expect((await create(tokens.access, body(3))).status).toBe(201);
  });

  it('lets one account place 10 orders an hour and one address 30, then answers 429 with Retry-After', async () => {
    const a = await stockedProduct(500);
    const { tokens } = await signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < ORDER_LIMITS.createPerAccount.max + 1; i++) {
      // Refused orders count too: over the open-orders limit from the sixth on.
      const answer = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(answer.body.detail).toBeTruthy();
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 400, 400, 400, 400, 400, 429]);

    // Four accounts behind one address, each under its own limit (refused orders count here too).
    const ip = uniqueIp();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signedIn()));
    const fromOneAddress: number[] = [];
    for (let i = 0; i < ORDER_LIMITS.createPerIp.max + 1; i++)
      fromOneAddress.push(
        (await create(buyers[i % 4]!.tokens.access, orderBody([{ product: a.id, quantity: 1 }]), ip)).status,
      );
    expect(fromOneAddress.slice(0, -1).every((s) => s === 201 || s === 400)).toBe(true);
    expect(fromOneAddress.at(-1)).toBe(429);
  });
});

describe('what a new customer may hold of a product’s stock', () => {
  // Issue 34, item 3: an account registered a second earlier took all 71 units of a product.
  const checkoutAccount = async () => {
    const email = uniqueEmail('fresh');
    const input = registration({ email, confirm_later: true });
    expect((await api('/accounts/auth/users/', { method: 'POST', json: input, ip: uniqueIp() })).status).toBe(201);
    return { email, ...(await login(email, input.password)) };
  };

  it('refuses an account opened a second ago more than half of what is left, says what it may order now, and never the last unit', async () => {
    const a = await stockedProduct(71);
    const fresh = await checkoutAccount();
    const all = await create(fresh.access, orderBody([{ product: a.id, quantity: 71 }]));
    expect(all.status).toBe(400);
    expect(all.body).toEqual({
      items: [{ quantity: [expect.stringMatching(/^Сейчас можно заказать не больше 35 шт\.: /)] }],
    });
    expect(await stockOf(a.id)).toBe(71);
    expect((await create(fresh.access, orderBody([{ product: a.id, quantity: 35 }]))).status).toBe(201);
    // What it holds counts: half of the 71 there would be without its order, so nothing more.
    const more = await create(fresh.access, orderBody([{ product: a.id, quantity: 1 }]));
    expect(more.body.items[0].quantity[0]).toMatch(/^Сейчас этот товар можно заказать только через менеджера: /);
    expect(more.body.items[0].quantity[0]).toContain('уже 35 шт.');
    // Another new account gets half of the 36 left; the last unit is never a new customer's.
    const second = await checkoutAccount();
    expect(
      (await create(second.access, orderBody([{ product: a.id, quantity: 19 }]))).body.items[0].quantity[0],
    ).toMatch(/^Сейчас можно заказать не больше 18 шт\./);
    const last = await stockedProduct(1);
    const refused = await create(second.access, orderBody([{ product: last.id, quantity: 1 }]));
    expect(refused.status).toBe(400);
    expect(refused.body.items[0].quantity[0]).toMatch(/^Сейчас этот товар можно заказать только через менеджера/);
    expect(await stockOf(last.id)).toBe(1);
  });

  it('lifts the share for a confirmed address with a completed order, and for neither alone; the other limits stay', async () => {
    const a = await stockedProduct(100);
    const confirmedOnly = await signedIn();
    const half = await create(confirmedOnly.tokens.access, orderBody([{ product: a.id, quantity: 51 }]));
    expect(half.body.items[0].quantity[0]).toMatch(/^Сейчас можно заказать не больше 50 шт\./);
    const pending = await checkoutAccount();
    const [{ id }] = await dbRows<{ id: number }>(sql`select id from users where email = ${pending.email}`);
    await giveCompletedOrder(id!);
    const stock = await stockedProduct(10);
    expect((await create(pending.access, orderBody([{ product: stock.id, quantity: 6 }]))).status).toBe(400);
    const returning = await returningCustomer();
    expect((await create(returning.tokens.access, orderBody([{ product: stock.id, quantity: 10 }]))).status).toBe(201);
    expect(await stockOf(stock.id)).toBe(0);
    // 100 units of a product stay the limit for everyone.
    const plenty = await stockedProduct(300);
    const over = await create(returning.tokens.access, orderBody([{ product: plenty.id, quantity: 101 }]));
    expect(over.body.items[0].quantity[0]).toContain(`Не больше ${ORDER_LIMITS.unitsPerProduct} шт.`);
  });
});

describe('POST /orders/order_list/{number}/cancel/', () => {
  it("cancels the account's own new order, gives the stock back, tells the shop and wakes back-in-stock alerts", async () => {
    const a = await stockedProduct(2);
    const { tokens } = await returningCustomer();
    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 2 }]));
    expect(await stockOf(a.id)).toBe(0);
    // An account's confirmed address needs no confirmation for its alert (issue 34).
    const { email: waiting } = await activeUser();
    expect(
      (
        await api('/notifications/back_in_stock/?country=kg', {
          method: 'POST',
          json: { product: a.id, email: waiting },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(201);

    const stranger = await signedIn();
    expect((await cancel(stranger.tokens.access, placed.body.number)).status).toBe(404);
    expect((await api(`/orders/order_list/${placed.body.number}/cancel/`, { method: 'POST' })).status).toBe(401);

    const cancelled = await cancel(tokens.access, placed.body.number);
    expect(cancelled.status).toBe(200);
    expect(cancelled.headers.get('cache-control')).toContain('no-store');
    expect(cancelled.body).toMatchObject({ number: placed.body.number, status: 'cancelled' });
    expect(await stockOf(a.id)).toBe(2);
    const staff = await mailsTo('staff@localhost');
    expect(
      staff.find((m) => m.kind === 'order_cancelled_staff' && m.subject.includes(placed.body.number)),
    ).toBeTruthy();
    await expect
      .poll(async () => (await listOutbox({ to: waiting })).map((m) => m.kind), { timeout: 5000 })
      .toContain('back_in_stock');

    const again = await cancel(tokens.access, placed.body.number);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Заказ уже отменён.' });
    expect(await stockOf(a.id)).toBe(2);
  });

  it('refuses a confirmed order: the manager cancels those', async () => {
    const a = await stockedProduct(3);
    const { tokens } = await signedIn();
    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
    await changeOrderStatus(await idOf(placed.body.number), 'confirmed');
    const refused = await cancel(tokens.access, placed.body.number);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('«Подтверждён»');
    expect(await stockOf(a.id)).toBe(2);
    expect((await cancel(tokens.access, 'not-a-number')).status).toBe(404);
  });
});

describe('orders nobody confirms in time', () => {
  it(`are cancelled after ${ORDER_LIMITS.unconfirmedHours} hours, with their stock back and the customer told; others stay`, async () => {
    const a = await stockedProduct(10);
    const { tokens, email } = await returningCustomer();
    const old = (await create(tokens.access, orderBody([{ product: a.id, quantity: 3 }]))).body.number;
    const oldConfirmed = (await create(tokens.access, orderBody([{ product: a.id, quantity: 2 }]))).body.number;
    const recent = (await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]))).body.number;
    await changeOrderStatus(await idOf(oldConfirmed), 'confirmed');
    const hoursAgo = ORDER_LIMITS.unconfirmedHours + 1;
    await dbRows(
      sql`update orders set created_at = now() - make_interval(hours => ${hoursAgo})
          where number in (${old}, ${oldConfirmed})`,
    );
    expect(await stockOf(a.id)).toBe(4);

    const [first, second] = await Promise.all([cancelUnconfirmedOrders(), cancelUnconfirmedOrders()]);
    expect([...first!, ...second!]).toEqual([old]);
    const statuses = await dbRows<{ number: string; status: string }>(
      sql`select number, status from orders where number in (${old}, ${oldConfirmed}, ${recent}) order by number`,
    );
    expect(Object.fromEntries(statuses.map((r) => [r.number, r.status]))).toEqual({
      [old]: 'cancelled',
      [oldConfirmed]: 'confirmed',
      [recent]: 'new',
    });
    expect(await stockOf(a.id)).toBe(7);
    const told = (await mailsTo(email)).filter((m) => m.kind === 'order_cancelled');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain(old);
    expect(await cancelUnconfirmedOrders()).toEqual([]);
  });
});

describe('order mails', () => {
  it("confirm to the account's own address, never to the contact email typed into the order", async () => {
    const a = await stockedProduct(3);
    const { tokens, email } = await signedIn();
    const typed = uniqueEmail('someone-else');
    const placed = await create(
      tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], {
        contact: { name: 'Ваш аккаунт будет удалён', phone: '+996 555 123 456', email: typed },
      }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body.contact.email).toBe(typed);
    expect(await mailsTo(typed)).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.kind)).toContain('order_placed');
    const staff = await mailsTo('staff@localhost');
    expect(staff.find((m) => m.subject.includes(placed.body.number))?.text).toContain(typed);
  });

  it('count against the mailbox quota the forms share: a mailbox flooded by forms gets no confirmation', async () => {
    const a = await stockedProduct(3);
    const { tokens, email } = await signedIn();
    for (let i = 0; i < 5; i++) {
      const sent = await api('/services/supports/', {
        method: 'POST',
        ip: uniqueIp(),
        json: {
          name: 'Кто-то',
          email,
          phone: '+996 555 000 111',
          subject: 'Вопрос',
          message: 'Письмо на чужой адрес.',
        },
      });
      expect(sent.status).toBe(201);
    }
    const placed = await create(tokens.access, orderBody([{ product: a.id, quantity: 1 }]));
    expect(placed.status).toBe(201);
    const kinds = (await mailsTo(email)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'request_support')).toHaveLength(5);
    expect(kinds).not.toContain('order_placed');
  });
});
