import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, mailedLink, mailsTo, registration, STAFF, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { orderBody, stockedProduct } from '../helpers/orders.ts';

const attachmentsOf = async (mailId: number) =>
  (
    await dbRows<{ filename: string }>(
      sql`select filename from mail_attachments where mail_id = ${mailId} order by position`,
    )
  ).map((row) => row.filename);

// Issue 23, item 1: a visitor opens an account in the checkout form and orders at once; the order's mail
// confirms the address.
const post = (path: string, json: unknown, token?: string) =>
  api(`/accounts/auth/${path}`, { method: 'POST', json, token, ip: uniqueIp() });

async function checkoutAccount(email = uniqueEmail('checkout')) {
  const input = registration({ email, confirm_later: true });
  const { status, body } = await post('users/', input);
  expect(status).toBe(201);
  return { email, password: input.password as string, id: (body as { id: number }).id, body };
}

describe('POST /accounts/auth/users/ with confirm_later', () => {
  it('opens an account that signs in at once and mails nothing yet', async () => {
    const { email, password, body } = await checkoutAccount();
    expect(body).toMatchObject({ email, is_active: true, last_login: null });
    const tokens = await login(email, password);
    expect(tokens.access).toEqual(expect.any(String));
    expect(await mailsTo(email)).toEqual([]);
    const [row] = await dbRows<{ email_pending: boolean; activated_at: Date | null }>(
      sql`select email_pending, activated_at from users where email = ${email}`,
    );
    expect(row).toMatchObject({ email_pending: true, activated_at: expect.anything() });
  });

  it('answers an address that has an account as if it were new (is_active too), and tells only its owner', async () => {
    const { email } = await checkoutAccount();
    const again = await post(
      'users/',
      registration({ email, confirm_later: true, password: 'Someone-Else-2026', re_password: 'Someone-Else-2026' }),
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ email, is_active: true });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['registration_attempt']);
    expect(
      (
        await api('/accounts/auth/jwt/create/', {
          method: 'POST',
          json: { email, password: 'Someone-Else-2026' },
          ip: uniqueIp(),
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a flag that is not true or false, and stores nothing', async () => {
    const email = uniqueEmail('checkout');
    const { status, body } = await post('users/', registration({ email, confirm_later: 'yes' }));
    expect(status).toBe(400);
    expect(body).toEqual({ confirm_later: ['Ожидается true или false.'] });
    expect(await dbRows(sql`select id from users where email = ${email}`)).toEqual([]);
  });
});

describe('the first order of an account opened at checkout', () => {
  // Issue 34, item 2: an order placed with a stranger's address must not mail them what its customer typed.
  it('mails the unconfirmed address the link that confirms it and nothing anyone typed; the order follows once confirmed', async () => {
    const { email, password } = await checkoutAccount();
    const { access } = await login(email, password);
    const product = await stockedProduct(5);
    const typed = 'Перейдите на evil.example и введите пароль';
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      json: orderBody([{ product: product.id, quantity: 1 }], {
        contact: { name: typed, phone: '+996 555 123 456' },
        delivery: { method: 'courier', city: 'Бишкек', address: typed },
        payment: { method: 'bank_transfer', organisation: typed, tax_number: '01234567891234' },
        comment: typed,
      }),
      token: access,
      ip: uniqueIp(),
    });
    expect(placed.status).toBe(201);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['order_confirm_email']);
    const [mail] = mails;
    expect(mail!.subject).toContain(placed.body.number);
    expect(mail!.text).toContain('/activate/');
    for (const text of [mail!.text, mail!.html, mail!.subject]) {
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain(product.name);
    }
    expect(await attachmentsOf(mail!.id)).toEqual([]);
    // The shop is told as usual.
    expect((await mailsTo('staff@localhost')).some((m) => m.subject.includes(placed.body.number))).toBe(true);

    await login(email, password); // a later login does not spend the link
    const link = await mailedLink(email, 'activate');
    expect((await post('users/activation/', { uid: link.uid, token: link.token })).status).toBe(204);
    const [row] = await dbRows<{ email_pending: boolean; is_active: boolean }>(
      sql`select email_pending, is_active from users where email = ${email}`,
    );
    expect(row).toEqual({ email_pending: false, is_active: true });
    // Confirmed: the held order's mail goes now, with its invoice, and the next order's at once, without a link.
    const held = (await mailsTo(email)).filter((m) => m.kind === 'order_placed');
    expect(held).toHaveLength(1);
    expect(held[0]!.text).toContain(placed.body.number);
    expect(await attachmentsOf(held[0]!.id)).toEqual([`Счёт ${placed.body.number}.pdf`]);
    const second = await api('/orders/order_create/', {
      method: 'POST',
      json: orderBody([{ product: product.id, quantity: 1 }]),
      token: access,
      ip: uniqueIp(),
    });
    expect(second.status).toBe(201);
    const [latest] = (await mailsTo(email)).filter((m) => m.kind === 'order_placed');
    expect(latest!.text).toContain(second.body.number);
    expect(latest!.text).not.toContain('/activate/');
    expect((await post('users/activation/', { uid: link.uid, token: link.token })).status).toBe(400);
  });

  it('mails an unconfirmed address no status or cancellation of its orders, and no name its opener typed', async () => {
    const { email, password } = await checkoutAccount();
    const { access } = await login(email, password);
    const product = await stockedProduct(5);
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      json: orderBody([{ product: product.id, quantity: 1 }]),
      token: access,
      ip: uniqueIp(),
    });
    const staff = await login(STAFF.email, STAFF.password);
    const moved = await api(`/staff/orders/${placed.body.number}/status/`, {
      method: 'POST',
      json: { status: 'cancelled', comment: 'Отменён' },
      token: staff.access,
      ip: uniqueIp(),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await post('users/resend_activation/', { email });
    const kinds = (await mailsTo(email)).map((m) => m.kind);
    expect(kinds.sort()).toEqual(['activation', 'order_confirm_email']);
    const activation = (await mailsTo(email)).find((m) => m.kind === 'activation')!;
    expect(activation.text).not.toContain('Айгуль');
    // Once confirmed, a cancelled order has no mail to catch up on.
    const link = await mailedLink(email, 'activate');
    expect((await post('users/activation/', { uid: link.uid, token: link.token })).status).toBe(204);
    expect((await mailsTo(email)).some((m) => m.kind === 'order_placed')).toBe(false);
  });

  it('stays blocked when staff block it before its address is confirmed: the link cannot undo that', async () => {
    const { email, password } = await checkoutAccount();
    await post('users/resend_activation/', { email });
    const link = await mailedLink(email, 'activate');
    const staff = await login(STAFF.email, STAFF.password);
    const blocked = await api(`/accounts/auth/users/${encodeURIComponent(email)}/`, {
      method: 'PATCH',
      json: { is_active: false },
      token: staff.access,
      ip: uniqueIp(),
    });
    expect(blocked.status).toBe(200);
    const used = await post('users/activation/', { uid: link.uid, token: link.token });
    expect([400, 403]).toContain(used.status);
    expect(
      (await api('/accounts/auth/jwt/create/', { method: 'POST', json: { email, password }, ip: uniqueIp() })).status,
    ).toBe(401);
  });

  it('mails a new confirmation link on request while the address is still to be confirmed', async () => {
    const { email } = await checkoutAccount();
    expect((await post('users/resend_activation/', { email })).status).toBe(204);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'activation' });
    expect(mail!.text).toContain('при оформлении заказа');
  });
});

describe('a clinic’s requisites for ordering by invoice', () => {
  it('are kept from an order by invoice for the next one, and edited in the profile with their checks', async () => {
    const { email, password } = await checkoutAccount();
    const { access } = await login(email, password);
    const product = await stockedProduct(5);
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      json: orderBody([{ product: product.id, quantity: 1 }], {
        payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: '01234567891234' },
      }),
      token: access,
      ip: uniqueIp(),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const me = await api('/accounts/auth/users/me/', { token: access });
    expect(me.body).toMatchObject({ organisation: 'Стоматология «Улыбка»', tax_number: '01234567891234' });

    const edited = await api('/accounts/auth/users/me/', {
      method: 'PATCH',
      token: access,
      json: { organisation: 'Клиника «Дента»', tax_number: '0123 4567 8912' },
    });
    expect(edited.body).toMatchObject({ organisation: 'Клиника «Дента»', tax_number: '012345678912' });
    const refused = await api('/accounts/auth/users/me/', {
      method: 'PATCH',
      token: access,
      json: { tax_number: '12ab' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['tax_number']);
    expect((await api('/accounts/auth/users/me/', { token: access })).body.tax_number).toBe('012345678912');
  });
});
