import { createRoute, z } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { clinicParam } from './clinics.schemas.ts';
import * as s from './clinic-lists.schemas.ts';

const tags = ['Clinics'];
const security = [{ bearerAuth: [] }];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const invalid = { 400: jsonContent(fieldErrorsSchema, 'Invalid input: `{field: [messages]}`') };
const unauthorized = {
  401: jsonContent(detailSchema, 'No valid access token (`not_authenticated`, `token_not_valid`)'),
};
const notFound = {
  404: jsonContent(
    detailSchema,
    'No such clinic, the account is not its member, or no such list in the clinic (the same answer)',
  ),
};
const everyMember = 'Every member of the clinic, whatever the role (an assistant too), reads and edits its lists.';

export const listClinicLists = createRoute({
  method: 'get',
  path: '/clinics/{id}/lists/',
  operationId: 'clinics_lists_list',
  tags,
  security,
  summary: 'The clinic’s lists by name, each with its count of lines',
  description: everyMember,
  request: { params: clinicParam },
  responses: { 200: jsonContent(z.array(s.clinicListSummarySchema), 'The lists'), ...unauthorized, ...notFound },
});

export const createClinicList = createRoute({
  method: 'post',
  path: '/clinics/{id}/lists/',
  operationId: 'clinics_lists_create',
  tags,
  security,
  summary: 'Make a list: of the products given, or of an order’s lines',
  description: `${everyMember} A name is unique within the clinic.`,
  request: { params: clinicParam, ...body(s.clinicListCreateBody) },
  responses: { 201: jsonContent(s.clinicListSchema, 'The list'), ...invalid, ...unauthorized, ...notFound },
});

export const getClinicList = createRoute({
  method: 'get',
  path: '/clinics/{id}/lists/{list_id}/',
  operationId: 'clinics_lists_retrieve',
  tags,
  security,
  summary: 'A list with its lines: each product’s name, SKU, photo, price and stock in the clinic’s country',
  description: everyMember,
  request: { params: s.clinicListParam },
  responses: { 200: jsonContent(s.clinicListSchema, 'The list'), ...unauthorized, ...notFound },
});

export const updateClinicList = createRoute({
  method: 'patch',
  path: '/clinics/{id}/lists/{list_id}/',
  operationId: 'clinics_lists_partial_update',
  tags,
  security,
  summary: 'Rename a list or replace its lines',
  description: everyMember,
  request: { params: s.clinicListParam, ...body(s.clinicListUpdateBody) },
  responses: { 200: jsonContent(s.clinicListSchema, 'The list'), ...invalid, ...unauthorized, ...notFound },
});

export const deleteClinicList = createRoute({
  method: 'delete',
  path: '/clinics/{id}/lists/{list_id}/',
  operationId: 'clinics_lists_destroy',
  tags,
  security,
  summary: 'Delete a list',
  description: everyMember,
  request: { params: s.clinicListParam },
  responses: { 204: { description: 'Done; no body' }, ...unauthorized, ...notFound },
});
