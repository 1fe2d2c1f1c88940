import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireUnapprovedOrders, APPROVAL_EXPIRY_DAYS } from '../../src/server/orders/clinic-approval-expiry.ts';
import { mailsTo, signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows, qs } from '../helpers/api.ts';
import { clinicWith, createClinic, join } from '../helpers/clinics.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly } from '../helpers/staff-access.ts';
import { giveCompletedOrder, orderBody, stockedProduct, stockOf } from '../helpers/orders.ts';

// Clinics in the back office (issue 37, staff), and the two clean-ups: orders nobody approved in time,
// and a clinic whose last owner's account is deleted.

let token: string;
let counter = 0;
/** A tax number no other test's clinic has: 14 digits for kg, 12 for kz. */
const taxNumber = (digits: 12 | 14) =>
  `${process.pid}${Date.now()}${++counter}`.replace(/\D/g, '').slice(-digits).padStart(digits, '7');

beforeAll(async () => {
  token = await staffAccess();
});

const placeOrder = (userToken: string, json: unknown) =>
  api('/orders/order_create/', { method: 'POST', json, token: userToken, ip: uniqueIp() });

async function priceList(country: 'kg' | 'kz') {
  const created = await api('/staff/price_lists/', {
    method: 'POST',
    token,
    json: { name: `Договор ${country} ${process.pid}-${++counter}-${Date.now()}`, country },
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; name: string };
}

describe('staff clinics', () => {
  it('keeps every route to staff, and has no create or delete', async () => {
    await expectStaffOnly([
      ['GET', '/staff/clinics/'],
      ['GET', '/staff/clinics/1/'],
      ['PATCH', '/staff/clinics/1/'],
    ]);
    expect((await api('/staff/clinics/', { method: 'POST', token, json: {} })).status).toBe(405);
    expect((await api('/staff/clinics/1/', { method: 'DELETE', token })).status).toBe(405);
  });

  it('lists clinics found by name or ИНН/БИН, filtered by country and «проверена»', async () => {
    const inn = taxNumber(14);
    const owner = await signedIn();
    const name = `Клиника поиска ${process.pid}-${++counter}`;
    const created = await createClinic(owner.tokens.access, { name, tax_number: inn });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const find = async (params: Record<string, string>) =>
      (await api(`/staff/clinics/?${qs({ limit: 100, ...params })}`, { token })).body.results.map(
        (c: { id: number }) => c.id,
      );
    expect(await find({ search: name.slice(8) })).toEqual([id]);
    expect(await find({ search: inn.slice(3, 11) })).toEqual([id]);
    expect(await find({ search: inn, country: 'kz' })).toEqual([]);
    expect(await find({ search: inn, verified: 'true' })).toEqual([]);
    expect(await find({ search: inn, verified: 'false' })).toEqual([id]);
    const listed = (await api(`/staff/clinics/?${qs({ search: inn })}`, { token })).body.results[0];
    expect(listed).toMatchObject({
      id,
      name,
      tax_number: inn,
      country: 'kg',
      verified: false,
      price_list: null,
      members_count: 1,
      owners_count: 1,
      orders_count: 0,
    });
    expect(listed.members).toBeUndefined();
    const bad = await api('/staff/clinics/?verified=maybe', { token });
    expect(bad.status).toBe(400);
  });

  it("reads a clinic's members and the shop's orders, never one awaiting the owner's approval", async () => {
    const { owner, member: assistant, clinic } = await clinicWith('assistant', { tax_number: taxNumber(14) });
    await giveCompletedOrder(assistant.user.id);
    await giveCompletedOrder(owner.user.id);
    const product = await stockedProduct(5);
    const waiting = await placeOrder(
      assistant.tokens.access,
      orderBody([{ product: product.id, quantity: 1 }], { clinic: clinic.id }),
    );
    expect(waiting.body.status).toBe('awaiting_approval');
    const placed = await placeOrder(
      owner.tokens.access,
      orderBody([{ product: product.id, quantity: 1 }], { clinic: clinic.id }),
    );
    expect(placed.body.status).toBe('new');

    const read = await api(`/staff/clinics/${clinic.id}/`, { token });
    expect(read.status).toBe(200);
    expect(read.body.members).toEqual([
      expect.objectContaining({ user: owner.user.id, email: owner.email, role: 'owner', role_label: 'Владелец' }),
      expect.objectContaining({ user: assistant.user.id, email: assistant.email, role: 'assistant' }),
    ]);
    expect(read.body.orders).toEqual([
      expect.objectContaining({
        number: placed.body.number,
        status: 'new',
        status_label: 'Новый',
        placed_by: owner.email,
      }),
    ]);
    expect(read.body.orders_count).toBe(1);
    expect((await api('/staff/clinics/999999/', { token })).status).toBe(404);
  });

  it('marks a clinic verified and gives it a price list of its own country only, journaling each change', async () => {
    const owner = await signedIn();
    const clinic = (await createClinic(owner.tokens.access, { tax_number: taxNumber(14) })).body;
    const kg = await priceList('kg');
    const kz = await priceList('kz');
    const patch = (json: unknown) => api(`/staff/clinics/${clinic.id}/`, { method: 'PATCH', token, json });

    const other = await patch({ price_list: kz.id });
    expect(other.status).toBe(400);
    expect(other.body.price_list[0]).toMatch(/^Прайс-лист «.+» — для страны Казахстан, а клиника — в Кыргызстане/);
    expect((await patch({ price_list: 99999999 })).body).toEqual({ price_list: ['Такого прайс-листа нет.'] });
    expect((await patch({ price_list: 'kg' })).status).toBe(400);

    const given = await patch({ verified: true, price_list: kg.id });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ verified: true, price_list: { id: kg.id, name: kg.name, country: 'kg' } });
    expect((await api(`/staff/price_lists/${kg.id}/`, { token })).body.clinics).toEqual([
      expect.objectContaining({ id: clinic.id, verified: true }),
    ]);
    // The member sees the mark on the clinic.
    expect((await api(`/clinics/${clinic.id}/`, { token: owner.tokens.access })).body.verified).toBe(true);
    const byList = await api(`/staff/clinics/?${qs({ price_list: kg.id })}`, { token });
    expect(byList.body.results.map((c: { id: number }) => c.id)).toEqual([clinic.id]);

    const taken = await patch({ price_list: null });
    expect(taken.body.price_list).toBeNull();
    expect((await patch({})).status).toBe(200);

    const journal = await api(`/staff/journal/?${qs({ entity: 'clinic', entity_id: String(clinic.id) })}`, { token });
    expect(journal.body.results.map((e: { summary: string }) => e.summary)).toEqual([
      `изменил(а) клинику «${clinic.name}»`,
      `изменил(а) клинику «${clinic.name}»`,
    ]);
    const texts = journal.body.results.map((e: { changes: { text: string }[] }) => e.changes.map((c) => c.text));
    expect(texts).toEqual([
      [`убрал(а) прайс-лист (было: ${kg.name})`],
      ['отметил(а): ИНН/БИН проверен', `указал(а) прайс-лист: ${kg.name}`],
    ]);
    const link = journal.body.results[0];
    expect(link).toMatchObject({ entity: 'clinic', link_id: String(clinic.id), label: clinic.name });
  });
});

describe('clinic clean-ups', () => {
  it(`declines an order nobody approved within ${APPROVAL_EXPIRY_DAYS} days, releasing its stock and mailing both sides`, async () => {
    const { owner, member: assistant, clinic } = await clinicWith('assistant', { tax_number: taxNumber(14) });
    await giveCompletedOrder(assistant.user.id);
    const product = await stockedProduct(4);
    const old = (
      await placeOrder(
        assistant.tokens.access,
        orderBody([{ product: product.id, quantity: 3 }], { clinic: clinic.id }),
      )
    ).body.number as string;
    const fresh = (
      await placeOrder(
        assistant.tokens.access,
        orderBody([{ product: product.id, quantity: 1 }], { clinic: clinic.id }),
      )
    ).body.number as string;
    expect(await stockOf(product.id)).toBe(0);
    await dbRows(
      sql`update orders set created_at = now() - ${`${APPROVAL_EXPIRY_DAYS} days 1 hour`}::interval where number = ${old}`,
    );
    const declined = await expireUnapprovedOrders();
    expect(declined).toContain(old);
    expect(declined).not.toContain(fresh);
    expect(await stockOf(product.id)).toBe(3);
    const [row] = await dbRows<{ status: string }>(sql`select status from orders where number = ${old}`);
    expect(row!.status).toBe('cancelled');
    const story = await api(`/orders/order_list/${old}/`, { token: owner.tokens.access });
    expect(story.body.status).toBe('cancelled');
    const [event] = await dbRows<{ source: string; comment: string }>(
      sql`select source, comment from order_events where order_id = (select id from orders where number = ${old})
          and to_status = 'cancelled'`,
    );
    expect(event).toEqual({ source: 'expiry', comment: expect.stringContaining('отклонён автоматически') });
    for (const email of [assistant.email, owner.email]) {
      const mail = (await mailsTo(email)).find((m) => m.kind === 'order_approval_expired');
      expect(mail?.subject, email).toContain(old);
    }
    // Once only, whichever process sweeps again.
    expect(await expireUnapprovedOrders()).not.toContain(old);
  });

  it('hands a clinic whose last owner deletes the account to its oldest buyer; without a buyer it has no owner', async () => {
    const owner = await signedIn();
    const clinic = (await createClinic(owner.tokens.access, { tax_number: taxNumber(14) })).body;
    const assistant = await signedIn();
    const firstBuyer = await signedIn();
    const secondBuyer = await signedIn();
    await join(owner.tokens.access, clinic.id, assistant, 'assistant');
    await join(owner.tokens.access, clinic.id, firstBuyer, 'buyer');
    await join(owner.tokens.access, clinic.id, secondBuyer, 'buyer');
    const remove = (who: { tokens: { access: string }; password: string }) =>
      api('/accounts/auth/users/me/', {
        method: 'DELETE',
        token: who.tokens.access,
        json: { current_password: who.password },
      });
    expect((await remove(owner)).status).toBe(204);
    const members = await api(`/clinics/${clinic.id}/members/`, { token: firstBuyer.tokens.access });
    expect(members.body.map((m: { user: number; role: string }) => [m.user, m.role])).toEqual([
      [firstBuyer.user.id, 'owner'],
      [assistant.user.id, 'assistant'],
      [secondBuyer.user.id, 'buyer'],
    ]);
    expect(await dbRows(sql`select 1 from clinic_members where user_id = ${owner.user.id}`)).toEqual([]);

    // A clinic of an owner and an assistant only: nobody takes over; staff see it without an owner.
    const lone = await signedIn();
    const small = (await createClinic(lone.tokens.access, { tax_number: taxNumber(14) })).body;
    const helper = await signedIn();
    await join(lone.tokens.access, small.id, helper, 'assistant');
    expect((await remove(lone)).status).toBe(204);
    const read = await api(`/staff/clinics/${small.id}/`, { token });
    expect(read.body).toMatchObject({ members_count: 1, owners_count: 0 });
    expect(read.body.members.map((m: { role: string }) => m.role)).toEqual(['assistant']);

    // Staff appoint the remaining member its owner, journaled; nobody outside the clinic can be appointed.
    const patch = (json: unknown) => api(`/staff/clinics/${small.id}/`, { method: 'PATCH', token, json });
    const outsider = await signedIn();
    expect((await patch({ owner: outsider.user.id })).body).toEqual({
      owner: ['Владельцем можно назначить только участника клиники: сначала пусть он примет приглашение.'],
    });
    expect((await patch({ owner: 'helper' })).status).toBe(400);
    const appointed = await patch({ owner: helper.user.id });
    expect(appointed.status, JSON.stringify(appointed.body)).toBe(200);
    expect(appointed.body).toMatchObject({ owners_count: 1 });
    expect(appointed.body.members.map((m: { user: number; role: string }) => [m.user, m.role])).toEqual([
      [helper.user.id, 'owner'],
    ]);
    // The new owner does what owners do: invites.
    const invited = await api(`/clinics/${small.id}/invitations/`, {
      method: 'POST',
      token: helper.tokens.access,
      json: { email: `new-${Date.now()}@example.kg`, role: 'buyer' },
      ip: uniqueIp(),
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    // Appointing an owner again changes nothing and journals nothing.
    expect((await patch({ owner: helper.user.id })).status).toBe(200);
    const journal = await api(`/staff/journal/?${qs({ entity: 'clinic', entity_id: String(small.id) })}`, { token });
    expect(journal.body.results.map((e: { changes: { text: string }[] }) => e.changes.map((c) => c.text))).toEqual([
      [expect.stringContaining(helper.email)],
    ]);
  });
});
