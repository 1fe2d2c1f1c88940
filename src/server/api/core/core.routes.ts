import { createRoute, z } from '@hono/zod-openapi';
import { countryFilter, errorResponses, idParam, jsonContent } from '../common.schemas.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';
import { queryText } from '../validation.ts';

const tags = ['Core'];
const decimal = z.string().openapi({ description: 'Units of this currency per 1 KGS, as a decimal string.' });

export const exchangeSchema = z
  .object({ id: z.number().int(), date: z.string(), kgs: decimal, kzt: decimal, usd: decimal, rub: decimal })
  .openapi('Exchange');
export const contactSchema = z
  .object({
    id: z.number().int(),
    country: z.string(),
    city: z.string(),
    address: z.string(),
    phones: z.array(z.string()),
    email: z.string(),
    working_hours: z.string(),
  })
  .openapi('Contact');
export const bannerSchema = z
  .object({ id: z.number().int(), title: z.string(), subtitle: z.string(), image: z.string(), link: z.string(), country: z.string().nullable() })
  .openapi('Banner');
export const documentSchema = z
  .object({ id: z.number().int(), slug: z.string(), document_type: z.string(), title: z.string(), content: z.string(), file: z.string().nullable() })
  .openapi('Document');

export const listExchanges = createRoute({
  method: 'get',
  path: '/core/exchanges/',
  tags,
  summary: 'Exchange rates, newest first (the first item is current)',
  request: { query: z.object(paginationQuery(12)) },
  responses: { 200: jsonContent(pageSchema(exchangeSchema), 'A page of rates'), 400: errorResponses[400] },
});
export const getExchange = createRoute({
  method: 'get',
  path: '/core/exchanges/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(exchangeSchema, 'The rate'), ...errorResponses },
});
export const listContacts = createRoute({
  method: 'get',
  path: '/core/contacts/',
  tags,
  summary: 'Offices and contacts of a country',
  request: { query: z.object({ country: countryFilter, ...paginationQuery(12) }) },
  responses: { 200: jsonContent(pageSchema(contactSchema), 'A page of contacts'), 400: errorResponses[400] },
});
export const getContact = createRoute({
  method: 'get',
  path: '/core/contacts/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(contactSchema, 'The contact'), ...errorResponses },
});
export const listBanners = createRoute({
  method: 'get',
  path: '/core/banners/',
  tags,
  summary: 'Active banners; with `country`, those shown in it',
  request: { query: z.object({ country: countryFilter, ...paginationQuery(12) }) },
  responses: { 200: jsonContent(pageSchema(bannerSchema), 'A page of banners'), 400: errorResponses[400] },
});
export const getBanner = createRoute({
  method: 'get',
  path: '/core/banners/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(bannerSchema, 'The banner'), ...errorResponses },
});
export const listDocuments = createRoute({
  method: 'get',
  path: '/core/documents/',
  tags,
  summary: 'Legal and information documents (offer, privacy policy...)',
  request: {
    query: z.object({
      document_type: queryText(50).openapi({ param: { description: 'offer, privacy, delivery...' } }),
      ...paginationQuery(12),
    }),
  },
  responses: { 200: jsonContent(pageSchema(documentSchema), 'A page of documents'), 400: errorResponses[400] },
});
