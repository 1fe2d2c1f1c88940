import { createRoute, z } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, idParam, jsonContent } from '../common.schemas.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';
import * as s from './addresses.schemas.ts';

const PATH = '/accounts/addresses/';
const ONE = '/accounts/addresses/{id}/';
const common = { tags: ['Accounts'], security: [{ bearerAuth: [] }] };
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const invalid = { 400: jsonContent(fieldErrorsSchema, 'Invalid input: `{field: [messages]}`') };
const unauthorized = { 401: jsonContent(detailSchema, 'No valid access token') };
const notFound = { 404: jsonContent(detailSchema, 'No such address of this account') };

export const listAddresses = createRoute({
  ...common,
  operationId: 'accounts_addresses_list',
  method: 'get',
  path: PATH,
  summary: "The signed-in person's delivery addresses, the one used last first",
  description: 'Remembered from courier orders and kept in the profile; checkout offers them.',
  request: { query: z.object({ ...s.addressListQuery, ...paginationQuery(12) }) },
  responses: { 200: jsonContent(pageSchema(s.addressSchema), 'A page of addresses'), ...invalid, ...unauthorized },
});

export const createAddress = createRoute({
  ...common,
  operationId: 'accounts_addresses_create',
  method: 'post',
  path: PATH,
  summary: 'Save a delivery address; it becomes the one checkout offers first',
  description: 'At most 10 per country; the same address twice is refused (400 `non_field_errors`).',
  request: body(s.addressCreateBody),
  responses: { 201: jsonContent(s.addressSchema, 'The saved address'), ...invalid, ...unauthorized },
});

export const getAddress = createRoute({
  ...common,
  operationId: 'accounts_addresses_retrieve',
  method: 'get',
  path: ONE,
  summary: 'One delivery address',
  request: { params: idParam },
  responses: { 200: jsonContent(s.addressSchema, 'The address'), ...invalid, ...unauthorized, ...notFound },
});

export const updateAddress = createRoute({
  ...common,
  operationId: 'accounts_addresses_partial_update',
  method: 'patch',
  path: ONE,
  summary: 'Change a delivery address, or make it the one checkout offers first (`use`)',
  request: { params: idParam, ...body(s.addressUpdateBody) },
  responses: { 200: jsonContent(s.addressSchema, 'The changed address'), ...invalid, ...unauthorized, ...notFound },
});

export const deleteAddress = createRoute({
  ...common,
  operationId: 'accounts_addresses_destroy',
  method: 'delete',
  path: ONE,
  summary: 'Forget a delivery address',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted; no body' }, ...invalid, ...unauthorized, ...notFound },
});
