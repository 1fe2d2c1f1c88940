import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, signedIn, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, apiPath, dbRows } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { orderBody, stockedProduct, stockOf } from '../helpers/orders.ts';

const place = async (token: string, items: { product: number; quantity: number }[], extra = {}) => {
  const placed = await api('/orders/order_create/', {
    method: 'POST',
    json: orderBody(items, extra),
    token,
    ip: uniqueIp(),
  });
  expect(placed.status).toBe(201);
  return placed.body as { number: string; total: string };
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
    expect(page.body.results[0]).toMatchObject({ number: two.number, account_email: second.email });
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
    const customer = await signedIn();
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
    expect(after.body.orders.new_last_day).toBe(before.orders.new_last_day + 1);
    expect(after.body.orders.oldest_waiting_since).toEqual(expect.any(String));
    expect(after.body.awaited).toContainEqual({ product: a.id, sku: a.sku, name: a.name, country: 'kg', waiting: 2 });
    expect(after.body.imports).toEqual({ running: expect.any(Number), failed_last_week: expect.any(Number) });
    const [{ n }] = (await dbRows<{ n: number }>(
      sql`select count(*)::int as n from visitor_requests where status = 'new' and kind = 'support'`,
    )) as [{ n: number }];
    expect(after.body.requests.support ?? 0).toBe(n);
  });
});
