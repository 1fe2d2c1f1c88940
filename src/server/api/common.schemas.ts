import { z } from '@hono/zod-openapi';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '../../shared/countries.ts';

/** A country the shop sells in (`shared/countries.ts`), as every API input names one. */
export const countryEnum = z.enum(COUNTRY_CODES, {
  error: `Неизвестная страна. Допустимые значения: ${COUNTRY_CODES.join(', ')}.`,
});

/** An optional narrowing by country (no default: absent means every country). */
export const countryFilter = countryEnum.optional().openapi({ param: { description: 'Country code.' }, example: 'kg' });

export const countryQuery = countryEnum
  .optional()
  .default(DEFAULT_COUNTRY)
  .openapi({ param: { description: 'Country code: prices, stock and contacts are per country.' }, example: 'kg' });

export const slugParam = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'slug', in: 'path' }, example: 'kompozity' }),
});

export const idParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/, 'Ожидается числовой идентификатор.')
    .transform(Number)
    .openapi({ param: { name: 'id', in: 'path' }, example: '1', type: 'integer' }),
});

export const detailSchema = z.object({ detail: z.string(), code: z.string().optional() }).openapi('ErrorDetail');

export const serverErrorSchema = z
  .object({
    detail: z.string(),
    request_id: z.string().optional().openapi({
      description: 'The id of the request (its `X-Request-Id`), which every log line of the request carries.',
    }),
  })
  .openapi('ServerError');

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string())).openapi('FieldErrors', {
  description: 'DRF-style validation errors: field name → messages; `non_field_errors` for the whole input.',
});

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const errorResponses = {
  400: jsonContent(fieldErrorsSchema, 'Invalid input'),
  404: jsonContent(detailSchema, 'Not found'),
} as const;
