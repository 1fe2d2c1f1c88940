import * as contacts from '../../company/contacts.queries.ts';
import * as documents from '../../company/documents.queries.ts';
import * as banners from '../../content/banners.queries.ts';
import * as exchanges from '../../currency/exchanges.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toBannerJson, toContactJson, toDocumentJson, toExchangeJson } from './core.mappers.ts';
import type * as routes from './core.routes.ts';

export const listExchanges: AppRouteHandler<typeof routes.listExchanges> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await exchanges.listExchanges(q), toExchangeJson), 200);
};

export const getExchange: AppRouteHandler<typeof routes.getExchange> = async (c) =>
  c.json(toExchangeJson(await exchanges.getExchange(c.req.valid('param').id)), 200);

export const listContacts: AppRouteHandler<typeof routes.listContacts> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await contacts.listContacts(q), toContactJson), 200);
};

export const getContact: AppRouteHandler<typeof routes.getContact> = async (c) =>
  c.json(toContactJson(await contacts.getContact(c.req.valid('param').id)), 200);

export const listBanners: AppRouteHandler<typeof routes.listBanners> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await banners.listBanners(q), toBannerJson), 200);
};

export const getBanner: AppRouteHandler<typeof routes.getBanner> = async (c) =>
  c.json(toBannerJson(await banners.getBanner(c.req.valid('param').id)), 200);

export const listDocuments: AppRouteHandler<typeof routes.listDocuments> = async (c) => {
  const q = c.req.valid('query');
  const found = await documents.listDocuments({ ...q, documentType: q.document_type || undefined });
  return c.json(toMappedPage(c.req.url, q, found, toDocumentJson), 200);
};
