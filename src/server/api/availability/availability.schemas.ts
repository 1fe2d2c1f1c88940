import { z } from '@hono/zod-openapi';
import { countryEnum } from '../common.schemas.ts';

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const money = (field: string) =>
  z
    .union([z.string().trim(), z.number()], { error: `${field}: ожидается число.` })
    .transform((v) => String(v))
    .refine(
      (v) => MONEY.test(v) && Number(v) > 0,
      'Введите число больше 0, не больше двух знаков после точки: 1250 или 1250.50.',
    )
    .transform((v) => Number(v).toFixed(2))
    .openapi({ type: 'string', example: '1250.00' });

const quantity = z
  .number({ error: 'Введите целое число от 0.' })
  .int('Введите целое число от 0.')
  .min(0, 'Остаток не может быть отрицательным.')
  .max(1_000_000_000, 'Слишком большое число.');

export const skuParam = z.object({
  sku: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'sku', in: 'path' }, example: '3M-Z250-A2' }),
});

export const offerCreateBody = z
  .object({
    country: countryEnum,
    price: money('price'),
    old_price: money('old_price').nullable().optional(),
    quantity,
  })
  .openapi('OfferCreate');

export const offerUpdateBody = z
  .object({
    country: countryEnum,
    price: money('price').optional(),
    old_price: money('old_price').nullable().optional(),
    quantity: quantity.optional(),
  })
  .openapi('OfferUpdate');

export const offerDeleteQuery = z.object({ country: countryEnum });

export const offerSchema = z
  .object({
    sku: z.string(),
    country: z.string(),
    price: z.string(),
    old_price: z.string().nullable(),
    quantity: z.number().int(),
    in_stock: z.boolean(),
  })
  .openapi('Offer');
