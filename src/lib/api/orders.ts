import { api, type ApiClient } from './client.ts';
import type { Order, OrderCreateInput } from './types.ts';

/**
 * Places an order. `idempotencyKey` (a UUID made when the checkout form opens) makes a repeated
 * submit answer the first order instead of placing a second one.
 */
export function createOrder(input: OrderCreateInput, idempotencyKey: string, client: ApiClient = api): Promise<Order> {
  return client<Order>('/orders/order_create/', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
