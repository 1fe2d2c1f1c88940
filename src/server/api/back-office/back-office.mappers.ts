import { sanitizeForPage } from '../../content/sanitize.ts';
import type { Dashboard, OrderPeriod } from '../../back-office/dashboard.queries.ts';
import {
  staffTransitions,
  deliveryPriceText,
  hasInvoice,
  invoiceFilename,
  ORDER_STATUS_LABELS,
  type BulkMoveOutcome,
  type OrderEvent,
  type StaffOrder,
} from '../../orders/index.ts';
import { DELIVERY_METHOD_LABELS, PAYMENT_METHOD_LABELS, TAX_NUMBER } from '../../../shared/order-methods.ts';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS, type InboxRequest } from '../../requests/requests-inbox.ts';
import type { StaffProduct, StaffProductDetail } from '../../catalog/staff-products.queries.ts';
import type { StaffPublication } from '../../content/publications.service.ts';
import { paths } from '../../../shared/paths.ts';
import { CITIES, type CityCode } from '../../../shared/cities.ts';
import { COUNTRIES, DEFAULT_COUNTRY } from '../../../shared/countries.ts';
import { SUBSCRIPTION_STATE_LABELS, type Subscriber } from '../../requests/newsletter.queries.ts';
import { toOrderJson } from '../orders/orders.mappers.ts';

const EVENT_SOURCE_LABELS: Record<OrderEvent['source'], string> = {
  customer: 'покупатель',
  staff: 'сотрудник',
  expiry: 'автоматически',
};

export function toStaffOrderJson(order: StaffOrder) {
  const json = toOrderJson(order);
  return {
    ...json,
    delivery: {
      ...json.delivery,
      method_label: DELIVERY_METHOD_LABELS[order.delivery.method],
      price_label: deliveryPriceText(order),
    },
    payment: {
      ...json.payment,
      method_label: PAYMENT_METHOD_LABELS[order.payment.method],
      tax_number_label: TAX_NUMBER[order.country].name,
    },
    invoice: hasInvoice(order) ? { url: staffInvoiceUrl(order.number), filename: invoiceFilename(order) } : null,
    account_email: order.accountEmail,
    account_email_confirmed: order.accountEmailConfirmed,
    allowed_statuses: staffTransitions(order.status),
  };
}

export const staffInvoiceUrl = (number: string) => `/api/v1/staff/orders/${encodeURIComponent(number)}/invoice/`;

export function toStaffOrderDetailJson({ order, events }: { order: StaffOrder; events: OrderEvent[] }) {
  return {
    ...toStaffOrderJson(order),
    history: events.map((event) => ({
      from_status: event.fromStatus,
      from_status_label: event.fromStatus ? ORDER_STATUS_LABELS[event.fromStatus] : null,
      to_status: event.toStatus,
      to_status_label: ORDER_STATUS_LABELS[event.toStatus],
      source: event.source,
      source_label: EVENT_SOURCE_LABELS[event.source],
      user: event.user,
      comment: event.comment,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

export function toBulkStatusJson(outcomes: BulkMoveOutcome[]) {
  return { moved: outcomes.filter((o) => o.result === 'moved').length, results: outcomes };
}

const toOrderPeriodJson = (period: OrderPeriod) => ({
  since: period.since.toISOString(),
  count: period.count,
  cancelled: period.cancelled,
  value: period.value,
});

export function toDashboardJson(dashboard: Dashboard) {
  return {
    orders: {
      waiting: dashboard.orders.waiting,
      oldest_waiting_since: dashboard.orders.oldestWaitingSince?.toISOString() ?? null,
      by_country: dashboard.orders.byCountry.map((c) => ({
        country: c.country,
        currency: COUNTRIES[c.country].currency,
        today: toOrderPeriodJson(c.today),
        week: toOrderPeriodJson(c.week),
      })),
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
    course: request.course
      ? {
          id: request.course.id,
          title: request.course.title,
          seats_left: request.course.seatsLeft,
          seats_total: request.course.seatsTotal,
          url: paths.course(CITIES[request.course.city as CityCode]?.country ?? request.country, request.course.slug),
        }
      : null,
    seats_held: request.seatsHeld,
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
    image: product.image,
  };
}

export function toStaffProductDetailJson(product: StaffProductDetail) {
  return {
    ...toStaffProductJson(product),
    // Sanitised on the way out too: text written to the database some other way never reaches the editor raw.
    description: sanitizeForPage(product.description),
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
    body: sanitizeForPage(publication.body),
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
