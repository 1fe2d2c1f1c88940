import { z } from '@hono/zod-openapi';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import {
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  ORDER_NUMBER_PATTERN,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
} from '../../orders/index.ts';
import { MAX_ID } from '../../ids.ts';
import { email, filledLine, line, phone, text } from '../fields.ts';
import { paginationQuery } from '../pagination.ts';

/** Request and response bodies of the orders API. Money is a decimal string in the order's `currency`. */

const REQUIRED = 'Обязательное поле.';
const int = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : `Ожидается целое число (${what}).`) })
    .int(`Ожидается целое число (${what}).`);

const country = z.enum(COUNTRY_CODES, {
  error: (issue) =>
    issue.input === undefined ? REQUIRED : `Неизвестная страна. Допустимые значения: ${COUNTRY_CODES.join(', ')}.`,
});

const orderItemBody = z.object({
  product: int('id товара').positive('Неверный id товара.').max(MAX_ID, 'Неверный id товара.').openapi({ example: 42 }),
  quantity: int('количество')
    .min(1, 'Не меньше 1 шт.')
    .max(MAX_LINE_QUANTITY, `Не больше ${MAX_LINE_QUANTITY} шт. в одной строке.`)
    .openapi({ example: 2 }),
});

const deliveryBody = z
  .discriminatedUnion(
    'method',
    [
      z.object({
        method: z.literal('pickup'),
        pickup_point: int('id пункта').positive().max(MAX_ID, 'Неверный id пункта.').optional().openapi({
          description: 'An office of `GET /core/contacts/?country=`; may be left out when the country has one.',
        }),
      }),
      z.object({ method: z.literal('courier'), city: filledLine(100), address: filledLine(300) }),
    ],
    {
      error: (issue) =>
        issue.input === undefined ? REQUIRED : 'Способ доставки: pickup (самовывоз) или courier (курьер).',
    },
  )
  .openapi('OrderDelivery');

const paymentBody = z
  .discriminatedUnion(
    'method',
    [
      z.object({ method: z.literal('on_receipt') }),
      z.object({
        method: z.literal('bank_transfer'),
        organisation: filledLine(200)
          .optional()
          .openapi({ description: 'The clinic paying by invoice; required unless the order names a `clinic`.' }),
        tax_number: filledLine(20).optional().openapi({
          description:
            'ИНН, 14 digits (kg), or БИН, 12 digits (kz); required unless the order names a `clinic`, whose requisites the invoice then carries.',
          example: '01234567890123',
        }),
      }),
    ],
    {
      error: (issue) =>
        issue.input === undefined
          ? REQUIRED
          : 'Способ оплаты: on_receipt (при получении) или bank_transfer (безналичный расчёт).',
    },
  )
  .openapi('OrderPayment');

export const orderCreateBody = z
  .object({
    country,
    items: z
      .array(orderItemBody, { error: (issue) => (issue.input === undefined ? REQUIRED : 'Ожидается список товаров.') })
      .min(1, 'Корзина пуста: добавьте товары.')
      .max(MAX_ORDER_LINES, `Не больше ${MAX_ORDER_LINES} строк в заказе.`),
    contact: z
      .object({
        name: line(150).optional().openapi({ description: "Default: the account's first and last name." }),
        phone: phone({ allowEmpty: true })
          .optional()
          .openapi({ description: "Default: the account's phone; one of the two is required." }),
        email: email().optional().openapi({ description: "Default: the account's email." }),
      })
      .optional()
      .default({}),
    delivery: deliveryBody,
    payment: paymentBody,
    comment: text(1000).optional().default(''),
    clinic: int('id клиники').positive('Неверный id клиники.').max(MAX_ID, 'Неверный id клиники.').optional().openapi({
      description:
        "One of the account's clinics (`GET /clinics/`) the order is placed for: its members see it, and an order by invoice is made out to the clinic's requisites.",
      example: 3,
    }),
    save_phone: z
      .boolean({ error: 'Ожидается true или false.' })
      .optional()
      .default(false)
      .openapi({ description: 'Save the contact phone to the profile.' }),
  })
  .openapi('OrderCreate', {
    description:
      'Products and quantities only: prices, totals and the currency come from the database for the country. Any other field is ignored.',
  });

export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .uuid('Idempotency-Key должен быть UUID.')
    .optional()
    .openapi({
      param: {
        in: 'header',
        description:
          'A UUID made when the checkout form opens. The same key within 24 hours answers the first order again; with another body, 409.',
      },
    }),
});

const statusEnum = z.enum(ORDER_STATUSES).openapi({
  description: Object.entries(ORDER_STATUS_LABELS)
    .map(([k, v]) => `\`${k}\` ${v}`)
    .join(', '),
});

export const orderLineSchema = z
  .object({
    product: z.number().int().nullable().openapi({ description: 'Null once the product is deleted from the catalog.' }),
    product_slug: z.string(),
    name: z.string(),
    sku: z.string(),
    price: z.string().openapi({ example: '1250.00', description: 'The unit price when ordered.' }),
    list_price: z.string().nullable().openapi({
      example: '1400.00',
      description:
        "The public unit price when ordered, when the line was priced below it with the clinic's contract price; else null.",
    }),
    quantity: z.number().int(),
    total: z.string(),
  })
  .openapi('OrderLine');

export const orderSchema = z
  .object({
    id: z.number().int(),
    number: z.string().openapi({ example: 'KG-000123' }),
    status: statusEnum,
    status_label: z.string().openapi({ example: 'Новый' }),
    country: z.enum(COUNTRY_CODES),
    currency: z.enum(['KGS', 'KZT']),
    total: z.string().openapi({ description: 'The goods plus the delivery price, when it is known.' }),
    goods_total: z.string().openapi({ description: "The lines' sum." }),
    items_count: z.number().int().openapi({ description: 'Units across all lines.' }),
    lines: z.array(orderLineSchema),
    contact: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
    delivery: z.object({
      method: z.enum(['pickup', 'courier']),
      price: z.string().nullable().openapi({
        description:
          '"0.00" when free (pickup, or above the free-delivery threshold); null when a transport company charges its tariff on receipt.',
      }),
      pickup_point: z.number().int().nullable(),
      pickup_address: z.string(),
      city: z.string(),
      address: z.string(),
    }),
    payment: z.object({
      method: z.enum(['on_receipt', 'bank_transfer']),
      organisation: z.string(),
      tax_number: z.string(),
    }),
    comment: z.string(),
    clinic: z.number().int().nullable().openapi({ description: 'The clinic the order was placed for.' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Order');

export const orderStoryEntrySchema = z
  .object({
    status: statusEnum,
    status_label: z.string().openapi({ example: 'Отправлен' }),
    created_at: z.string().openapi({ format: 'date-time', description: 'When the order moved to this status.' }),
    by: z.enum(['customer', 'manager', 'shop']).openapi({
      description:
        'Who moved it: the customer, a manager (never named), or the shop itself (an unconfirmed order cancelled).',
    }),
    by_label: z.string().openapi({ example: 'Менеджер' }),
    comment: z
      .string()
      .openapi({ example: 'Курьер выехал, будет у вас до 18:00.', description: 'Empty when there is none.' }),
  })
  .openapi('OrderStoryEntry');

export const orderDetailSchema = orderSchema
  .extend({
    history: z.array(orderStoryEntrySchema).openapi({
      description:
        "The order's story, oldest first: its placing and every change of status, with the manager's comments.",
    }),
  })
  .openapi('OrderDetail');

export const orderListQuery = z.object({
  status: z
    .enum(ORDER_STATUSES, { error: `Неизвестный статус. Допустимые значения: ${ORDER_STATUSES.join(', ')}.` })
    .optional()
    .openapi({ param: { description: 'Only orders in this status.' } }),
  ...paginationQuery(20),
});

export const orderNumberParam = z.object({
  number: z
    .string()
    .regex(ORDER_NUMBER_PATTERN, 'Номер заказа выглядит так: KG-000123.')
    .openapi({ param: { name: 'number', in: 'path' }, example: 'KG-000123' }),
});

export const orderDeclineBody = z
  .object({
    comment: text(1000)
      .optional()
      .default('')
      .transform((value) => value.trim())
      .openapi({ description: 'Why: kept in the history and mailed to the member who placed the order.' }),
  })
  .openapi('OrderDecline');
