import { z } from '@hono/zod-openapi';
import { MAX_ORDER_LINES, MAX_ORDER_TEXT } from '../../catalog/order-lines.ts';
import { countryEnum } from '../common.schemas.ts';
import { filled } from '../fields.ts';

/** The most bytes of a quick order's file (a list of 500 lines is a few kilobytes). */
export const QUICK_ORDER_FILE_BYTES = 1024 * 1024;
const REQUIRED_FILE = 'Приложите файл CSV или .xlsx.';

export const resolveLinesBody = z
  .object({
    country: countryEnum,
    text: filled(MAX_ORDER_TEXT).openapi({
      description:
        `One product a line, at most ${MAX_ORDER_LINES}: its SKU (any case) or exact name, then the quantity ` +
        'apart by a space, «;», «,» or a tab (a row copied from Excel); no quantity: 1.',
      example: '3M-Z250-A2 10\nMC-STN-M;5',
    }),
  })
  .openapi('ResolveLinesText');

export const resolveLinesForm = z
  .object({
    country: countryEnum,
    file: z
      .instanceof(File, { message: REQUIRED_FILE })
      .refine((f) => f.size > 0, REQUIRED_FILE)
      .refine((f) => f.size <= QUICK_ORDER_FILE_BYTES, 'Файл больше 1 МБ: в быстром заказе не больше 500 строк.')
      .openapi({
        type: 'string',
        format: 'binary',
        description:
          'A CSV or .xlsx table: the SKU or name in the first column, the quantity in the second; a header row is optional.',
      }),
  })
  .openapi('ResolveLinesFile');

const quickOrderProduct = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    sku: z.string(),
    name: z.string(),
    price: z
      .string()
      .nullable()
      .openapi({ description: 'Decimal string in `currency`; null when not sold in the country.' }),
    list_price: z.string().nullable().openapi({
      description:
        'The public price. A signed-in member of a clinic with a price list (bearer token) reads the clinic’s contract price as `price` and the public one here, in a `private, no-store` answer; for anyone else it equals `price`.',
    }),
    currency: z.enum(['KGS', 'KZT']),
    stock: z.number().int().openapi({ description: 'Units in stock in the country.' }),
  })
  .openapi('QuickOrderProduct');

export const resolvedLinesSchema = z
  .object({
    lines: z.array(
      z.object({
        line: z.number().int().openapi({ description: 'The line (or the file’s row) it was written on.' }),
        product: quickOrderProduct,
        quantity: z.number().int().openapi({ description: 'Lines naming the same product are one, added up.' }),
      }),
    ),
    errors: z.array(
      z.object({
        line: z.number().int(),
        text: z.string().openapi({ description: 'The line as written.' }),
        code: z.enum(['unknown_product', 'not_sold', 'out_of_stock', 'too_many', 'bad_quantity']),
        message: z.string().openapi({ example: 'Доступно только 42 шт.' }),
        hint: z
          .string()
          .openapi({ description: 'What the buyer can do.', example: 'Можно заказать 42 шт.: исправьте количество.' }),
        product: quickOrderProduct.nullable(),
        available: z.number().int().nullable().openapi({ description: '`too_many`: the units that can be ordered.' }),
      }),
    ),
  })
  .openapi('ResolvedLines');
