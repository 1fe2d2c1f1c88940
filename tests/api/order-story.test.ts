import { describe, expect, it } from 'vitest';
import { signedIn, STAFF, uniqueIp } from '../helpers/accounts.ts';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { orderBody, stockedProduct } from '../helpers/orders.ts';

// Issue 36, item 5: the customer's order carries its story, with the manager's comments and never a
// staff account.
const place = async (token: string) => {
  const product = await stockedProduct(20);
  const placed = await api('/orders/order_create/', {
    method: 'POST',
    json: orderBody([{ product: product.id, quantity: 2 }]),
    token,
    ip: uniqueIp(),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body as { number: string };
};

const move = async (number: string, status: string, comment?: string) => {
  const moved = await api(`/staff/orders/${number}/status/`, {
    method: 'POST',
    token: await staffAccess(),
    json: { status, ...(comment === undefined ? {} : { comment }) },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
};

describe('GET /orders/order_list/{number}/ history', () => {
  it('tells the placing, each move with its date, «Менеджер» for staff and the manager’s comments, oldest first', async () => {
    const customer = await signedIn();
    const { number } = await place(customer.tokens.access);
    await move(number, 'confirmed');
    await move(number, 'shipped', 'Курьер выехал, будет у вас до 18:00.');

    const { status, headers, body } = await api(`/orders/order_list/${number}/`, { token: customer.tokens.access });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(body.history).toEqual([
      expect.objectContaining({ status: 'new', status_label: 'Новый', by: 'customer', by_label: 'Вы', comment: '' }),
      expect.objectContaining({ status: 'confirmed', by: 'manager', by_label: 'Менеджер', comment: '' }),
      expect.objectContaining({
        status: 'shipped',
        by: 'manager',
        by_label: 'Менеджер',
        comment: 'Курьер выехал, будет у вас до 18:00.',
      }),
    ]);
    const times = body.history.map((entry: { created_at: string }) => Date.parse(entry.created_at));
    expect(times.every((t: number) => Number.isFinite(t))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Never who the manager is.
    expect(JSON.stringify(body.history)).not.toContain(STAFF.email);
    expect(Object.keys(body.history[1]).sort()).toEqual(
      ['by', 'by_label', 'comment', 'created_at', 'status', 'status_label'].sort(),
    );
  });

  it('tells a cancellation by the customer as theirs', async () => {
    const customer = await signedIn();
    const { number } = await place(customer.tokens.access);
    const cancelled = await api(`/orders/order_list/${number}/cancel/`, {
      method: 'POST',
      token: customer.tokens.access,
    });
    expect(cancelled.status).toBe(200);
    const { body } = await api(`/orders/order_list/${number}/`, { token: customer.tokens.access });
    expect(body.history.map((entry: { status: string; by: string }) => [entry.status, entry.by])).toEqual([
      ['new', 'customer'],
      ['cancelled', 'customer'],
    ]);
  });

  it('keeps another account’s order and its story out of reach: 404', async () => {
    const owner = await signedIn();
    const { number } = await place(owner.tokens.access);
    const stranger = await signedIn();
    const { status, body } = await api(`/orders/order_list/${number}/`, { token: stranger.tokens.access });
    expect(status).toBe(404);
    expect(body.history).toBeUndefined();
  });

  it('documents the story in the OpenAPI document', async () => {
    const { body } = await api('/schema/');
    const schemas = body.components.schemas;
    // The Order with its history: DRF clients reading an Order read this one too.
    const parts = [schemas.OrderDetail, ...(schemas.OrderDetail.allOf ?? [])];
    expect(parts.some((part: { properties?: Record<string, unknown> }) => part.properties?.history)).toBe(true);
    expect(schemas.OrderStoryEntry.properties.by.enum).toEqual(['customer', 'manager', 'shop']);
  });
});
