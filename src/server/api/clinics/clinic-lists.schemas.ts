import { z } from '@hono/zod-openapi';
import { MAX_ID } from '../../ids.ts';
import { MAX_LIST_ITEMS, MAX_LIST_QUANTITY } from '../../clinics/index.ts';
import { ORDER_NUMBER_PATTERN } from '../../orders/index.ts';
import { filledLine } from '../fields.ts';
import { clinicParam } from './clinics.schemas.ts';

/** Request and response bodies of a clinic's lists (issue 37). */

const REQUIRED = 'Обязательное поле.';
const int = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : `Ожидается целое число (${what}).`) })
    .int(`Ожидается целое число (${what}).`);

const listItemBody = z
  .object({
    product: int('id товара')
      .positive('Неверный id товара.')
      .max(MAX_ID, 'Неверный id товара.')
      .openapi({ example: 42 }),
    quantity: int('количество')
      .min(1, 'Не меньше 1 шт.')
      .max(MAX_LIST_QUANTITY, `Не больше ${MAX_LIST_QUANTITY} шт. в одной строке.`)
      .openapi({ example: 10 }),
  })
  .openapi('ClinicListItemInput');

const listItems = z
  .array(listItemBody, { error: (issue) => (issue.input === undefined ? REQUIRED : 'Ожидается список товаров.') })
  .max(MAX_LIST_ITEMS, `В списке не больше ${MAX_LIST_ITEMS} товаров.`)
  .openapi({ description: 'The lines in their order; a product named twice is one line, quantities added.' });

const listName = filledLine(100).openapi({ example: 'Реставрация — расходники' });

export const clinicListCreateBody = z
  .object({
    name: listName,
    items: listItems.optional(),
    from_order: z
      .string({ error: 'Ожидается номер заказа строкой.' })
      .trim()
      .regex(ORDER_NUMBER_PATTERN, 'Неверный номер заказа.')
      .optional()
      .openapi({
        example: 'KG-1024',
        description:
          "Instead of `items`: the lines of this order (the account's own or its clinic's) still in the catalog.",
      }),
  })
  .superRefine((body, ctx) => {
    if ((body.items === undefined) === (body.from_order === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'Передайте либо items, либо from_order.' });
  })
  .openapi('ClinicListCreate', { description: '`{name, items}` or `{name, from_order}`.' });

export const clinicListUpdateBody = z
  .object({ name: listName.optional(), items: listItems.optional() })
  .openapi('PatchedClinicListUpdate', { description: 'Either or both; `items` replaces all the lines.' });

export const clinicListParam = clinicParam.extend({
  list_id: z
    .string()
    .regex(/^\d{1,9}$/, 'Ожидается числовой идентификатор.')
    .transform(Number)
    .openapi({ param: { name: 'list_id', in: 'path' }, example: '1', type: 'integer' }),
});

const creator = z
  .object({ user: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() })
  .nullable()
  .openapi({ description: 'The member who made the list; null once their account is gone.' });

export const clinicListSummarySchema = z
  .object({
    id: z.number().int(),
    clinic: z.number().int(),
    name: z.string(),
    item_count: z.number().int().openapi({ description: 'Lines in the list.' }),
    created_by: creator,
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ClinicListSummary');

export const clinicListSchema = clinicListSummarySchema
  .extend({
    items: z.array(
      z.object({
        product: z
          .object({
            id: z.number().int(),
            slug: z.string(),
            sku: z.string(),
            name: z.string(),
            image: z.string().nullable().openapi({ description: 'The first photo (`/media/<key>`), or null.' }),
            price: z.string().nullable().openapi({
              description:
                "Decimal string in `currency`: the clinic's contract price when its price list gives one; null when not sold in the clinic's country.",
            }),
            list_price: z
              .string()
              .nullable()
              .openapi({ description: 'The public price (equal to `price` without a contract price).' }),
            currency: z.enum(['KGS', 'KZT']),
            stock: z.number().int().openapi({ description: "Units in stock in the clinic's country." }),
          })
          .openapi('ClinicListProduct'),
        quantity: z.number().int(),
      }),
    ),
  })
  .openapi('ClinicList');
