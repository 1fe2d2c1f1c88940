import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailAttachmentsOf } from '../../src/server/mail/index.ts';
import { cancelUnconfirmedOrders } from '../../src/server/orders/index.ts';
import { mailsTo, signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { clinicWith, createClinic, KG_TAX } from '../helpers/clinics.ts';
import { staffAccess } from '../helpers/imports.ts';
import { giveCompletedOrder, orderBody, stockedProduct, stockOf } from '../helpers/orders.ts';

// Orders placed for a clinic (issue 37, item 2) and their approval by its owner (item 3).

const create = (token: string, json: unknown) =>
  api('/orders/order_create/', { method: 'POST', json, token, ip: uniqueIp() });

const byInvoice = { method: 'bank_transfer' };

describe('clinic orders', () => {
  it("makes an order by invoice out to the clinic's requisites, whatever was typed, and leaves the profile alone", async () => {
    const { owner, member, clinic } = await clinicWith('buyer');
    await giveCompletedOrder(member.user.id);
    const a = await stockedProduct(5);
    const placed = await create(
      member.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], {
        clinic: clinic.id,
        payment: { ...byInvoice, organisation: 'Другая', tax_number: '99999999999999' },
      }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: 'new',
      clinic: clinic.id,
      payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: KG_TAX },
    });
    const me = await api('/accounts/auth/users/me/', { token: member.tokens.access });
    expect(me.body).toMatchObject({ organisation: '', tax_number: '' });
    // The mail carries the clinic's requisites, and the invoice PDF made out to them.
    const mail = (await mailsTo(member.email)).find((m) => m.kind === 'order_placed')!;
    expect(mail.text).toContain(`Стоматология «Улыбка», ИНН ${KG_TAX}`);
    expect((await mailAttachmentsOf(mail.id)).map((file) => file.contentType)).toEqual(['application/pdf']);

    // Without typing requisites at all.
    const b = await stockedProduct(5);
    const bare = await create(
      member.tokens.access,
      orderBody([{ product: b.id, quantity: 1 }], { clinic: clinic.id, payment: byInvoice }),
    );
    expect(bare.status).toBe(201);
    expect(bare.body.payment.tax_number).toBe(KG_TAX);

    // Every member sees the clinic's orders, with who placed them; the owner reads one by its number.
    const list = await api(`/clinics/${clinic.id}/orders/`, { token: owner.tokens.access });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((o: { number: string }) => o.number)).toEqual([bare.body.number, placed.body.number]);
    expect(list.body.results[0].placed_by).toEqual({
      user: member.user.id,
      email: member.email,
      first_name: 'Тест',
      last_name: '',
    });
    const one = await api(`/orders/order_list/${placed.body.number}/`, { token: owner.tokens.access });
    expect(one.status).toBe(200);
    expect(one.body.clinic).toBe(clinic.id);
    // The owner's own list is of the owner's own orders.
    expect((await api('/orders/order_list/', { token: owner.tokens.access })).body.count).toBe(0);

    const stranger = await signedIn();
    expect((await api(`/clinics/${clinic.id}/orders/`, { token: stranger.tokens.access })).status).toBe(404);
    expect((await api(`/orders/order_list/${placed.body.number}/`, { token: stranger.tokens.access })).status).toBe(
      404,
    );
  });

  it('refuses a clinic the account is not a member of, or of another country, and requisites left out without one', async () => {
    const owner = await signedIn();
    const clinic = (await createClinic(owner.tokens.access)).body;
    const kz = (await createClinic(owner.tokens.access, { country: 'kz', tax_number: '123456789012' })).body;
    const a = await stockedProduct(5);
    const stranger = await signedIn();
    const refused = await create(
      stranger.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { clinic: clinic.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ clinic: ['Вы не состоите в этой клинике.'] });
    const otherCountry = await create(
      owner.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { clinic: kz.id }),
    );
    expect(otherCountry.status).toBe(400);
    expect(otherCountry.body.clinic[0]).toContain('в Казахстане');
    const noRequisites = await create(
      owner.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { payment: byInvoice }),
    );
    expect(noRequisites.status).toBe(400);
    expect(Object.keys(noRequisites.body.payment).sort()).toEqual(['organisation', 'tax_number']);
    const badId = await create(owner.tokens.access, orderBody([{ product: a.id, quantity: 1 }], { clinic: 'x' }));
    expect(badId.status).toBe(400);
    expect(await dbRows(sql`select 1 from orders where clinic_id in (${clinic.id}, ${kz.id})`)).toEqual([]);
  });
});

describe('approval', () => {
  const staffSees = async (number: string) => {
    const staff = await staffAccess();
    const list = await api(`/staff/orders/?search=${number}`, { token: staff });
    const one = await api(`/staff/orders/${number}/`, { token: staff });
    return { listed: list.body.results.some((o: { number: string }) => o.number === number), status: one.status };
  };
  const staffMailed = async (number: string) =>
    (await mailsTo('staff@localhost')).some((m) => m.kind === 'order_staff' && m.subject.includes(number));

  it("holds an assistant's order for the owner, unseen by staff, then the owner's approval sends it to the shop", async () => {
    const { owner, member: assistant, clinic } = await clinicWith('assistant');
    await giveCompletedOrder(assistant.user.id);
    const a = await stockedProduct(5);
    const placed = await create(
      assistant.tokens.access,
      orderBody([{ product: a.id, quantity: 2 }], { clinic: clinic.id, comment: 'Для кабинета 3' }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'awaiting_approval', status_label: 'На согласовании' });
    const { number } = placed.body;
    expect(await stockOf(a.id)).toBe(3);
    expect((await mailsTo(assistant.email)).map((m) => m.kind)).toContain('order_awaiting_approval');
    const request = (await mailsTo(owner.email)).find((m) => m.kind === 'order_approval_request')!;
    expect(request.subject).toContain(number);
    expect(request.text).toContain('Для кабинета 3');
    expect(request.text).toContain(`/kg/account/clinic/?clinic=${clinic.id}`);
    expect(await staffMailed(number)).toBe(false);
    expect(await staffSees(number)).toEqual({ listed: false, status: 404 });
    // Staff cannot move it either.
    const moved = await api(`/staff/orders/${number}/status/`, {
      method: 'POST',
      token: await staffAccess(),
      json: { status: 'confirmed' },
    });
    expect(moved.status).toBe(404);

    // Only the owner decides.
    const approve = (token: string) => api(`/orders/order_list/${number}/approve/`, { method: 'POST', token });
    expect((await approve(assistant.tokens.access)).status).toBe(403);
    expect((await approve((await signedIn()).tokens.access)).status).toBe(404);
    const approved = await approve(owner.tokens.access);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('new');
    expect(await stockOf(a.id)).toBe(3);
    expect(await staffMailed(number)).toBe(true);
    expect((await mailsTo(assistant.email)).map((m) => m.kind)).toContain('order_placed');
    expect(await staffSees(number)).toEqual({ listed: true, status: 200 });
    const history = (await api(`/staff/orders/${number}/`, { token: await staffAccess() })).body.history;
    expect(history.map((e: { to_status: string }) => e.to_status)).toEqual(['awaiting_approval', 'new']);
    const again = await approve(owner.tokens.access);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('не ждёт согласования');
  });

  it('declining releases the stock and mails the comment to the member who placed the order', async () => {
    const { owner, member: assistant, clinic } = await clinicWith('assistant');
    await giveCompletedOrder(assistant.user.id);
    const a = await stockedProduct(4);
    const { number } = (
      await create(assistant.tokens.access, orderBody([{ product: a.id, quantity: 3 }], { clinic: clinic.id }))
    ).body;
    expect(await stockOf(a.id)).toBe(1);
    const decline = (token: string) =>
      api(`/orders/order_list/${number}/decline/`, {
        method: 'POST',
        token,
        json: { comment: 'Возьмём в следующем месяце' },
      });
    expect((await decline(assistant.tokens.access)).status).toBe(403);
    const declined = await decline(owner.tokens.access);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('cancelled');
    expect(await stockOf(a.id)).toBe(4);
    const mail = (await mailsTo(assistant.email)).find((m) => m.kind === 'order_declined')!;
    expect(mail.text).toContain('Возьмём в следующем месяце');
    expect(await staffMailed(number)).toBe(false);
    expect((await decline(owner.tokens.access)).status).toBe(409);
  });

  it("holds a buyer's order above the clinic's limit, not one within it, nor the owner's own", async () => {
    const { owner, member: buyer, clinic } = await clinicWith('buyer');
    await giveCompletedOrder(buyer.user.id);
    await giveCompletedOrder(owner.user.id);
    const a = await stockedProduct(10);
    const price = Number(a.price);
    // The limit sits between one unit's order and three units' (delivery included).
    const limit = (price * 2 + 300).toFixed(2);
    const set = await api(`/clinics/${clinic.id}/`, {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { order_limit: limit },
    });
    expect(set.body.order_limit).toBe(limit);
    expect(
      (
        await api(`/clinics/${clinic.id}/`, {
          method: 'PATCH',
          token: buyer.tokens.access,
          json: { order_limit: null },
        })
      ).status,
    ).toBe(403);
    const small = await create(buyer.tokens.access, orderBody([{ product: a.id, quantity: 1 }], { clinic: clinic.id }));
    expect(small.body.status).toBe('new');
    const large = await create(buyer.tokens.access, orderBody([{ product: a.id, quantity: 3 }], { clinic: clinic.id }));
    expect(large.body.status).toBe('awaiting_approval');
    const owners = await create(
      owner.tokens.access,
      orderBody([{ product: a.id, quantity: 3 }], { clinic: clinic.id }),
    );
    expect(owners.body.status).toBe('new');
    // Every member sees them all, whatever their status.
    const seen = await api(`/clinics/${clinic.id}/orders/?status=awaiting_approval`, { token: buyer.tokens.access });
    expect(seen.body.results.map((o: { number: string }) => o.number)).toEqual([large.body.number]);
  });

  it('counts the time to confirm an approved order from its approval, not from when it was placed', async () => {
    const { owner, member: assistant, clinic } = await clinicWith('assistant');
    await giveCompletedOrder(assistant.user.id);
    const a = await stockedProduct(3);
    const { number } = (
      await create(assistant.tokens.access, orderBody([{ product: a.id, quantity: 1 }], { clinic: clinic.id }))
    ).body;
    await dbRows(sql`update orders set created_at = now() - interval '5 days' where number = ${number}`);
    // Waiting for the owner, it is not the shop's to confirm yet.
    expect(await cancelUnconfirmedOrders()).not.toContain(number);
    await api(`/orders/order_list/${number}/approve/`, { method: 'POST', token: owner.tokens.access });
    expect(await cancelUnconfirmedOrders()).not.toContain(number);
    await dbRows(
      sql`update order_events set created_at = now() - interval '4 days'
          where order_id = (select id from orders where number = ${number})`,
    );
    expect(await cancelUnconfirmedOrders()).toContain(number);
  });
});
