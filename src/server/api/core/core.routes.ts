import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idParam, jsonContent } from '../common.schemas.ts';
import { pageSchema } from '../pagination.ts';
import {
  bannerSchema,
  contactSchema,
  countryListQuery,
  documentListQuery,
  documentSchema,
  exchangeListQuery,
  exchangeSchema,
} from './core.schemas.ts';

const tags = ['Core'];

export const listExchanges = createRoute({
  operationId: 'core_exchanges_list',
  method: 'get',
  path: '/core/exchanges/',
  tags,
  summary: 'Exchange rates, newest first (the first item is current)',
  request: { query: exchangeListQuery },
  responses: { 200: jsonContent(pageSchema(exchangeSchema), 'A page of rates'), 400: errorResponses[400] },
});

export const getExchange = createRoute({
  operationId: 'core_exchanges_retrieve',
  method: 'get',
  path: '/core/exchanges/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(exchangeSchema, 'The rate'), ...errorResponses },
});

export const listContacts = createRoute({
  operationId: 'core_contacts_list',
  method: 'get',
  path: '/core/contacts/',
  tags,
  summary: 'Offices and contacts of a country',
  request: { query: countryListQuery },
  responses: { 200: jsonContent(pageSchema(contactSchema), 'A page of contacts'), 400: errorResponses[400] },
});

export const getContact = createRoute({
  operationId: 'core_contacts_retrieve',
  method: 'get',
  path: '/core/contacts/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(contactSchema, 'The contact'), ...errorResponses },
});

export const listBanners = createRoute({
  operationId: 'core_banners_list',
  method: 'get',
  path: '/core/banners/',
  tags,
  summary: 'Active banners; with `country`, those shown in it',
  request: { query: countryListQuery },
  responses: { 200: jsonContent(pageSchema(bannerSchema), 'A page of banners'), 400: errorResponses[400] },
});

export const getBanner = createRoute({
  operationId: 'core_banners_retrieve',
  method: 'get',
  path: '/core/banners/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(bannerSchema, 'The banner'), ...errorResponses },
});

export const listDocuments = createRoute({
  operationId: 'core_documents_list',
  method: 'get',
  path: '/core/documents/',
  tags,
  summary: 'Legal and information documents (offer, privacy policy...)',
  request: { query: documentListQuery },
  responses: { 200: jsonContent(pageSchema(documentSchema), 'A page of documents'), 400: errorResponses[400] },
});
