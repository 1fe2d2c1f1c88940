import { createRoute, z } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';

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
      }),
    ),
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
