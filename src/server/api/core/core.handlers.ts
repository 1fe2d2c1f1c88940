import * as core from '../../core/core.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toPage } from '../pagination.ts';
import type * as routes from './core.routes.ts';

const toExchangeJson = (e: core.Exchange) => ({ id: e.id, date: e.date, kgs: e.kgs, kzt: e.kzt, usd: e.usd, rub: e.rub });
const toContactJson = (c: core.Contact) => ({
  id: c.id,
  country: c.country,
  city: c.city,
  address: c.address,
  phones: c.phones,
  email: c.email,
  working_hours: c.workingHours,
});
const toBannerJson = (b: core.Banner) => ({ id: b.id, title: b.title, subtitle: b.subtitle, image: b.image, link: b.link, country: b.country });
const toDocumentJson = (d: core.DocumentRecord) => ({
  id: d.id,
  slug: d.slug,
  document_type: d.documentType,
  title: d.title,
  content: d.content,
  file: d.file,
});

export const listExchanges: AppRouteHandler<typeof routes.listExchanges> = async (c) => {
  const q = c.req.valid('query');
  const { items, count } = await core.listExchanges(q);
  return c.json(toPage(c.req.url, items.map(toExchangeJson), count, q.limit, q.offset), 200);
};
export const getExchange: AppRouteHandler<typeof routes.getExchange> = async (c) =>
  c.json(toExchangeJson(await core.getExchange(c.req.valid('param').id)), 200);

export const listContacts: AppRouteHandler<typeof routes.listContacts> = async (c) => {
  const q = c.req.valid('query');
  const { items, count } = await core.listContacts(q);
  return c.json(toPage(c.req.url, items.map(toContactJson), count, q.limit, q.offset), 200);
};
export const getContact: AppRouteHandler<typeof routes.getContact> = async (c) =>
  c.json(toContactJson(await core.getContact(c.req.valid('param').id)), 200);

export const listBanners: AppRouteHandler<typeof routes.listBanners> = async (c) => {
  const q = c.req.valid('query');
  const { items, count } = await core.listBanners(q);
  return c.json(toPage(c.req.url, items.map(toBannerJson), count, q.limit, q.offset), 200);
};
export const getBanner: AppRouteHandler<typeof routes.getBanner> = async (c) =>
  c.json(toBannerJson(await core.getBanner(c.req.valid('param').id)), 200);

export const listDocuments: AppRouteHandler<typeof routes.listDocuments> = async (c) => {
  const q = c.req.valid('query');
  const { items, count } = await core.listDocuments({ ...q, documentType: q.document_type || undefined });
  return c.json(toPage(c.req.url, items.map(toDocumentJson), count, q.limit, q.offset), 200);
};
