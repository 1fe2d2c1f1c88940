import * as core from '../../core/core.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toBannerJson, toContactJson, toDocumentJson, toExchangeJson } from './core.mappers.ts';
import type * as routes from './core.routes.ts';

export const listExchanges: AppRouteHandler<typeof routes.listExchanges> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await core.listExchanges(q), toExchangeJson), 200);
};

export const getExchange: AppRouteHandler<typeof routes.getExchange> = async (c) =>
  c.json(toExchangeJson(await core.getExchange(c.req.valid('param').id)), 200);

export const listContacts: AppRouteHandler<typeof routes.listContacts> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await core.listContacts(q), toContactJson), 200);
};

export const getContact: AppRouteHandler<typeof routes.getContact> = async (c) =>
  c.json(toContactJson(await core.getContact(c.req.valid('param').id)), 200);

export const listBanners: AppRouteHandler<typeof routes.listBanners> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await core.listBanners(q), toBannerJson), 200);
};

export const getBanner: AppRouteHandler<typeof routes.getBanner> = async (c) =>
  c.json(toBannerJson(await core.getBanner(c.req.valid('param').id)), 200);

export const listDocuments: AppRouteHandler<typeof routes.listDocuments> = async (c) => {
  const q = c.req.valid('query');
  const found = await core.listDocuments({ ...q, documentType: q.document_type || undefined });
  return c.json(toMappedPage(c.req.url, q, found, toDocumentJson), 200);
};
