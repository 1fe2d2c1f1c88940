import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_ADDRESSES } from '../../src/server/accounts/addresses.service.ts';
import { lastDeliveryOf } from '../../src/server/orders/index.ts';
import { signedIn } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { orderBody, returningCustomer, stockedProduct } from '../helpers/orders.ts';

// Issue 36, item 4: an account's delivery addresses, remembered from its courier orders, kept in the profile.
const ADDRESSES = '/accounts/addresses/';

let product: { id: number } | undefined;

async function place(access: string, delivery: Record<string, unknown>, key = crypto.randomUUID()) {
  product ??= await stockedProduct(500);
  return api('/orders/order_create/', {
    method: 'POST',
    token: access,
    headers: { 'Idempotency-Key': key },
    json: orderBody([{ product: product.id, quantity: 1 }], { delivery }),
  });
}

describe('/accounts/addresses/', () => {
  it('asks for a session', async () => {
    expect((await api(ADDRESSES)).status).toBe(401);
    expect((await api(ADDRESSES, { method: 'POST', json: {} })).status).toBe(401);
    expect((await api(`${ADDRESSES}1/`, { method: 'DELETE' })).status).toBe(401);
  });

  it('saves, lists (the latest first), changes, marks as used and forgets an address', async () => {
    const { tokens } = await signedIn();
    const token = tokens.access;
    const first = await api(ADDRESSES, {
      method: 'POST',
      token,
      json: { country: 'kg', city: ' Бишкек ', address: 'ул. Киевская,\n95' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ country: 'kg', city: 'Бишкек', address: 'ул. Киевская, 95' });
    const second = await api(ADDRESSES, {
      method: 'POST',
      token,
      json: { country: 'kg', city: 'Ош', address: 'ул. Ленина, 1' },
    });
    expect(second.status).toBe(201);
    const list = await api(ADDRESSES, { token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results.map((a: { city: string }) => a.city)).toEqual(['Ош', 'Бишкек']);

    // Nothing to change (an unknown key only): the address as it is.
    const same = await api(`${ADDRESSES}${first.body.id}/`, { method: 'PATCH', token, json: { street: 'x' } });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(first.body);
    expect((await api(`${ADDRESSES}999999/`, { method: 'PATCH', token, json: {} })).status).toBe(404);

    const used = await api(`${ADDRESSES}${first.body.id}/`, { method: 'PATCH', token, json: { use: true } });
    expect(used.status).toBe(200);
    expect((await api(ADDRESSES, { token })).body.results[0].id).toBe(first.body.id);

    const changed = await api(`${ADDRESSES}${second.body.id}/`, {
      method: 'PATCH',
      token,
      json: { address: 'ул. Ленина, 2' },
    });
    expect(changed.body).toMatchObject({ id: second.body.id, city: 'Ош', address: 'ул. Ленина, 2' });
    expect((await api(`${ADDRESSES}${second.body.id}/`, { token })).body.address).toBe('ул. Ленина, 2');

    expect((await api(`${ADDRESSES}${second.body.id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`${ADDRESSES}${second.body.id}/`, { token })).status).toBe(404);
    expect((await api(`${ADDRESSES}?country=kz`, { token })).body.count).toBe(0);
    expect((await api(`${ADDRESSES}?country=kg`, { token })).body.count).toBe(1);
  });

  it('refuses bad input in the API style, and a repeated address', async () => {
    const { tokens } = await signedIn();
    const token = tokens.access;
    const empty = await api(ADDRESSES, { method: 'POST', token, json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['address', 'city', 'country']);
    const bad = await api(ADDRESSES, {
      method: 'POST',
      token,
      json: { country: 'ru', city: '   ', address: 'x'.repeat(301) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['address', 'city', 'country']);
    const json = { country: 'kg', city: 'Бишкек', address: 'ул. Токтогула, 125' };
    expect((await api(ADDRESSES, { method: 'POST', token, json })).status).toBe(201);
    const again = await api(ADDRESSES, { method: 'POST', token, json });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ non_field_errors: ['Такой адрес уже сохранён.'] });
    expect((await api(`${ADDRESSES}abc/`, { token })).status).toBe(404);
    expect((await api(`${ADDRESSES}?country=xx`, { token })).status).toBe(400);
    expect((await api(`${ADDRESSES}1/`, { method: 'PATCH', token, json: { use: 'yes' } })).status).toBe(400);
  });

  it("never shows or changes another account's address", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const saved = await api(ADDRESSES, {
      method: 'POST',
      token: owner.tokens.access,
      json: { country: 'kg', city: 'Бишкек', address: 'ул. Московская, 1' },
    });
    const path = `${ADDRESSES}${saved.body.id}/`;
    expect((await api(path, { token: other.tokens.access })).status).toBe(404);
    expect((await api(path, { method: 'PATCH', token: other.tokens.access, json: { city: 'Ош' } })).status).toBe(404);
    expect((await api(path, { method: 'DELETE', token: other.tokens.access })).status).toBe(404);
    expect((await api(ADDRESSES, { token: other.tokens.access })).body.count).toBe(0);
    expect((await api(path, { token: owner.tokens.access })).body.city).toBe('Бишкек');
  });

  it(`keeps at most ${MAX_ADDRESSES} per country`, async () => {
    const { tokens } = await signedIn();
    for (let i = 0; i < MAX_ADDRESSES; i++)
      await api(ADDRESSES, {
        method: 'POST',
        token: tokens.access,
        json: { country: 'kg', city: 'Бишкек', address: `ул. Абдрахманова, ${i + 1}` },
      });
    const over = await api(ADDRESSES, {
      method: 'POST',
      token: tokens.access,
      json: { country: 'kg', city: 'Бишкек', address: 'ул. Абдрахманова, 99' },
    });
    expect(over.status).toBe(400);
    expect(over.body.non_field_errors[0]).toContain('не больше 10');
    const kz = await api(ADDRESSES, {
      method: 'POST',
      token: tokens.access,
      json: { country: 'kz', city: 'Алматы', address: 'пр. Абая, 1' },
    });
    expect(kz.status).toBe(201);
  });
});

describe('a courier order remembers its address', () => {
  it('saves it as the latest once (a repeated request too), and the next checkout starts from the courier', async () => {
    const { user, tokens } = await returningCustomer();
    const delivery = { method: 'courier', city: 'Бишкек', address: 'ул. Киевская, 95, кабинет 3' };
    const key = crypto.randomUUID();
    expect((await place(tokens.access, delivery, key)).status).toBe(201);
    expect((await place(tokens.access, delivery, key)).status).toBe(201);
    const list = await api(ADDRESSES, { token: tokens.access });
    expect(list.body.results).toEqual([
      expect.objectContaining({ country: 'kg', city: 'Бишкек', address: 'ул. Киевская, 95, кабинет 3' }),
    ]);
    expect(await lastDeliveryOf(user.id, 'kg')).toEqual({ method: 'courier', pickupPoint: null });

    // Another order to the same place only marks it used; a new place comes first.
    expect((await place(tokens.access, { ...delivery, city: 'Ош', address: 'ул. Ленина, 5' })).status).toBe(201);
    expect((await place(tokens.access, delivery)).status).toBe(201);
    const after = await api(ADDRESSES, { token: tokens.access });
    expect(after.body.results.map((a: { city: string }) => a.city)).toEqual(['Бишкек', 'Ош']);
  });

  it('remembers nothing of a pickup order, which the next checkout starts from', async () => {
    const { user, tokens } = await returningCustomer();
    const [office] = await dbRows<{ id: number }>(
      sql`select id from contacts where country = 'kg' order by id limit 1`,
    );
    expect((await place(tokens.access, { method: 'pickup', pickup_point: office!.id })).status).toBe(201);
    expect((await api(ADDRESSES, { token: tokens.access })).body.count).toBe(0);
    expect(await lastDeliveryOf(user.id, 'kg')).toEqual({ method: 'pickup', pickupPoint: office!.id });
    expect(await lastDeliveryOf(user.id, 'kz')).toBeNull();
  });

  it('forgets the addresses with the account', async () => {
    const { user, tokens, password } = await signedIn();
    await api(ADDRESSES, {
      method: 'POST',
      token: tokens.access,
      json: { country: 'kg', city: 'Бишкек', address: 'ул. Киевская, 1' },
    });
    const deleted = await api('/accounts/auth/users/me/', {
      method: 'DELETE',
      token: tokens.access,
      json: { current_password: password },
    });
    expect(deleted.status).toBe(204);
    expect(await dbRows(sql`select id from delivery_addresses where user_id = ${user.id}`)).toEqual([]);
  });
});
