import { z } from '@hono/zod-openapi';
import { COUNTRY_CODES, CURRENCY_CODES } from '../../../shared/countries.ts';
import { DELIVERY_METHODS, PAYMENT_METHODS } from '../../../shared/order-methods.ts';
import {
  ORDER_NUMBER_PATTERN,
  ORDER_STATUSES,
  STAFF_ORDER_ORDERINGS,
  STAFF_ORDER_STATUSES,
} from '../../orders/index.ts';
import { STAFF_PRODUCT_ORDERINGS } from '../../catalog/staff-products.queries.ts';
import { BULK_PRODUCTS_LIMIT } from '../../imports/product-edits.ts';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../../requests/requests-inbox.ts';
import { SUBSCRIPTION_STATES } from '../../requests/newsletter.queries.ts';
import { countryEnum } from '../common.schemas.ts';
import { filledLine, line, text } from '../fields.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';
import { orderSchema } from '../orders/orders.schemas.ts';

/** The back office (besides imports): orders, their status changes and the dashboard. Money is a decimal string in the order's `currency`. */

const statusEnum = z.enum(STAFF_ORDER_STATUSES, {
  error: `Неизвестный статус. Допустимые значения: ${STAFF_ORDER_STATUSES.join(', ')}.`,
});
/** Any status an order has had: an approved clinic order's history starts awaiting the owner's approval. */
const anyStatusEnum = z.enum(ORDER_STATUSES);

/** `2026-11-25` or a full ISO moment; a bare date is that day's start in UTC. */
const moment = (what: string) =>
  z
    .string()
    .refine((s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s)), {
      message: 'Дата в формате ГГГГ-ММ-ДД (или дата и время ISO 8601).',
    })
    .transform((s) => new Date(s))
    .optional()
    .openapi({ param: { description: what }, type: 'string', format: 'date-time' });

const paymentMethodEnum = z.enum(PAYMENT_METHODS, {
  error: `Неизвестный способ оплаты. Допустимые значения: ${PAYMENT_METHODS.join(', ')}.`,
});
const deliveryMethodEnum = z.enum(DELIVERY_METHODS, {
  error: `Неизвестный способ доставки. Допустимые значения: ${DELIVERY_METHODS.join(', ')}.`,
});

export const staffOrderListQuery = z.object({
  ...paginationQuery(25),
  status: statusEnum.optional(),
  country: countryEnum.optional(),
  payment_method: paymentMethodEnum.optional(),
  delivery_method: deliveryMethodEnum.optional(),
  created_after: moment('Placed at or after (a date or an ISO moment).'),
  created_before: moment('Placed before (a date or an ISO moment).'),
  search: text(100)
    .optional()
    .openapi({ param: { description: 'Part of the number, an email (contact or account), the name or the phone.' } }),
  ordering: z
    .enum(STAFF_ORDER_ORDERINGS, { error: `Допустимые значения: ${STAFF_ORDER_ORDERINGS.join(', ')}.` })
    .optional()
    .default('-created_at'),
});

export const staffOrderNumberParam = z.object({
  number: z
    .string()
    .regex(ORDER_NUMBER_PATTERN, 'Номер заказа выглядит так: KG-000123.')
    .openapi({ param: { name: 'number', in: 'path' }, example: 'KG-000123' }),
});

const eventSchema = z
  .object({
    from_status: anyStatusEnum.nullable().openapi({ description: 'Null for the placing of the order.' }),
    from_status_label: z.string().nullable(),
    to_status: anyStatusEnum,
    to_status_label: z.string(),
    source: z.enum(['customer', 'staff', 'expiry']),
    source_label: z.string().openapi({ example: 'сотрудник' }),
    user: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    comment: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('OrderEvent');

export const staffOrderSchema = orderSchema
  .extend({
    delivery: orderSchema.shape.delivery.extend({
      method_label: z.string().openapi({ example: 'Курьером' }),
      price_label: z.string().openapi({
        description: 'The delivery price in words: «250 сом», «бесплатно», «по тарифу перевозчика, при получении».',
      }),
    }),
    payment: orderSchema.shape.payment.extend({
      method_label: z.string().openapi({ example: 'Безналичный расчёт по счёту' }),
      tax_number_label: z
        .string()
        .openapi({ description: 'What the tax number is called in the country.', example: 'ИНН' }),
    }),
    invoice: z
      .object({
        url: z.string().openapi({ example: '/api/v1/staff/orders/KG-000123/invoice/' }),
        filename: z.string().openapi({ example: 'Счёт KG-000123.pdf' }),
      })
      .nullable()
      .openapi({ description: 'The invoice PDF of an order paid by bank transfer (not cancelled); null otherwise.' }),
    account_email: z.string().openapi({ description: "The account's own address; the contact email may differ." }),
    account_email_confirmed: z.boolean().openapi({
      description:
        "Whether the account's address is confirmed (and the account active): the order's status mails go only to such an address.",
    }),
    allowed_statuses: z
      .array(statusEnum)
      .openapi({ description: 'The statuses this order may move to now (`orders/order-status.ts`).' }),
  })
  .openapi('StaffOrder');

export const staffOrderDetailSchema = staffOrderSchema
  .extend({ history: z.array(eventSchema) })
  .openapi('StaffOrderDetail');

export const staffOrderPageSchema = pageSchema(staffOrderSchema).openapi('StaffOrderPage');

export const statusChangeBody = z
  .object({
    status: statusEnum,
    comment: text(1000)
      .optional()
      .default('')
      .transform((value) => value.trim())
      .openapi({ description: 'Kept in the history and mailed to the customer with the new status.' }),
  })
  .openapi('OrderStatusChange');

export const bulkStatusChangeBody = z
  .object({
    numbers: z
      .array(z.string().regex(ORDER_NUMBER_PATTERN, 'Номер заказа выглядит так: KG-000123.'), {
        error: (issue) => (issue.input === undefined ? 'Обязательное поле.' : 'Ожидается список номеров заказов.'),
      })
      .min(1, 'Выберите хотя бы один заказ.')
      .max(100, 'Не больше 100 заказов за раз.')
      .openapi({ example: ['KG-000123', 'KG-000124'] }),
    status: statusEnum,
    comment: statusChangeBody.shape.comment,
  })
  .openapi('OrderBulkStatusChange');

export const bulkStatusResultSchema = z
  .object({
    moved: z.number().int().openapi({ description: 'How many orders moved.' }),
    results: z.array(
      z.object({
        number: z.string(),
        result: z.enum(['moved', 'refused', 'not_found']),
        status: anyStatusEnum
          .nullable()
          .openapi({ description: "The order's status now; null when there is no such order." }),
        reason: z.string().openapi({ description: 'Why it did not move, in words; empty when it did.' }),
      }),
    ),
  })
  .openapi('OrderBulkStatusResult');

const orderPeriodSchema = z.object({
  since: z.string().openapi({ format: 'date-time', description: 'The period began: midnight in the country.' }),
  count: z.number().int().openapi({ description: 'Orders placed since, whatever their status now.' }),
  cancelled: z.number().int().openapi({ description: 'Of them, those cancelled by now.' }),
  value: z.string().openapi({ example: '45300.00', description: 'The totals of those not cancelled.' }),
});

export const dashboardSchema = z
  .object({
    orders: z.object({
      waiting: z.number().int().openapi({ description: 'Orders in status `new`.' }),
      oldest_waiting_since: z.string().nullable().openapi({ format: 'date-time' }),
      by_country: z
        .array(
          z.object({
            country: z.enum(COUNTRY_CODES),
            currency: z.enum(CURRENCY_CODES),
            today: orderPeriodSchema,
            week: orderPeriodSchema,
          }),
        )
        .openapi({
          description:
            "Orders placed today and this week (from Monday), on each country's clock; `since` is the filter `created_after` that lists them.",
        }),
    }),
    requests: z
      .record(z.string(), z.number().int())
      .openapi({ description: 'Visitor requests in status `new`, per kind.' }),
    imports: z.object({ running: z.number().int(), failed_last_week: z.number().int() }),
    awaited: z.array(
      z.object({
        product: z.number().int(),
        sku: z.string(),
        name: z.string(),
        country: z.enum(COUNTRY_CODES),
        waiting: z.number().int().openapi({ description: 'Back-in-stock alerts waiting.' }),
      }),
    ),
  })
  .openapi('StaffDashboard');

const requestKindEnum = z.enum(REQUEST_KINDS, { error: `Допустимые значения: ${REQUEST_KINDS.join(', ')}.` });
const requestStatusEnum = z.enum(REQUEST_STATUSES, { error: `Допустимые значения: ${REQUEST_STATUSES.join(', ')}.` });

export const inboxListQuery = z.object({
  ...paginationQuery(25),
  kind: requestKindEnum.optional(),
  status: requestStatusEnum.optional(),
  country: countryEnum.optional(),
  course: z
    .string()
    .regex(/^\d{1,9}$/, 'Ожидается числовой идентификатор курса.')
    .transform(Number)
    .optional()
    .openapi({ type: 'integer', param: { description: "A course's id: its sign-ups." } }),
  search: text(100)
    .optional()
    .openapi({
      param: { description: 'A request number («В-0003», «в-3»), or part of the name, email, phone or message.' },
    }),
});

export const inboxRequestSchema = z
  .object({
    id: z.number().int(),
    number: z.string().openapi({ description: 'The number people read, counted within its kind: «В-0003».' }),
    kind: requestKindEnum,
    kind_label: z.string(),
    country: z.enum(COUNTRY_CODES),
    status: requestStatusEnum,
    status_label: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number()])),
    about: z.string().openapi({ description: 'The course, vacancy or printing service it is about, by title.' }),
    course: z
      .object({
        id: z.number().int(),
        title: z.string(),
        seats_left: z.number().int(),
        seats_total: z.number().int(),
        url: z.string().openapi({ description: 'The course on the site.' }),
      })
      .nullable()
      .openapi({ description: "A course sign-up's course (null for other kinds, or once the course is deleted)." }),
    seats_held: z.number().int().openapi({
      description:
        'Seats this sign-up holds on its course: its participants once accepted (`accepted`, then `done`), 0 otherwise.',
    }),
    attachment: z
      .object({ filename: z.string(), content_type: z.string(), size: z.number().int(), url: z.string() })
      .nullable(),
    notes: z.string(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('InboxRequest');

export const inboxPageSchema = pageSchema(inboxRequestSchema).openapi('InboxRequestPage');

export const inboxUpdateBody = z
  .object({
    status: requestStatusEnum.optional().openapi({
      description:
        '`accepted` and `declined` are for course sign-ups only: accepting takes the participants’ seats from the course (409 when fewer are free), declining, marking spam or moving back gives them back.',
    }),
    notes: text(4000).optional(),
  })
  .refine((body) => body.status !== undefined || body.notes !== undefined, {
    message: 'Укажите status или notes.',
  })
  .openapi('InboxRequestUpdate');

export const seatsConflictSchema = z
  .object({
    detail: z.string(),
    seats_left: z.number().int().optional().openapi({ description: 'Free seats on the course now.' }),
    seats_wanted: z.number().int().optional().openapi({ description: 'Participants the sign-up names.' }),
  })
  .openapi('CourseSeatsConflict');

export const subscriberListQuery = z.object({
  ...paginationQuery(50),
  country: countryEnum.optional(),
  state: z
    .enum(SUBSCRIPTION_STATES, { error: `Допустимые значения: ${SUBSCRIPTION_STATES.join(', ')}.` })
    .optional()
    .openapi({
      param: { description: '`active`: confirmed subscribers; `pending`: waiting for confirmation; `unsubscribed`.' },
    }),
  search: text(100)
    .optional()
    .openapi({ param: { description: 'Part of the email.' } }),
});

export const subscriberSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    country: z.enum(COUNTRY_CODES),
    state: z.enum(SUBSCRIPTION_STATES),
    state_label: z.string(),
    subscribed_at: z.string().openapi({ format: 'date-time', description: 'When the address was given in the form.' }),
    confirmed_at: z
      .string()
      .nullable()
      .openapi({ format: 'date-time', description: 'When its owner confirmed it; null while pending.' }),
    unsubscribed_at: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('NewsletterSubscriber');

export const subscriberPageSchema = pageSchema(subscriberSchema).openapi('NewsletterSubscriberPage');

export const subscriberExportQuery = z.object({ country: countryEnum.optional() });

export const staffProductListQuery = z.object({
  ...paginationQuery(25),
  search: text(100)
    .optional()
    .openapi({ param: { description: 'Part of the SKU or the name.' } }),
  category: text(200)
    .optional()
    .openapi({ param: { description: 'Category slug.' } }),
  brand: text(200)
    .optional()
    .openapi({ param: { description: 'Brand slug.' } }),
  is_active: z
    .enum(['true', 'false'], { error: 'Ожидается true или false.' })
    .transform((v) => v === 'true')
    .optional(),
  ordering: z
    .enum(STAFF_PRODUCT_ORDERINGS, { error: `Допустимые значения: ${STAFF_PRODUCT_ORDERINGS.join(', ')}.` })
    .optional()
    .default('name'),
});

export const skuParam = z.object({
  sku: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'sku', in: 'path' }, example: '3M-Z250-A2' }),
});

const offerSchema = z.object({
  country: z.enum(COUNTRY_CODES),
  price: z.string(),
  old_price: z.string().nullable(),
  quantity: z.number().int(),
});

export const staffProductSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    slug: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    brand: z.object({ slug: z.string(), name: z.string() }).nullable(),
    family: z.string().nullable(),
    is_active: z.boolean(),
    offers: z.array(offerSchema).openapi({ description: 'Price and stock per country; none where it is not sold.' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
    image: z.string().nullable().openapi({
      description: 'The main photo (`/media/<key>`, served resized as `/media/<key>/160.webp`), or null.',
    }),
  })
  .openapi('StaffProduct');

export const staffProductDetailSchema = staffProductSchema
  .extend({
    description: z.string(),
    images: z.array(z.string()),
    specifications: z.record(z.string(), z.array(z.string())),
  })
  .openapi('StaffProductDetail');

export const staffProductPageSchema = pageSchema(staffProductSchema).openapi('StaffProductPage');

const CATALOG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const productsBulkChangeBody = z
  .object({
    skus: z
      .array(z.string().trim().min(1, 'Пустой артикул.').max(100, 'Артикул длиннее 100 символов.'), {
        error: (issue) => (issue.input === undefined ? 'Обязательное поле.' : 'Ожидается список артикулов.'),
      })
      .min(1, 'Выберите хотя бы один товар.')
      .max(BULK_PRODUCTS_LIMIT, `Не больше ${BULK_PRODUCTS_LIMIT} товаров за раз.`)
      .openapi({ example: ['3M-Z250-A2', 'MC-STN-M'] }),
    changes: z
      .object({
        is_active: z.boolean({ error: 'true (показан) или false (скрыт).' }).optional(),
        category: z
          .string()
          .regex(CATALOG_SLUG, 'Slug категории: строчные латинские буквы, цифры и дефисы.')
          .optional(),
        brand: z
          .string()
          .regex(CATALOG_SLUG, 'Slug бренда: строчные латинские буквы, цифры и дефисы.')
          .nullable()
          .optional()
          .openapi({ description: 'A brand slug; null: no brand.' }),
      })
      .refine((changes) => Object.keys(changes).length > 0, 'Укажите, что изменить: is_active, category или brand.'),
  })
  .openapi('ProductsBulkChange');

export const productsBulkResultSchema = z
  .object({
    updated: z.array(z.string()).openapi({ description: 'The SKUs changed.' }),
    unchanged: z.array(z.string()).openapi({ description: 'The SKUs that had these values already.' }),
    not_found: z.array(z.string()).openapi({ description: 'The SKUs the catalog does not have.' }),
  })
  .openapi('ProductsBulkResult');

export const productRowBody = z.record(z.string(), z.unknown()).openapi('ProductRow', {
  description:
    'One product as a row of the products file (`products@1`, README «Staff imports»): `sku`, `name`, `slug`, `category`, `brand`, `family`, `is_active`, `description`, `images`, `specifications`. Absent keys stay as they are; `null` clears what may be cleared.',
  example: { sku: '3M-Z250-A2', name: 'Filtek Z250 A2, 4 г', category: 'kompozity', brand: '3m', is_active: true },
});

const PUBLICATION_KINDS = ['article', 'news', 'page'] as const;
const publicationKind = z.enum(PUBLICATION_KINDS, { error: 'Допустимые значения: article, news, page.' });
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A site path (`/images/…`) or an http(s) URL: what a cover may be. */
const imageUrl = line(500).refine(
  (value) =>
    value.startsWith('/')
      ? !value.startsWith('//')
      : URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
  'Путь на сайте (/images/…) или адрес http(s)://.',
);

const publicationFields = {
  title: filledLine(300),
  slug: line(190).refine((value) => value === '' || SLUG.test(value), 'Только латиница, цифры и дефисы: o-kompanii.'),
  lead: text(1000),
  body: text(200_000).openapi({ description: 'HTML; sanitised on the server before it is stored.' }),
  cover: imageUrl.nullable(),
  cover_alt: line(300),
  seo_title: line(300),
  seo_description: line(500),
  topics: z.array(line(60)).max(20, 'Не больше 20 тем.'),
  published_at: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'Дата и время в формате ISO 8601.')
    .transform((s) => new Date(s))
    .nullable()
    .openapi({ type: 'string', format: 'date-time', description: 'Null: a draft. A future moment publishes then.' }),
};

export const publicationCreateBody = z
  .object({
    kind: publicationKind,
    ...publicationFields,
    slug: publicationFields.slug.optional(),
    lead: publicationFields.lead.optional().default(''),
    body: publicationFields.body.optional().default(''),
    cover: publicationFields.cover.optional().default(null),
    cover_alt: publicationFields.cover_alt.optional().default(''),
    seo_title: publicationFields.seo_title.optional().default(''),
    seo_description: publicationFields.seo_description.optional().default(''),
    topics: publicationFields.topics.optional().default([]),
    published_at: publicationFields.published_at.optional().default(null),
  })
  .openapi('PublicationCreate');

export const publicationUpdateBody = z.object(publicationFields).partial().openapi('PublicationUpdate');

export const publicationListQuery = z.object({
  ...paginationQuery(25),
  kind: publicationKind.optional(),
  state: z
    .enum(['published', 'scheduled', 'draft'], { error: 'Допустимые значения: published, scheduled, draft.' })
    .optional(),
  search: text(100)
    .optional()
    .openapi({ param: { description: 'Part of the title.' } }),
});

export const staffPublicationSchema = z
  .object({
    id: z.number().int(),
    kind: publicationKind,
    slug: z.string(),
    title: z.string(),
    lead: z.string(),
    body: z.string(),
    cover: z.string().nullable(),
    cover_alt: z.string(),
    seo_title: z.string(),
    seo_description: z.string(),
    topics: z.array(z.string()),
    reading_minutes: z.number().int(),
    published_at: z.string().nullable().openapi({ format: 'date-time' }),
    state: z.enum(['published', 'scheduled', 'draft']),
    url: z.string().nullable().openapi({ description: 'Where the site shows it (Kyrgyzstan), once published.' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('StaffPublication');

export const staffPublicationPageSchema = pageSchema(staffPublicationSchema).openapi('StaffPublicationPage');

/** A product photo uploaded by the staff (`POST /staff/media/`). */
export const mediaUploadForm = z
  .object({
    file: z
      .instanceof(File, { message: 'Приложите фото.' })
      .refine((f) => f.size > 0 || f.name !== '', 'Приложите фото.')
      .openapi({
        type: 'string',
        format: 'binary',
        description: 'JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF; at most 20 MB, at least 200 px a side.',
      }),
  })
  .openapi('MediaUpload');

export const storedImageSchema = z
  .object({
    url: z.string().openapi({
      example: '/media/3f2a9c0d4b1e8f7a6c5d2e1b',
      description: "What goes into a product's `images`; served resized at `/media/<key>/<width>.<avif|webp>`.",
    }),
    width: z.number().int().openapi({ example: 1600 }),
    height: z.number().int().openapi({ example: 1200 }),
  })
  .openapi('StoredImage');
