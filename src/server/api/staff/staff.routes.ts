import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { cacheInvalidationBody, cacheInvalidationSchema } from './staff.schemas.ts';

const tags = ['Staff'];

export const invalidateCaches = createRoute({
  method: 'post',
  path: '/staff/cache/invalidate/',
  operationId: 'staff_cache_invalidate_create',
  tags,
  summary:
    'Empty the caches of every shop process (after data was changed outside the shop, e.g. by hand in the database)',
  security: [{ bearerAuth: [] }],
  request: { body: { content: { 'application/json': { schema: cacheInvalidationBody } }, required: true } },
  responses: {
    200: jsonContent(cacheInvalidationSchema, 'Emptied here; the other processes follow within moments'),
    400: jsonContent(fieldErrorsSchema, 'Invalid input'),
    401: jsonContent(detailSchema, 'No valid access token'),
    403: jsonContent(detailSchema, 'Not staff'),
  },
});
