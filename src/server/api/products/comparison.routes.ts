import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, jsonContent } from '../common.schemas.ts';

export const comparisonSchema = z
  .object({
    specifications: z
      .array(z.object({ slug: z.string(), name: z.string(), unit: z.string().nullable() }))
      .openapi({ description: 'Every filter specification some of the products have, in the shop order.' }),
    products: z.array(
      z.object({
        id: z.number().int(),
        values: z.record(z.string(), z.string()).openapi({
          description: 'By specification slug; several values of one specification are joined with «, ».',
        }),
      }),
    ),
  })
  .openapi('ProductComparison');

export const comparisonQuery = z.object({
  ids: z
    .string({ error: 'Обязательное поле.' })
    .max(1000)
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'Ожидается список до 100 числовых id через запятую.')
    .transform((v) => v.split(',').map(Number))
    .openapi({
      type: 'string',
      param: { description: 'Product ids, comma-separated, at most 100.' },
      example: '12,40',
    }),
});

export const compareProducts = createRoute({
  operationId: 'products_comparison_retrieve',
  method: 'get',
  path: '/products/comparison/',
  tags: ['Products'],
  summary: 'The filter specifications of several products, to compare them side by side',
  description:
    'The specifications a listing filters by, in the shop order, for each active product of `ids` (others are ' +
    'left out). Prices, stock, brand and SKU come from the product list (`/products/products/?ids=`).',
  request: { query: comparisonQuery },
  responses: { 200: jsonContent(comparisonSchema, 'The products, in the order asked'), 400: errorResponses[400] },
});
