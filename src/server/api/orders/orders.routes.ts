import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { pageSchema } from '../pagination.ts';
import * as s from './orders.schemas.ts';

const tags = ['Orders'];
const security = [{ bearerAuth: [] }];
const unauthorized = { 401: jsonContent(detailSchema, 'No valid access token') };
const invalid = {
  400: jsonContent(
    fieldErrorsSchema,
    'Invalid input, per field; line errors as a list, `{}` for a line without errors: `{"items": [{}, {"quantity": ["Доступно только 3 шт."]}]}`',
  ),
};

export const createOrder = createRoute({
  method: 'post',
  path: '/orders/order_create/',
  operationId: 'orders_order_create_create',
  tags,
  security,
  summary: 'Place an order from the cart: every price from the database, every line or none',
  description:
    "Each line takes its quantity from the stock of the order's country in one transaction. The answer is the whole order, with the lines as they were priced. Mails go to the customer and to the shop.",
  request: {
    headers: s.idempotencyHeaders,
    body: { content: { 'application/json': { schema: s.orderCreateBody } }, required: true },
  },
  responses: {
    201: jsonContent(s.orderSchema, 'The order (also for a repeated Idempotency-Key: the first order again)'),
    ...invalid,
    ...unauthorized,
    409: jsonContent(detailSchema, 'The Idempotency-Key was used for another body'),
    429: jsonContent(
      detailSchema,
      'Too many orders from this account or address; `Retry-After` says when to try again',
    ),
  },
});

export const listOrders = createRoute({
  method: 'get',
  path: '/orders/order_list/',
  operationId: 'orders_order_list_list',
  tags,
  security,
  summary: "The account's own orders, newest first",
  request: { query: s.orderListQuery },
  responses: { 200: jsonContent(pageSchema(s.orderSchema), 'A page of orders'), ...invalid, ...unauthorized },
});

export const getOrder = createRoute({
  method: 'get',
  path: '/orders/order_list/{number}/',
  operationId: 'orders_order_list_retrieve',
  tags,
  security,
  summary: "One of the account's orders, or of its clinics' orders, by its number",
  request: { params: s.orderNumberParam },
  responses: {
    200: jsonContent(s.orderDetailSchema, 'The order, with its story'),
    ...invalid,
    ...unauthorized,
    404: jsonContent(detailSchema, 'No such order of this account or of its clinics'),
  },
});

export const cancelOrder = createRoute({
  method: 'post',
  path: '/orders/order_list/{number}/cancel/',
  operationId: 'orders_order_list_cancel_create',
  tags,
  security,
  summary: "Cancel one of the account's orders while it waits for the manager's confirmation",
  description:
    'Only an order in status `new`: its stock goes back on sale and the shop is told. A confirmed order is cancelled by the manager.',
  request: { params: s.orderNumberParam },
  responses: {
    200: jsonContent(s.orderSchema, 'The cancelled order'),
    ...invalid,
    ...unauthorized,
    404: jsonContent(detailSchema, 'No such order of this account'),
    409: jsonContent(detailSchema, 'The order is past `new` (or already cancelled)'),
  },
});

const approval = {
  200: jsonContent(s.orderSchema, 'The order'),
  ...invalid,
  ...unauthorized,
  403: jsonContent(detailSchema, "A member of the order's clinic who is not its owner"),
  404: jsonContent(detailSchema, 'No such order of a clinic the account belongs to'),
  409: jsonContent(detailSchema, 'The order does not wait for approval'),
};

export const approveOrder = createRoute({
  method: 'post',
  path: '/orders/order_list/{number}/approve/',
  operationId: 'orders_order_list_approve_create',
  tags,
  security,
  summary: "The clinic's owner approves an order waiting for approval: it goes to the shop",
  description:
    "Only an order in status `awaiting_approval` (an assistant's order, or a buyer's above the clinic's `order_limit`): it becomes `new`; the member who placed it and the shop are mailed as for a new order.",
  request: { params: s.orderNumberParam },
  responses: approval,
});

export const declineOrder = createRoute({
  method: 'post',
  path: '/orders/order_list/{number}/decline/',
  operationId: 'orders_order_list_decline_create',
  tags,
  security,
  summary: "The clinic's owner declines an order waiting for approval: it is cancelled and its stock released",
  description: 'The member who placed it is mailed the comment. The shop never saw the order.',
  request: {
    params: s.orderNumberParam,
    body: { content: { 'application/json': { schema: s.orderDeclineBody } }, required: true },
  },
  responses: approval,
});
