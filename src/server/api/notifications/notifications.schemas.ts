import { z } from '@hono/zod-openapi';
import { MAX_ID } from '../../ids.ts';
import { countryEnum, countryQuery } from '../common.schemas.ts';
import { email, text } from '../fields.ts';

export const backInStockQuery = z.object({ country: countryQuery });

const productId = z
  .union([z.number(), z.string().regex(/^\d+$/, 'Ожидается числовой идентификатор товара.').transform(Number)], {
    error: (issue) => (issue.input === undefined ? 'Обязательное поле.' : 'Ожидается числовой идентификатор товара.'),
  })
  .pipe(
    z
      .number()
      .int()
      .min(1, 'Ожидается числовой идентификатор товара.')
      .max(MAX_ID, 'Ожидается числовой идентификатор товара.'),
  )
  .openapi({ type: 'integer', description: 'The product id.' });

export const backInStockBody = z
  .object({
    product: productId,
    email: email(),
    website: text(200).optional().default('').openapi({ description: 'Leave empty (a field hidden from people).' }),
  })
  .openapi('BackInStockRequest');

export const backInStockAnswer = z
  .object({
    product: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    country: countryEnum,
    email: z.string(),
    detail: z.string(),
  })
  .openapi('BackInStockAlert');
