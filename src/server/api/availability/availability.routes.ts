import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import * as s from './availability.schemas.ts';

const tags = ['Products'];
const security = [{ bearerAuth: [] }];
const path = '/products/products_availability/{sku}/';
const refused = {
  400: jsonContent(fieldErrorsSchema, 'Invalid input'),
  401: jsonContent(detailSchema, 'No valid access token'),
  403: jsonContent(detailSchema, 'Not staff'),
  404: jsonContent(detailSchema, 'No product with this SKU (or, to change one, no offer in the country)'),
};

export const createOffer = createRoute({
  operationId: 'products_products_availability_create',
  method: 'post',
  path,
  tags,
  security,
  summary: 'Start selling a product in a country: price, old price, stock',
  request: {
    params: s.skuParam,
    body: { content: { 'application/json': { schema: s.offerCreateBody } }, required: true },
  },
  responses: {
    201: jsonContent(s.offerSchema, 'The offer'),
    ...refused,
    409: jsonContent(detailSchema, 'Sold in that country already: PATCH it'),
  },
});

export const updateOffer = createRoute({
  operationId: 'products_products_availability_partial_update',
  method: 'patch',
  path,
  tags,
  security,
  summary: 'Change a product’s price, old price or stock in a country',
  request: {
    params: s.skuParam,
    body: { content: { 'application/json': { schema: s.offerUpdateBody } }, required: true },
  },
  responses: { 200: jsonContent(s.offerSchema, 'The offer'), ...refused },
});

export const deleteOffer = createRoute({
  operationId: 'products_products_availability_destroy',
  method: 'delete',
  path,
  tags,
  security,
  summary: 'Stop selling a product in a country',
  request: { params: s.skuParam, query: s.offerDeleteQuery },
  responses: { 204: { description: 'No longer sold there' }, ...refused },
});
