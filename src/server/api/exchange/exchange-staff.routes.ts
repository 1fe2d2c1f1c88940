import { createRoute, z } from '@hono/zod-openapi';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { MAPPING_KINDS, MAPPING_TARGETS } from '../../exchange/exchange-mappings.ts';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';

const countsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  hidden: z.number().int(),
  failed: z.number().int().openapi({ description: 'Files that failed' }),
});

export const exchangeSessionSchema = z
  .object({
    id: z.string(),
    type: z.string().openapi({ description: '`catalog` or `sale`' }),
    created_at: z.string(),
    last_seen_at: z.string(),
    user_email: z.string().nullable(),
    files: z.array(
      z.object({
        task_id: z.string(),
        filename: z.string(),
        status: z.string().openapi({ description: 'PENDING, STARTED, PROGRESS, SUCCESS or FAILURE' }),
        message: z.string().nullable().openapi({ description: 'What it did, or why it failed: what 1C was told' }),
        counts: z.record(z.string(), z.number()),
        notes: z.array(z.string()),
        error: z
          .object({
            line: z.number().int().nullable(),
            element: z.string().nullable().openapi({ description: 'The element, `Товар <Ид>`, when one is to blame' }),
            reason: z.string(),
          })
          .nullable()
          .openapi({ description: 'Where a failed file stopped; null unless it failed' }),
        started_at: z.string().nullable(),
        finished_at: z.string().nullable(),
      }),
    ),
    totals: countsSchema.openapi({ description: 'The files added up' }),
    orders_taken: z.array(z.string()),
  })
  .openapi('ExchangeSession');

export const listExchangeSessions = createRoute({
  operationId: 'staff_exchange_sessions_list',
  method: 'get',
  path: '/staff/exchange_sessions/',
  tags: ['Staff'],
  security: [{ bearerAuth: [] }],
  summary:
    "The exchange with 1C, newest first: each session's files, what each did or why it failed, the orders 1C took",
  request: { query: z.object(paginationQuery(20)) },
  responses: {
    200: jsonContent(pageSchema(exchangeSessionSchema), 'A page of sessions'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    401: jsonContent(detailSchema, 'No valid access token'),
    403: jsonContent(detailSchema, 'Not staff'),
  },
});

export const sessionParam = z.object({
  id: z
    .string()
    .uuid('Ожидается идентификатор сеанса (UUID).')
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const retrieveExchangeSession = createRoute({
  operationId: 'staff_exchange_sessions_retrieve',
  method: 'get',
  path: '/staff/exchange_sessions/{id}/',
  tags: ['Staff'],
  security: [{ bearerAuth: [] }],
  summary: 'One session of the exchange with 1C',
  request: { params: sessionParam },
  responses: {
    200: jsonContent(exchangeSessionSchema, 'The session'),
    401: jsonContent(detailSchema, 'No valid access token'),
    403: jsonContent(detailSchema, 'Not staff'),
    404: jsonContent(detailSchema, 'No such session'),
  },
});

export const exchangeMappingSchema = z
  .object({
    id: z.string().openapi({ description: '`<kind>:<1C Ид>`' }),
    kind: z.enum(MAPPING_KINDS),
    external_id: z.string().openapi({ description: "1C's Ид" }),
    name: z.string(),
    currency: z.string().nullable().openapi({ description: "A price type's currency as 1C writes it" }),
    target: z.enum(MAPPING_TARGETS).nullable().openapi({
      description: 'A country, or `ignore`; null: staff have not chosen (a price type goes by its currency)',
    }),
    by_currency: z.enum(COUNTRY_CODES).nullable().openapi({ description: "The country a price type's currency names" }),
    seen_at: z.string().openapi({ description: 'When 1C last sent it' }),
  })
  .openapi('ExchangeMapping');

export const listExchangeMappings = createRoute({
  operationId: 'staff_exchange_mappings_list',
  method: 'get',
  path: '/staff/exchange_mappings/',
  tags: ['Staff'],
  security: [{ bearerAuth: [] }],
  summary: "1C's price types and warehouses seen in its offers files, and the country each goes to",
  request: {
    query: z.object({
      ...paginationQuery(50),
      kind: z
        .enum(MAPPING_KINDS, { error: 'Допустимые значения: price_type, warehouse.' })
        .optional()
        .openapi({ param: { description: 'Only price types or only warehouses' } }),
    }),
  },
  responses: {
    200: jsonContent(pageSchema(exchangeMappingSchema), 'A page of price types and warehouses'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filter or paging'),
    401: jsonContent(detailSchema, 'No valid access token'),
    403: jsonContent(detailSchema, 'Not staff'),
  },
});

export const mappingParam = z.object({
  id: z
    .string()
    .regex(/^(price_type|warehouse):.{1,200}$/, 'Ожидается «price_type:<Ид>» или «warehouse:<Ид>».')
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const mappingBody = z
  .object({
    target: z
      .enum(MAPPING_TARGETS, { error: `Допустимые значения: ${MAPPING_TARGETS.join(', ')} или null.` })
      .nullable()
      .openapi({ description: 'A country, `ignore`, or null to leave it to the currency (a warehouse: not mapped)' }),
  })
  .openapi('ExchangeMappingUpdate');

export const updateExchangeMapping = createRoute({
  operationId: 'staff_exchange_mappings_partial_update',
  method: 'patch',
  path: '/staff/exchange_mappings/{id}/',
  tags: ['Staff'],
  security: [{ bearerAuth: [] }],
  summary: 'Maps a price type or warehouse of 1C to a country, or tells the exchange to ignore it (journaled)',
  request: { params: mappingParam, body: { content: { 'application/json': { schema: mappingBody } }, required: true } },
  responses: {
    200: jsonContent(exchangeMappingSchema, 'The mapping'),
    400: jsonContent(fieldErrorsSchema, 'Invalid target'),
    401: jsonContent(detailSchema, 'No valid access token'),
    403: jsonContent(detailSchema, 'Not staff'),
    404: jsonContent(detailSchema, '1C has sent no such price type or warehouse'),
  },
});
