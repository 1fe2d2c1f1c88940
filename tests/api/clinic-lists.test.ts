import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { clinicWith, createClinic } from '../helpers/clinics.ts';
import { giveCompletedOrder, orderBody, setStock, stockedProduct } from '../helpers/orders.ts';

// A clinic's lists (issue 37): every member reads and edits them, others get 404.

const lists = (clinicId: number) => `/clinics/${clinicId}/lists/`;
const one = (clinicId: number, listId: number) => `/clinics/${clinicId}/lists/${listId}/`;

describe('clinic lists', () => {
  it('lets an assistant make, read, edit and delete a list, with each line priced and stocked in the clinic’s country', async () => {
    const { owner, member, clinic } = await clinicWith('assistant');
    const a = await stockedProduct(7);
    const b = await stockedProduct(0);
    const made = await api(lists(clinic.id), {
      method: 'POST',
      token: member.tokens.access,
      json: {
        name: '  Реставрация — расходники ',
        items: [
          { product: a.id, quantity: 10 },
          { product: b.id, quantity: 2 },
          { product: a.id, quantity: 5 },
        ],
      },
    });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`/api/v1/clinics/${clinic.id}/lists/${made.body.id}/`);
    expect(made.body).toMatchObject({
      clinic: clinic.id,
      name: 'Реставрация — расходники',
      item_count: 2,
      created_by: { user: member.user.id, email: member.email },
    });
    // A product named twice is one line, quantities added, in first-seen order.
    expect(made.body.items).toEqual([
      {
        product: {
          id: a.id,
          slug: a.slug,
          sku: a.sku,
          name: a.name,
          image: expect.any(String),
          price: a.price,
          list_price: a.price,
          currency: 'KGS',
          stock: 7,
        },
        quantity: 15,
      },
      { product: expect.objectContaining({ id: b.id, stock: 0 }), quantity: 2 },
    ]);

    // The owner sees it in the clinic's lists with its count of lines, and reads it.
    const listed = await api(lists(clinic.id), { token: owner.tokens.access });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('private, no-store');
    expect(listed.body).toEqual([expect.objectContaining({ id: made.body.id, item_count: 2 })]);
    const read = await api(one(clinic.id, made.body.id), { token: owner.tokens.access });
    expect(read.status).toBe(200);
    expect(read.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([15, 2]);

    // The owner renames it; the assistant changes quantities and removes a line.
    const renamed = await api(one(clinic.id, made.body.id), {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { name: 'Ежемесячный' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Ежемесячный', item_count: 2 });
    const edited = await api(one(clinic.id, made.body.id), {
      method: 'PATCH',
      token: member.tokens.access,
      json: { items: [{ product: b.id, quantity: 3 }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Ежемесячный', item_count: 1, items: [{ quantity: 3 }] });

    // A list of another clinic is unknown; so is this clinic to a stranger.
    const stranger = await signedIn();
    for (const path of [lists(clinic.id), one(clinic.id, made.body.id)]) {
      const answer = await api(path, { token: stranger.tokens.access });
      expect(answer.status).toBe(404);
    }
    expect(
      (await api(lists(clinic.id), { method: 'POST', token: stranger.tokens.access, json: { name: 'x', items: [] } }))
        .status,
    ).toBe(404);
    const other = (await createClinic(stranger.tokens.access)).body;
    expect((await api(one(other.id, made.body.id), { token: stranger.tokens.access })).status).toBe(404);
    expect((await api(one(other.id, made.body.id), { method: 'DELETE', token: stranger.tokens.access })).status).toBe(
      404,
    );
    expect((await api(lists(clinic.id))).status).toBe(401);

    const gone = await api(one(clinic.id, made.body.id), { method: 'DELETE', token: member.tokens.access });
    expect(gone.status).toBe(204);
    expect((await api(one(clinic.id, made.body.id), { token: owner.tokens.access })).status).toBe(404);
    expect((await api(lists(clinic.id), { token: owner.tokens.access })).body).toEqual([]);
  });

  it('says what is wrong with a list: name, lines, unknown products, a name taken', async () => {
    const { owner, clinic } = await clinicWith('buyer');
    const a = await stockedProduct(5);
    const post = (json: unknown) => api(lists(clinic.id), { method: 'POST', token: owner.tokens.access, json });

    expect((await post({ items: [] })).body).toEqual({ name: ['Обязательное поле.'] });
    expect((await post({ name: '   ', items: [] })).body).toEqual({ name: ['Это поле не может быть пустым.'] });
    const neither = await post({ name: 'Список' });
    expect(neither.status).toBe(400);
    expect(neither.body).toEqual({ non_field_errors: ['Передайте либо items, либо from_order.'] });
    const badLines = await post({
      name: 'Список',
      items: [{ product: a.id, quantity: 0 }, { product: 'x', quantity: 1 }, { product: a.id }],
    });
    expect(badLines.status).toBe(400);
    expect(badLines.body.items).toMatchObject({
      0: { quantity: ['Не меньше 1 шт.'] },
      1: { product: ['Ожидается целое число (id товара).'] },
      2: { quantity: ['Обязательное поле.'] },
    });
    const unknown = await post({
      name: 'Список',
      items: [
        { product: a.id, quantity: 1 },
        { product: 2_000_000_000, quantity: 1 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ items: [{}, { product: ['Такого товара нет в каталоге.'] }] });

    expect((await post({ name: 'Пломбы', items: [{ product: a.id, quantity: 1 }] })).status).toBe(201);
    const taken = await post({ name: 'Пломбы', items: [] });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ name: ['Список с таким названием в клинике уже есть.'] });
    const second = await post({ name: 'Другой', items: [] });
    expect(second.status).toBe(201);
    const renameTaken = await api(one(clinic.id, second.body.id), {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { name: 'Пломбы' },
    });
    expect(renameTaken.status).toBe(400);
    expect(renameTaken.body).toEqual({ name: ['Список с таким названием в клинике уже есть.'] });
    const badId = await api(`/clinics/${clinic.id}/lists/abc/`, { token: owner.tokens.access });
    expect(badId.status).toBe(404);
  });

  it("makes a list from the member's own order or a colleague's order of the clinic, never from a stranger's", async () => {
    const { owner, member, clinic } = await clinicWith('buyer');
    await giveCompletedOrder(member.user.id);
    const a = await stockedProduct(9);
    const b = await stockedProduct(9);
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      token: member.tokens.access,
      ip: uniqueIp(),
      json: orderBody(
        [
          { product: a.id, quantity: 2 },
          { product: b.id, quantity: 4 },
        ],
        { clinic: clinic.id },
      ),
    });
    expect(placed.status).toBe(201);
    // The owner makes a list of the buyer's order of the clinic.
    const made = await api(lists(clinic.id), {
      method: 'POST',
      token: owner.tokens.access,
      json: { name: 'Как в заказе', from_order: placed.body.number.toLowerCase() },
    });
    expect(made.status).toBe(201);
    expect(
      made.body.items.map((i: { product: { id: number }; quantity: number }) => [i.product.id, i.quantity]),
    ).toEqual([
      [a.id, 2],
      [b.id, 4],
    ]);
    // Stock is what the country has now.
    await setStock(a.id, 1);
    const read = await api(one(clinic.id, made.body.id), { token: member.tokens.access });
    expect(read.body.items[0].product.stock).toBe(1);

    const stranger = await signedIn();
    const theirs = (await createClinic(stranger.tokens.access)).body;
    const refused = await api(lists(theirs.id), {
      method: 'POST',
      token: stranger.tokens.access,
      json: { name: 'Чужой', from_order: placed.body.number },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ from_order: ['Заказ не найден среди ваших и заказов ваших клиник.'] });
    const malformed = await api(lists(theirs.id), {
      method: 'POST',
      token: stranger.tokens.access,
      json: { name: 'Чужой', from_order: 'нет' },
    });
    expect(malformed.body).toEqual({ from_order: ['Неверный номер заказа.'] });

    // A product gone from the catalog leaves the list.
    await dbRows(sql`delete from clinic_list_items where list_id = ${made.body.id} and product_id = ${b.id}`);
    expect((await api(lists(clinic.id), { token: owner.tokens.access })).body[0].item_count).toBe(1);
  });
});
