import type { Dashboard } from '../../back-office/dashboard.queries.ts';
import { allowedTransitions, ORDER_STATUS_LABELS, type OrderEvent, type StaffOrder } from '../../orders/index.ts';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS, type InboxRequest } from '../../requests/requests-inbox.ts';
import type { StaffProduct, StaffProductDetail } from '../../catalog/staff-products.queries.ts';
import type { StaffPublication } from '../../content/publications.service.ts';
import { paths } from '../../../shared/paths.ts';
import { DEFAULT_COUNTRY } from '../../../shared/countries.ts';
import { SUBSCRIPTION_STATE_LABELS, type Subscriber } from '../../requests/newsletter.queries.ts';
import { toOrderJson } from '../orders/orders.mappers.ts';

export function toStaffOrderJson(order: StaffOrder) {
  return {
    ...toOrderJson(order),
    account_email: order.accountEmail,
    allowed_statuses: [...allowedTransitions(order.status)],
  };
}

export function toStaffOrderDetailJson({ order, events }: { order: StaffOrder; events: OrderEvent[] }) {
  return {
    ...toStaffOrderJson(order),
    history: events.map((event) => ({
      from_status: event.fromStatus,
      to_status: event.toStatus,
      to_status_label: ORDER_STATUS_LABELS[event.toStatus],
      source: event.source,
      user: event.user,
      comment: event.comment,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

export function toDashboardJson(dashboard: Dashboard) {
  return {
    orders: {
      new_last_day: dashboard.orders.newLastDay,
      waiting: dashboard.orders.waiting,
      oldest_waiting_since: dashboard.orders.oldestWaitingSince?.toISOString() ?? null,
    },
    requests: dashboard.requests,
    imports: { running: dashboard.imports.running, failed_last_week: dashboard.imports.failedLastWeek },
    awaited: dashboard.awaited.map((a) => ({
      product: a.productId,
      sku: a.sku,
      name: a.name,
      country: a.country,
      waiting: a.waiting,
    })),
  };
}

export function toInboxRequestJson(request: InboxRequest) {
  return {
    id: request.id,
    number: request.number,
    kind: request.kind,
    kind_label: REQUEST_KIND_LABELS[request.kind],
    country: request.country,
    status: request.status,
    status_label: REQUEST_STATUS_LABELS[request.status],
    name: request.name,
    email: request.email,
    phone: request.phone,
    message: request.message,
    details: request.details,
    about: request.about,
    attachment: request.attachment
      ? {
          filename: request.attachment.filename,
          content_type: request.attachment.contentType,
          size: request.attachment.size,
          url: `/api/v1/staff/requests/${request.id}/file/`,
        }
      : null,
    notes: request.notes,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}

export function toSubscriberJson(subscriber: Subscriber) {
  return {
    id: subscriber.id,
    email: subscriber.email,
    country: subscriber.country,
    state: subscriber.state,
    state_label: SUBSCRIPTION_STATE_LABELS[subscriber.state],
    subscribed_at: subscriber.subscribedAt.toISOString(),
    confirmed_at: subscriber.confirmedAt?.toISOString() ?? null,
    unsubscribed_at: subscriber.unsubscribedAt?.toISOString() ?? null,
  };
}

export function toStaffProductJson(product: StaffProduct) {
  return {
    id: product.id,
    sku: product.sku,
    name: product.name,
    slug: product.slug,
    category: product.category,
    brand: product.brand,
    family: product.family,
    is_active: product.isActive,
    offers: product.offers.map((o) => ({
      country: o.country,
      price: o.price,
      old_price: o.oldPrice,
      quantity: o.quantity,
    })),
    updated_at: product.updatedAt.toISOString(),
  };
}

export function toStaffProductDetailJson(product: StaffProductDetail) {
  return {
    ...toStaffProductJson(product),
    description: product.description,
    images: product.images,
    specifications: product.specifications,
  };
}

export function toStaffPublicationJson(publication: StaffPublication, now = new Date()) {
  const state = publication.publishedAt === null ? 'draft' : publication.publishedAt > now ? 'scheduled' : 'published';
  const url =
    state !== 'published'
      ? null
      : publication.kind === 'page'
        ? paths.sitePage(DEFAULT_COUNTRY, publication.slug)
        : publication.kind === 'news'
          ? paths.newsItem(DEFAULT_COUNTRY, publication.slug)
          : paths.article(DEFAULT_COUNTRY, publication.slug);
  return {
    id: publication.id,
    kind: publication.kind,
    slug: publication.slug,
    title: publication.title,
    lead: publication.lead,
    body: publication.body,
    cover: publication.cover,
    cover_alt: publication.coverAlt,
    seo_title: publication.seoTitle,
    seo_description: publication.seoDescription,
    topics: publication.topics,
    reading_minutes: publication.readingMinutes,
    published_at: publication.publishedAt?.toISOString() ?? null,
    state: state as 'published' | 'scheduled' | 'draft',
    url,
    updated_at: publication.updatedAt.toISOString(),
  };
}
