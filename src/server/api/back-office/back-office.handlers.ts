import { readDashboard } from '../../back-office/dashboard.queries.ts';
import { findProductForStaff, listProductsForStaff } from '../../catalog/staff-products.queries.ts';
import {
  createPublication as createPublicationRow,
  deletePublication as deletePublicationRow,
  findPublicationForStaff,
  listPublicationsForStaff,
  PUBLICATION_TEXT,
  updatePublication as updatePublicationRow,
} from '../../content/publications.service.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { changeProducts, PRODUCT_EDIT_TEXT, saveProduct } from '../../imports/product-edits.ts';
import {
  changeOrderStatusAsStaff,
  changeOrderStatusesAsStaff,
  findOrderForStaff,
  hasInvoice,
  invoiceHeaders,
  listOrdersForStaff,
  renderInvoicePdf,
} from '../../orders/index.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { findInboxRequest, listInbox, readRequestFile, updateInboxRequest } from '../../requests/requests-inbox.ts';
import {
  exportSubscribers as subscribersCsv,
  listSubscribers as subscribersPage,
} from '../../requests/newsletter.queries.ts';
import { servedFileBody, servedFileHeaders } from '../../requests/served-files.ts';
import {
  toBulkStatusJson,
  toDashboardJson,
  toInboxRequestJson,
  toStaffOrderDetailJson,
  toStaffOrderJson,
  toStaffProductDetailJson,
  toStaffProductJson,
  toStaffPublicationJson,
  toSubscriberJson,
} from './back-office.mappers.ts';
import { MediaRejected, storeImage } from '../../media/media.service.ts';
import type * as routes from './back-office.routes.ts';

const NO_ORDER = 'Заказ не найден.';

export const listOrders: AppRouteHandler<typeof routes.listOrders> = async (c) => {
  const query = c.req.valid('query');
  const found = await listOrdersForStaff({
    status: query.status,
    country: query.country,
    paymentMethod: query.payment_method,
    deliveryMethod: query.delivery_method,
    createdFrom: query.created_after,
    createdBefore: query.created_before,
    search: query.search,
    ordering: query.ordering,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json(toMappedPage(c.req.url, query, found, toStaffOrderJson), 200);
};

export const getOrder: AppRouteHandler<typeof routes.getOrder> = async (c) => {
  const found = await findOrderForStaff(c.req.valid('param').number);
  if (!found) throw new NotFoundError(NO_ORDER);
  return c.json(toStaffOrderDetailJson(found), 200);
};

export const changeStatus: AppRouteHandler<typeof routes.changeStatus> = async (c) => {
  const { number } = c.req.valid('param');
  const { status, comment } = c.req.valid('json');
  await changeOrderStatusAsStaff(c.get('user')!.id, number, status, comment);
  const found = await findOrderForStaff(number);
  if (!found) throw new NotFoundError(NO_ORDER);
  return c.json(toStaffOrderDetailJson(found), 200);
};

export const bulkChangeStatus: AppRouteHandler<typeof routes.bulkChangeStatus> = async (c) => {
  const { numbers, status, comment } = c.req.valid('json');
  const outcomes = await changeOrderStatusesAsStaff(c.get('user')!.id, numbers, status, comment);
  return c.json(toBulkStatusJson(outcomes), 200);
};

export const orderInvoice: AppRouteHandler<typeof routes.orderInvoice> = async (c) => {
  const found = await findOrderForStaff(c.req.valid('param').number);
  if (!found) throw new NotFoundError(NO_ORDER);
  const { order } = found;
  if (!hasInvoice(order))
    throw new NotFoundError(
      order.status === 'cancelled'
        ? 'Заказ отменён: счёт по нему не действует.'
        : 'Этот заказ оплачивается при получении: счёта нет.',
    );
  return c.body(new Uint8Array(await renderInvoicePdf(order)), 200, invoiceHeaders(order));
};

export const dashboard: AppRouteHandler<typeof routes.dashboard> = async (c) =>
  c.json(toDashboardJson(await readDashboard()), 200);

const NO_REQUEST = 'Заявка не найдена.';

export const listRequests: AppRouteHandler<typeof routes.listRequests> = async (c) => {
  const query = c.req.valid('query');
  const found = await listInbox(query);
  return c.json(toMappedPage(c.req.url, query, found, toInboxRequestJson), 200);
};

export const getRequest: AppRouteHandler<typeof routes.getRequest> = async (c) => {
  const request = await findInboxRequest(c.req.valid('param').id);
  if (!request) throw new NotFoundError(NO_REQUEST);
  return c.json(toInboxRequestJson(request), 200);
};

export const updateRequest: AppRouteHandler<typeof routes.updateRequest> = async (c) => {
  const request = await updateInboxRequest(c.get('user')!.id, c.req.valid('param').id, c.req.valid('json'));
  if (!request) throw new NotFoundError(NO_REQUEST);
  return c.json(toInboxRequestJson(request), 200);
};

export const requestFile: AppRouteHandler<typeof routes.requestFile> = async (c) => {
  const file = await readRequestFile(c.req.valid('param').id);
  if (!file) throw new NotFoundError('У этой заявки нет файла.');
  return c.body(servedFileBody(file.bytes), 200, servedFileHeaders(file));
};

export const listSubscribers: AppRouteHandler<typeof routes.listSubscribers> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, await subscribersPage(query), toSubscriberJson), 200);
};

export const exportSubscribers: AppRouteHandler<typeof routes.exportSubscribers> = async (c) => {
  const { country } = c.req.valid('query');
  const csv = await subscribersCsv(country);
  return c.body(new Uint8Array(csv), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="newsletter-${country ?? 'all'}.csv"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
};

async function productOr404(sku: string) {
  const product = await findProductForStaff(sku);
  if (!product) throw new NotFoundError(PRODUCT_EDIT_TEXT.unknown(sku));
  return toStaffProductDetailJson(product);
}

export const listProducts: AppRouteHandler<typeof routes.listProducts> = async (c) => {
  const query = c.req.valid('query');
  const found = await listProductsForStaff({ ...query, isActive: query.is_active });
  return c.json(toMappedPage(c.req.url, query, found, toStaffProductJson), 200);
};

export const getProduct: AppRouteHandler<typeof routes.getProduct> = async (c) =>
  c.json(await productOr404(c.req.valid('param').sku), 200);

export const createProduct: AppRouteHandler<typeof routes.createProduct> = async (c) => {
  const body = c.req.valid('json');
  const sku = typeof body.sku === 'string' ? body.sku.trim() : '';
  if (!sku) throw new ValidationError({ sku: ['Обязательное поле.'] });
  await saveProduct(c.get('user')!.id, sku, { ...body, sku }, 'create');
  return c.json(await productOr404(sku), 201);
};

export const updateProduct: AppRouteHandler<typeof routes.updateProduct> = async (c) => {
  const { sku } = c.req.valid('param');
  await saveProduct(c.get('user')!.id, sku, c.req.valid('json'), 'update');
  return c.json(await productOr404(sku), 200);
};

export const bulkChangeProducts: AppRouteHandler<typeof routes.bulkChangeProducts> = async (c) => {
  const { skus, changes } = c.req.valid('json');
  const result = await changeProducts(c.get('user')!.id, skus, changes);
  return c.json({ updated: result.updated, unchanged: result.unchanged, not_found: result.notFound }, 200);
};

const publicationFields = (body: {
  title?: string;
  slug?: string;
  lead?: string;
  body?: string;
  cover?: string | null;
  cover_alt?: string;
  seo_title?: string;
  seo_description?: string;
  topics?: string[];
  published_at?: Date | null;
}) => ({
  title: body.title,
  slug: body.slug,
  lead: body.lead,
  body: body.body,
  cover: body.cover,
  coverAlt: body.cover_alt,
  seoTitle: body.seo_title,
  seoDescription: body.seo_description,
  topics: body.topics,
  publishedAt: body.published_at,
});

const definedOnly = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export const listPublications: AppRouteHandler<typeof routes.listPublications> = async (c) => {
  const query = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, query, await listPublicationsForStaff(query), (p) => toStaffPublicationJson(p)),
    200,
  );
};

export const getPublication: AppRouteHandler<typeof routes.getPublication> = async (c) => {
  const publication = await findPublicationForStaff(c.req.valid('param').id);
  if (!publication) throw new NotFoundError(PUBLICATION_TEXT.notFound);
  return c.json(toStaffPublicationJson(publication), 200);
};

export const createPublication: AppRouteHandler<typeof routes.createPublication> = async (c) => {
  const body = c.req.valid('json');
  const created = await createPublicationRow(c.get('user')!.id, {
    kind: body.kind,
    title: body.title,
    slug: body.slug || undefined,
    lead: body.lead,
    body: body.body,
    cover: body.cover,
    coverAlt: body.cover_alt,
    seoTitle: body.seo_title,
    seoDescription: body.seo_description,
    topics: body.topics,
    publishedAt: body.published_at,
  });
  return c.json(toStaffPublicationJson(created), 201);
};

export const updatePublication: AppRouteHandler<typeof routes.updatePublication> = async (c) => {
  const body = c.req.valid('json');
  const change = definedOnly(publicationFields(body));
  if (change.slug === '') delete change.slug;
  const updated = await updatePublicationRow(c.get('user')!.id, c.req.valid('param').id, change);
  return c.json(toStaffPublicationJson(updated), 200);
};

export const deletePublication: AppRouteHandler<typeof routes.deletePublication> = async (c) => {
  await deletePublicationRow(c.get('user')!.id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const uploadMedia: AppRouteHandler<typeof routes.uploadMedia> = async (c) => {
  const { file } = c.req.valid('form');
  try {
    const stored = await storeImage(Buffer.from(await file.arrayBuffer()));
    return c.json({ url: stored.url, width: stored.width, height: stored.height }, 201);
  } catch (error) {
    if (error instanceof MediaRejected) throw new ValidationError({ file: [error.message] });
    throw error;
  }
};
