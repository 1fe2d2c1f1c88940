import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, idParam, jsonContent } from '../common.schemas.ts';
import * as s from './back-office.schemas.ts';

const tags = ['Staff'];
const security = [{ bearerAuth: [] }];
const staff = {
  401: jsonContent(detailSchema, 'No valid access token'),
  403: jsonContent(detailSchema, 'Not staff'),
};

export const listOrders = createRoute({
  operationId: 'staff_orders_list',
  method: 'get',
  path: '/staff/orders/',
  tags,
  security,
  summary: "Every account's orders: filters, search and ordering on the server",
  request: { query: s.staffOrderListQuery },
  responses: {
    200: jsonContent(s.staffOrderPageSchema, 'A page of orders'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const getOrder = createRoute({
  operationId: 'staff_orders_retrieve',
  method: 'get',
  path: '/staff/orders/{number}/',
  tags,
  security,
  summary: 'One order with its account, the statuses it may move to, and its history',
  request: { params: s.staffOrderNumberParam },
  responses: {
    200: jsonContent(s.staffOrderDetailSchema, 'The order'),
    ...staff,
    404: jsonContent(detailSchema, 'No such order'),
  },
});

export const changeStatus = createRoute({
  operationId: 'staff_orders_status_create',
  method: 'post',
  path: '/staff/orders/{number}/status/',
  tags,
  security,
  summary: 'Move an order along the status rules, with a comment; the customer is mailed',
  description:
    '`new` → `confirmed` → `shipped` → `completed`, and `cancelled` from `new` or `confirmed` (its stock goes back on sale). Each change is kept in the history with who made it.',
  request: {
    params: s.staffOrderNumberParam,
    body: { content: { 'application/json': { schema: s.statusChangeBody } }, required: true },
  },
  responses: {
    200: jsonContent(s.staffOrderDetailSchema, 'The order after the change'),
    400: jsonContent(fieldErrorsSchema, 'Unknown status, or a move the rules refuse: `{"status": [...]}`'),
    ...staff,
    404: jsonContent(detailSchema, 'No such order'),
  },
});

export const bulkChangeStatus = createRoute({
  operationId: 'staff_orders_bulk_status_create',
  method: 'post',
  path: '/staff/orders/bulk_status/',
  tags,
  security,
  summary: 'Move several orders along the same step at once; each customer whose order moved is mailed',
  description:
    'One transaction: every order the rules let go to `status` moves whole (status, history, stock back when cancelled), the others stay as they are and are answered with the reason (`refused`, `not_found`); a failure moves none. Answers per order, in the order sent.',
  request: { body: { content: { 'application/json': { schema: s.bulkStatusChangeBody } }, required: true } },
  responses: {
    200: jsonContent(s.bulkStatusResultSchema, 'What became of each order'),
    400: jsonContent(fieldErrorsSchema, 'No numbers, more than 100, a malformed number, or an unknown status'),
    ...staff,
  },
});

export const orderInvoice = createRoute({
  operationId: 'staff_orders_invoice_retrieve',
  method: 'get',
  path: '/staff/orders/{number}/invoice/',
  tags,
  security,
  summary: 'The invoice of an order paid by bank transfer, as a PDF download (the one the customer got)',
  request: { params: s.staffOrderNumberParam },
  responses: {
    200: {
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      description: '`Content-Disposition: attachment`, `Cache-Control: private, no-store`',
    },
    ...staff,
    404: jsonContent(detailSchema, 'No such order, or it has no invoice (paid on receipt, or cancelled)'),
  },
});

export const dashboard = createRoute({
  operationId: 'staff_dashboard_retrieve',
  method: 'get',
  path: '/staff/dashboard/',
  tags,
  security,
  summary:
    "What needs someone now and how the day goes: orders waiting, today's and this week's orders per country, new requests, imports, awaited products",
  responses: { 200: jsonContent(s.dashboardSchema, 'The counts'), ...staff },
});

export const listRequests = createRoute({
  operationId: 'staff_requests_list',
  method: 'get',
  path: '/staff/requests/',
  tags,
  security,
  summary: 'The inbox of visitor requests, newest first, by kind, state, country or a search',
  request: { query: s.inboxListQuery },
  responses: {
    200: jsonContent(s.inboxPageSchema, 'A page of requests'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const getRequest = createRoute({
  operationId: 'staff_requests_retrieve',
  method: 'get',
  path: '/staff/requests/{id}/',
  tags,
  security,
  summary: 'One visitor request',
  request: { params: idParam },
  responses: {
    200: jsonContent(s.inboxRequestSchema, 'The request'),
    ...staff,
    404: jsonContent(detailSchema, 'No such request'),
  },
});

export const updateRequest = createRoute({
  operationId: 'staff_requests_partial_update',
  method: 'patch',
  path: '/staff/requests/{id}/',
  tags,
  security,
  summary:
    'Move a request along (new, in_progress, done, spam; a course sign-up also accepted, declined) or change its notes',
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: s.inboxUpdateBody } }, required: true },
  },
  responses: {
    200: jsonContent(s.inboxRequestSchema, 'The request after the change'),
    400: jsonContent(fieldErrorsSchema, 'Invalid input, or a state its kind has not'),
    ...staff,
    404: jsonContent(detailSchema, 'No such request'),
    409: jsonContent(
      s.seatsConflictSchema,
      'Accepting a course sign-up: its course has fewer free seats than it names participants, or is gone; nothing changed',
    ),
  },
});

export const requestFile = createRoute({
  operationId: 'staff_requests_file_retrieve',
  method: 'get',
  path: '/staff/requests/{id}/file/',
  tags,
  security,
  summary: 'The file a request came with (a model, a CV), always as a download',
  description:
    '`Content-Disposition: attachment`, `X-Content-Type-Options: nosniff` and a sandboxing CSP: the browser never shows it as a page of the shop.',
  request: { params: idParam },
  responses: {
    200: {
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      description: 'The file',
    },
    ...staff,
    404: jsonContent(detailSchema, 'No such request, or it came without a file'),
  },
});

export const listSubscribers = createRoute({
  operationId: 'staff_newsletter_list',
  method: 'get',
  path: '/staff/newsletter/',
  tags,
  security,
  summary:
    "The newsletter's subscriptions with their state (subscribed, waiting for confirmation, unsubscribed), newest first",
  request: { query: s.subscriberListQuery },
  responses: {
    200: jsonContent(s.subscriberPageSchema, 'A page of subscribers'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const exportSubscribers = createRoute({
  operationId: 'staff_newsletter_export_retrieve',
  method: 'get',
  path: '/staff/newsletter/export/',
  tags,
  security,
  summary:
    'The subscribers (of a country) as a CSV Excel opens (UTF-8 with a BOM, `;`): confirmed addresses only, never pending or unsubscribed ones',
  request: { query: s.subscriberExportQuery },
  responses: {
    200: {
      content: { 'text/csv': { schema: { type: 'string' } } },
      description: 'email; страна; подписан (the day it was confirmed)',
    },
    400: jsonContent(fieldErrorsSchema, 'Unknown country'),
    ...staff,
  },
});

export const listProducts = createRoute({
  operationId: 'staff_products_list',
  method: 'get',
  path: '/staff/products/',
  tags,
  security,
  summary: 'Every product, hidden ones too, with its offers per country',
  request: { query: s.staffProductListQuery },
  responses: {
    200: jsonContent(s.staffProductPageSchema, 'A page of products'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const getProduct = createRoute({
  operationId: 'staff_products_retrieve',
  method: 'get',
  path: '/staff/products/{sku}/',
  tags,
  security,
  summary: 'One product with its description, images, specifications and offers',
  request: { params: s.skuParam },
  responses: {
    200: jsonContent(s.staffProductDetailSchema, 'The product'),
    ...staff,
    404: jsonContent(detailSchema, 'No such SKU'),
  },
});

export const createProduct = createRoute({
  operationId: 'staff_products_create',
  method: 'post',
  path: '/staff/products/',
  tags,
  security,
  summary: 'Create a product: the same checks and writing as a products file',
  request: { body: { content: { 'application/json': { schema: s.productRowBody } }, required: true } },
  responses: {
    201: jsonContent(s.staffProductDetailSchema, 'The product'),
    400: jsonContent(fieldErrorsSchema, 'Per field, as the products file reports them'),
    ...staff,
    409: jsonContent(detailSchema, 'The SKU exists'),
  },
});

export const updateProduct = createRoute({
  operationId: 'staff_products_partial_update',
  method: 'patch',
  path: '/staff/products/{sku}/',
  tags,
  security,
  summary: 'Change a product: only the keys sent, with the same checks as a products file',
  request: {
    params: s.skuParam,
    body: { content: { 'application/json': { schema: s.productRowBody } }, required: true },
  },
  responses: {
    200: jsonContent(s.staffProductDetailSchema, 'The product'),
    400: jsonContent(fieldErrorsSchema, 'Per field, as the products file reports them'),
    ...staff,
    404: jsonContent(detailSchema, 'No such SKU'),
  },
});

export const bulkChangeProducts = createRoute({
  operationId: 'staff_products_bulk_update_create',
  method: 'post',
  path: '/staff/products/bulk_update/',
  tags,
  security,
  summary: 'Show or hide several products, or give them a category or a brand, at once',
  description:
    'One transaction through the same checks and writing as a products file: each product changed is in the journal; SKUs the catalog does not have are answered in `not_found`; a change the catalog refuses (an unknown category or brand) writes nothing.',
  request: { body: { content: { 'application/json': { schema: s.productsBulkChangeBody } }, required: true } },
  responses: {
    200: jsonContent(s.productsBulkResultSchema, 'What was changed'),
    400: jsonContent(fieldErrorsSchema, 'No SKUs, more than 500, nothing to change, or an unknown category or brand'),
    ...staff,
  },
});

export const listPublications = createRoute({
  operationId: 'staff_publications_list',
  method: 'get',
  path: '/staff/publications/',
  tags,
  security,
  summary: 'News, articles and site pages, drafts and scheduled ones too, last changed first',
  request: { query: s.publicationListQuery },
  responses: {
    200: jsonContent(s.staffPublicationPageSchema, 'A page of publications'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const getPublication = createRoute({
  operationId: 'staff_publications_retrieve',
  method: 'get',
  path: '/staff/publications/{id}/',
  tags,
  security,
  summary: 'One publication',
  request: { params: idParam },
  responses: {
    200: jsonContent(s.staffPublicationSchema, 'The publication'),
    ...staff,
    404: jsonContent(detailSchema, 'No such publication'),
  },
});

export const createPublication = createRoute({
  operationId: 'staff_publications_create',
  method: 'post',
  path: '/staff/publications/',
  tags,
  security,
  summary: 'Write a publication: its body sanitised, on the site at once (or at `published_at`)',
  request: { body: { content: { 'application/json': { schema: s.publicationCreateBody } }, required: true } },
  responses: {
    201: jsonContent(s.staffPublicationSchema, 'The publication'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updatePublication = createRoute({
  operationId: 'staff_publications_partial_update',
  method: 'patch',
  path: '/staff/publications/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: s.publicationUpdateBody } }, required: true },
  },
  responses: {
    200: jsonContent(s.staffPublicationSchema, 'The publication'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'No such publication'),
  },
});

export const deletePublication = createRoute({
  operationId: 'staff_publications_destroy',
  method: 'delete',
  path: '/staff/publications/{id}/',
  tags,
  security,
  summary: 'Delete a publication (to hide it, make it a draft instead)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'No such publication') },
});

export const uploadMedia = createRoute({
  operationId: 'staff_media_create',
  method: 'post',
  path: '/staff/media/',
  tags,
  security,
  summary: 'Store a product photo: checked, kept once per content, served in sizes (AVIF, WebP) from `/media/`',
  request: { body: { content: { 'multipart/form-data': { schema: s.mediaUploadForm } }, required: true } },
  responses: {
    201: jsonContent(s.storedImageSchema, 'The stored photo'),
    400: jsonContent(fieldErrorsSchema, 'Not a photo the shop takes (format, size, pixels)'),
    ...staff,
    413: jsonContent(detailSchema, 'Larger than 20 MB'),
  },
});
