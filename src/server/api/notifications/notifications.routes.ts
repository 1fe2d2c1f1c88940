import { createRoute } from '@hono/zod-openapi';
import { detailSchema, errorResponses, jsonContent } from '../common.schemas.ts';
import { backInStockAnswer, backInStockBody, backInStockQuery } from './notifications.schemas.ts';

export const createBackInStockAlert = createRoute({
  operationId: 'notifications_back_in_stock_create',
  method: 'post',
  path: '/notifications/back_in_stock/',
  tags: ['Notifications'],
  summary: 'Mail me once when this product is back in stock in the country',
  request: {
    query: backInStockQuery,
    body: { content: { 'application/json': { schema: backInStockBody } }, required: true },
  },
  responses: {
    201: jsonContent(backInStockAnswer, 'The alert is waiting (asking again keeps one)'),
    400: errorResponses[400],
    413: jsonContent(detailSchema, 'The body is too large'),
    415: jsonContent(detailSchema, 'Not JSON'),
    429: jsonContent(detailSchema, 'Too many requests from this address'),
  },
});
