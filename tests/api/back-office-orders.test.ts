import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, signedIn, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, apiPath, dbRows } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { orderBody, returningCustomer, stockedProduct, stockOf } from '../helpers/orders.ts';

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

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A clinic paying by invoice, with a note for the courier. */
const BANK_TRANSFER = {
  payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: '01234567890123' },
  comment: 'Привезти после 14:00, спросить Динару',
};

const move = async (number: string, status: string, comment?: string) =>
  api(`/staff/orders/${number}/status/`, {
    method: 'POST',
    token: await staffAccess(),
    json: { status, ...(comment === undefined ? {} : { comment }) },
  });

describe('the back office: orders', () => {
  it('keeps every route to staff: 401 without a token, 403 for a customer', async () => {
    const customer = await signedIn();
    for (const path of ['/staff/orders/', '/staff/orders/KG-000001/', '/staff/dashboard/']) {
      expect((await api(path)).status, path).toBe(401);
      expect((await api(path, { token: customer.tokens.access })).status, path).toBe(403);
    }
    const post = { method: 'POST', json: { status: 'confirmed' } };
    expect((await api('/staff/orders/KG-000001/status/', post)).status).toBe(401);
    expect((await api('/staff/orders/KG-000001/status/', { ...post, token: customer.tokens.access })).status).toBe(403);
  });

  it("lists every account's orders with filters, search by number, email, name or phone, and ordering", async () => {
    const a = await stockedProduct(50);
    const token = await staffAccess();
    const first = await signedIn({ email: uniqueEmail('clinic-smile') });
    const second = await signedIn();
    const one = await place(first.tokens.access, [{ product: a.id, quantity: 1 }], {
      contact: { name: 'Бакыт Осмонов', phone: '+996 700 987 654' },
    });
    const two = await place(second.tokens.access, [{ product: a.id, quantity: 3 }]);

    const page = await api('/staff/orders/?limit=1', { token });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(page.body.results).toHaveLength(1);
    expect(page.body.results[0]).toMatchObject({
      number: two.number,
      account_email: second.email,
      account_email_confirmed: true,
    });
    expect(page.body.results[0].allowed_statuses).toEqual(['confirmed', 'cancelled']);
    const next = await api(apiPath(page.body.next), { token });
    expect(next.body.results[0].number).toBe(one.number);

    const found = async (query: string) =>
      (await api(`/staff/orders/?${query}`, { token })).body.results.map((o: { number: string }) => o.number);
    expect(await found(`search=${one.number.toLowerCase()}`)).toEqual([one.number]);
    expect(await found('search=clinic-smile')).toEqual([one.number]);
    expect(await found(`search=${encodeURIComponent('осмонов')}`)).toEqual([one.number]);
    expect(await found(`search=${encodeURIComponent('700 98-76')}`)).toEqual([one.number]);
    expect(await found('search=%25')).not.toContain(one.number);
    expect(await found('status=new&country=kg&ordering=total&limit=100')).toEqual(
      expect.arrayContaining([one.number, two.number]),
    );
    expect(await found('country=kz&search=' + one.number)).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await found(`created_after=${tomorrow}`)).toEqual([]);
    expect(await found(`created_before=${tomorrow}&search=${two.number}`)).toEqual([two.number]);

    for (const bad of ['status=lost', 'ordering=email', 'created_after=yesterday', 'country=ru', 'limit=0']) {
      const refused = await api(`/staff/orders/?${bad}`, { token });
      expect(refused.status, bad).toBe(400);
    }
  });

  it('moves an order along the rules with a comment: the history says who, the customer is mailed, cancelling gives stock back', async () => {
    const a = await stockedProduct(5);
    const customer = await signedIn();
    const order = await place(customer.tokens.access, [{ product: a.id, quantity: 2 }]);
    expect(await stockOf(a.id)).toBe(3);

    const refused = await move(order.number, 'shipped');
    expect(refused.status).toBe(400);
    expect(refused.body.status[0]).toContain('«Новый»');
    expect((await move('KG-999999', 'confirmed')).status).toBe(404);
    expect((await move(order.number, 'lost')).status).toBe(400);

    const confirmed = await move(order.number, 'confirmed', 'Позвонили, доставка завтра до 12:00');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'confirmed', allowed_statuses: ['shipped', 'cancelled'] });
    expect(confirmed.body.history).toMatchObject([
      { from_status: null, to_status: 'new', source: 'customer', user: { email: customer.email } },
      {
        from_status: 'new',
        to_status: 'confirmed',
        to_status_label: 'Подтверждён',
        source: 'staff',
        user: { email: 'staff@dental.test' },
        comment: 'Позвонили, доставка завтра до 12:00',
      },
    ]);
    const mail = (await mailsTo(customer.email)).find((m) => m.kind === 'order_status_confirmed');
    expect(mail?.subject).toContain(order.number);
    expect(mail?.text).toContain('Позвонили, доставка завтра до 12:00');

    // The customer can no longer cancel it; staff can.
    expect(
      (await api(`/orders/order_list/${order.number}/cancel/`, { method: 'POST', token: customer.tokens.access }))
        .status,
    ).toBe(409);
    const cancelled = await move(order.number, 'cancelled', 'Клиент передумал по телефону');
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.allowed_statuses).toEqual([]);
    expect(await stockOf(a.id)).toBe(5);
    expect((await mailsTo(customer.email)).map((m) => m.kind)).toContain('order_status_cancelled');

    const detail = await api(`/staff/orders/${order.number.toLowerCase()}/`, { token: await staffAccess() });
    expect(detail.status).toBe(200);
    expect(detail.body.history.map((e: { to_status: string }) => e.to_status)).toEqual([
      'new',
      'confirmed',
      'cancelled',
    ]);
  });

  it('the dashboard counts orders waiting, new requests, and the out-of-stock products people wait for', async () => {
    const token = await staffAccess();
    const before = (await api('/staff/dashboard/', { token })).body;
    const a = await stockedProduct(1);
    const customer = await returningCustomer();
    await place(customer.tokens.access, [{ product: a.id, quantity: 1 }]);
    for (const email of [uniqueEmail('w1'), uniqueEmail('w2')])
      expect(
        (
          await api('/notifications/back_in_stock/?country=kg', {
            method: 'POST',
            json: { product: a.id, email },
            ip: uniqueIp(),
          })
        ).status,
      ).toBe(201);
    const after = await api('/staff/dashboard/', { token });
    expect(after.status).toBe(200);
    expect(after.body.orders.waiting).toBe(before.orders.waiting + 1);
    expect(after.body.orders.oldest_waiting_since).toEqual(expect.any(String));
    expect(after.body.awaited).toContainEqual({ product: a.id, sku: a.sku, name: a.name, country: 'kg', waiting: 2 });
    expect(after.body.imports).toEqual({ running: expect.any(Number), failed_last_week: expect.any(Number) });
    const [{ n }] = (await dbRows<{ n: number }>(
      sql`select count(*)::int as n from visitor_requests where status = 'new' and kind = 'support'`,
    )) as [{ n: number }];
    expect(after.body.requests.support ?? 0).toBe(n);
  });

  it('the order detail carries everything the customer wrote: comment, organisation, tax number, delivery, payment', async () => {
    const a = await stockedProduct(10);
    const customer = await signedIn();
    const order = await place(customer.tokens.access, [{ product: a.id, quantity: 1 }], BANK_TRANSFER);
    const detail = await api(`/staff/orders/${order.number}/`, { token: await staffAccess() });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      comment: 'Привезти после 14:00, спросить Динару',
      contact: { name: 'Айгуль Садыкова', phone: '+996555123456' },
      delivery: {
        method: 'courier',
        method_label: 'Курьером',
        city: 'Бишкек',
        address: 'ул. Киевская, 95, кабинет 3',
        price_label: expect.stringMatching(/сом|бесплатно/),
      },
      payment: {
        method: 'bank_transfer',
        method_label: 'Безналичный расчёт по счёту',
        organisation: 'Стоматология «Улыбка»',
        tax_number: '01234567890123',
        tax_number_label: 'ИНН',
      },
      invoice: { url: `/api/v1/staff/orders/${order.number}/invoice/`, filename: `Счёт ${order.number}.pdf` },
    });
    expect(detail.body.history[0]).toMatchObject({
      from_status: null,
      from_status_label: null,
      to_status_label: 'Новый',
      source_label: 'покупатель',
    });

    const office = (await api('/core/contacts/?country=kg')).body.results[0];
    const pickup = await place(customer.tokens.access, [{ product: a.id, quantity: 1 }], {
      delivery: { method: 'pickup', pickup_point: office.id },
    });
    const listed = await api(`/staff/orders/?search=${pickup.number}`, { token: await staffAccess() });
    expect(listed.body.results[0]).toMatchObject({
      delivery: {
        method: 'pickup',
        method_label: 'Самовывоз',
        pickup_address: `${office.city}, ${office.address}`,
        price_label: 'бесплатно',
      },
      payment: { method: 'on_receipt', method_label: 'Оплата при получении', organisation: '' },
      invoice: null,
    });
    const byPayment = async (query: string) =>
      (await api(`/staff/orders/?${query}&limit=100`, { token: await staffAccess() })).body.results.map(
        (o: { number: string }) => o.number,
      );
    expect(await byPayment('payment_method=bank_transfer')).toContain(order.number);
    expect(await byPayment('payment_method=bank_transfer')).not.toContain(pickup.number);
    expect(await byPayment('delivery_method=pickup')).toContain(pickup.number);
    expect(await byPayment('delivery_method=pickup')).not.toContain(order.number);
    expect((await api('/staff/orders/?payment_method=cash', { token: await staffAccess() })).status).toBe(400);
  });

  it('GET /api/v1/staff/orders/{number}/invoice/ hands staff the invoice PDF; others get 401 or 403; no invoice is 404', async () => {
    const a = await stockedProduct(10);
    const customer = await signedIn();
    const order = await place(customer.tokens.access, [{ product: a.id, quantity: 1 }], BANK_TRANSFER);
    const path = `/staff/orders/${order.number}/invoice/`;
    expect((await api(path)).status).toBe(401);
    expect((await api(path, { token: customer.tokens.access })).status).toBe(403);

    const invoice = await api(path, { token: await staffAccess() });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    expect(invoice.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${order.number}.pdf"; filename*=UTF-8''${encodeURIComponent(`Счёт ${order.number}.pdf`)}`,
    );
    expect(invoice.headers.get('cache-control')).toBe('private, no-store');
    expect(String(invoice.body).startsWith('%PDF-')).toBe(true);

    const onReceipt = await place(customer.tokens.access, [{ product: a.id, quantity: 1 }]);
    const none = await api(`/staff/orders/${onReceipt.number}/invoice/`, { token: await staffAccess() });
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe('Этот заказ оплачивается при получении: счёта нет.');
    expect((await api('/staff/orders/KG-999999/invoice/', { token: await staffAccess() })).status).toBe(404);
    expect((await api('/staff/orders/nonsense/invoice/', { token: await staffAccess() })).status).toBe(404);
    expect((await move(order.number, 'cancelled')).status).toBe(200);
    const cancelled = await api(path, { token: await staffAccess() });
    expect(cancelled.status).toBe(404);
    expect(cancelled.body.detail).toBe('Заказ отменён: счёт по нему не действует.');
  });

  it('finds phones written the local way: 0700 112 233 in Kyrgyzstan, 8 701 … in Kazakhstan', async () => {
    const token = await staffAccess();
    const kg = await stockedProduct(10);
    const kz = await stockedProduct(10, 'kz');
    const customer = await signedIn();
    const bishkek = await place(customer.tokens.access, [{ product: kg.id, quantity: 1 }], {
      contact: { name: 'Динара', phone: '+996 700 112 233' },
    });
    const almaty = await place(customer.tokens.access, [{ product: kz.id, quantity: 1 }], {
      country: 'kz',
      contact: { name: 'Данияр', phone: '+7 701 555 66 77' },
      delivery: { method: 'courier', city: 'Алматы', address: 'ул. Сатпаева, 30' },
    });
    const found = async (search: string) =>
      (await api(`/staff/orders/?search=${encodeURIComponent(search)}`, { token })).body.results.map(
        (o: { number: string }) => o.number,
      );
    for (const typed of ['0700 112 233', '+996 700 112 233', '700112233', '0700112233', '(0700) 11-22-33', '0700 11'])
      expect(await found(typed), typed).toEqual([bishkek.number]);
    for (const typed of ['8 701 555 66 77', '+7 701 555 66 77', '87015556677', '8 (701) 555-66', '701 555 66 77'])
      expect(await found(typed), typed).toEqual([almaty.number]);
    // The local prefix is read only at the start: a number's middle still matches as typed.
    expect(await found('0800 112 233')).toEqual([]);
    expect(await found('8 700 112 233')).toEqual([]);
  });

  it('POST /api/v1/staff/orders/bulk_status/ moves the orders the rules allow, names the others, and mails each customer', async () => {
    const a = await stockedProduct(20);
    const token = await staffAccess();
    const first = await signedIn();
    const second = await signedIn();
    const one = await place(first.tokens.access, [{ product: a.id, quantity: 2 }]);
    const two = await place(second.tokens.access, [{ product: a.id, quantity: 3 }]);
    const bulk = (json: unknown, as = token) => api('/staff/orders/bulk_status/', { method: 'POST', token: as, json });

    expect((await bulk({ numbers: [one.number], status: 'confirmed' }, '')).status).toBe(401);
    expect((await bulk({ numbers: [one.number], status: 'confirmed' }, first.tokens.access)).status).toBe(403);

    const allowed = await bulk({
      numbers: [one.number, two.number.toLowerCase()],
      status: 'confirmed',
      comment: 'Собираем сегодня',
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({
      moved: 2,
      results: [
        { number: one.number, result: 'moved', status: 'confirmed', reason: '' },
        { number: two.number, result: 'moved', status: 'confirmed', reason: '' },
      ],
    });
    for (const [order, customer] of [
      [one, first],
      [two, second],
    ] as const) {
      const detail = await api(`/staff/orders/${order.number}/`, { token });
      expect(detail.body.history.at(-1)).toMatchObject({
        from_status: 'new',
        to_status: 'confirmed',
        user: { email: 'staff@dental.test' },
        comment: 'Собираем сегодня',
      });
      const mail = (await mailsTo(customer.email)).find((m) => m.kind === 'order_status_confirmed');
      expect(mail?.subject).toContain(order.number);
      expect(mail?.text).toContain('Собираем сегодня');
    }

    // Confirmed orders cannot be confirmed again: nothing moves, each is named with the reason.
    const refused = await bulk({ numbers: [one.number, two.number], status: 'confirmed' });
    expect(refused.status).toBe(200);
    expect(refused.body.moved).toBe(0);
    expect(refused.body.results).toEqual([
      {
        number: one.number,
        result: 'refused',
        status: 'confirmed',
        reason: 'Заказ в статусе «Подтверждён» нельзя перевести в статус «Подтверждён».',
      },
      expect.objectContaining({ number: two.number, result: 'refused', status: 'confirmed' }),
    ]);

    // Mixed: a shipped order cannot be cancelled, a confirmed one can (its stock comes back), an unknown one is named.
    expect((await move(one.number, 'shipped')).status).toBe(200);
    expect(await stockOf(a.id)).toBe(15);
    const historyOf = async (number: string) =>
      (await api(`/staff/orders/${number}/`, { token })).body.history.length as number;
    const shippedHistory = await historyOf(one.number);
    const mixed = await bulk({ numbers: [one.number, two.number, 'KG-999999'], status: 'cancelled' });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toEqual({
      moved: 1,
      results: [
        {
          number: one.number,
          result: 'refused',
          status: 'shipped',
          reason: 'Заказ в статусе «Отправлен» нельзя перевести в статус «Отменён».',
        },
        { number: two.number, result: 'moved', status: 'cancelled', reason: '' },
        { number: 'KG-999999', result: 'not_found', status: null, reason: 'Заказ не найден.' },
      ],
    });
    expect(await stockOf(a.id)).toBe(18);
    expect(await historyOf(one.number)).toBe(shippedHistory);
    expect((await api(`/staff/orders/${one.number}/`, { token })).body.status).toBe('shipped');
    expect((await mailsTo(second.email)).map((m) => m.kind)).toContain('order_status_cancelled');
    expect((await mailsTo(first.email)).map((m) => m.kind)).not.toContain('order_status_cancelled');
  });

  it('POST /api/v1/staff/orders/bulk_status/ refuses a bad request whole: nothing moves', async () => {
    const a = await stockedProduct(5);
    const customer = await signedIn();
    const order = await place(customer.tokens.access, [{ product: a.id, quantity: 1 }]);
    const token = await staffAccess();
    const bulk = (json: unknown) => api('/staff/orders/bulk_status/', { method: 'POST', token, json });
    for (const body of [
      { numbers: [], status: 'confirmed' },
      { numbers: [order.number, 'not-a-number'], status: 'confirmed' },
      { numbers: [order.number], status: 'lost' },
      { numbers: order.number, status: 'confirmed' },
      { numbers: Array.from({ length: 101 }, (_, i) => `KG-${i + 1}`), status: 'confirmed' },
    ]) {
      const refused = await bulk(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await bulk({ numbers: [], status: 'confirmed' })).body.numbers).toEqual(['Выберите хотя бы один заказ.']);
    const detail = await api(`/staff/orders/${order.number}/`, { token });
    expect(detail.body.status).toBe('new');
    expect(detail.body.history).toHaveLength(1);
  });

  it("the shop's «Новый заказ» mail links to the order in the back office", async () => {
    const a = await stockedProduct(5);
    const customer = await signedIn();
    const order = await place(customer.tokens.access, [{ product: a.id, quantity: 1 }], BANK_TRANSFER);
    const staffMail = (await mailsTo('staff@localhost')).find(
      (m) => m.kind === 'order_staff' && m.subject.includes(order.number),
    );
    const link = `http://shop.test/staff/#/orders/${order.number}/show`;
    expect(staffMail?.text).toContain(link);
    expect(staffMail?.html).toContain(`href="${link}"`);
    expect(staffMail?.text).toContain('Комментарий: Привезти после 14:00, спросить Динару');
    // The customer's own mail links to their account, never to the back office.
    const customerMail = (await mailsTo(customer.email)).find((m) => m.kind === 'order_placed');
    expect(customerMail?.text).not.toContain('/staff/');
  });

  it("the dashboard counts today's and this week's orders and their value per country, as the list filtered by its `since` shows", async () => {
    const token = await staffAccess();
    const kz = await stockedProduct(10, 'kz');
    const customer = await signedIn();
    const before = (await api('/staff/dashboard/', { token })).body;
    const kept = await place(customer.tokens.access, [{ product: kz.id, quantity: 2 }], {
      country: 'kz',
      contact: { name: 'Данияр', phone: '+7 701 555 66 77' },
      delivery: { method: 'courier', city: 'Алматы', address: 'ул. Сатпаева, 30' },
    });
    const dropped = await place(customer.tokens.access, [{ product: kz.id, quantity: 1 }], {
      country: 'kz',
      contact: { name: 'Данияр', phone: '+7 701 555 66 77' },
      delivery: { method: 'courier', city: 'Астана', address: 'пр. Мангилик Ел, 55' },
    });
    expect((await move(dropped.number, 'cancelled')).status).toBe(200);
    const after = await api('/staff/dashboard/', { token });
    expect(after.status).toBe(200);
    const countries = after.body.orders.by_country;
    expect(countries.map((c: { country: string; currency: string }) => [c.country, c.currency])).toEqual([
      ['kg', 'KGS'],
      ['kz', 'KZT'],
    ]);
    const kzNow = countries[1];
    const kzBefore = before.orders.by_country[1];
    expect(kzNow.today.count).toBe(kzBefore.today.count + 2);
    expect(kzNow.today.cancelled).toBe(kzBefore.today.cancelled + 1);
    expect(cents(kzNow.today.value)).toBe(cents(kzBefore.today.value) + cents(kept.total));
    expect(kzNow.week.count).toBeGreaterThanOrEqual(kzNow.today.count);
    expect(new Date(kzNow.week.since) <= new Date(kzNow.today.since)).toBe(true);
    // Midnight on Almaty's clock (UTC+5), and the week from Monday.
    const almaty = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Almaty',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso));
    expect(almaty(kzNow.today.since)).toMatch(/ 00:00$/);
    expect(almaty(kzNow.week.since)).toBe('Mon 00:00');

    // Each figure is the count of the list filtered by its country and `since`.
    for (const c of countries)
      for (const period of [c.today, c.week]) {
        const listed = await api(
          `/staff/orders/?country=${c.country}&created_after=${encodeURIComponent(period.since)}&limit=1`,
          { token },
        );
        expect(listed.body.count, `${c.country} since ${period.since}`).toBe(period.count);
      }
  });
});
