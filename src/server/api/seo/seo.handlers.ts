import * as content from '../../content/publications.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toPublicationJson, toPublicationListItemJson } from './seo.mappers.ts';
import type * as routes from './seo.routes.ts';
import { pageToOffset } from './seo.schemas.ts';

export const listArticles: AppRouteHandler<typeof routes.listArticles> = async (c) => {
  const q = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, q, await content.listPublications('article', q), toPublicationListItemJson),
    200,
  );
};

export const getArticle: AppRouteHandler<typeof routes.getArticle> = async (c) =>
  c.json(toPublicationJson(await content.getPublication('article', c.req.valid('param').id)), 200);

export const listNews: AppRouteHandler<typeof routes.listNews> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await content.listPublications('news', q), toPublicationListItemJson), 200);
};

export const getNewsItem: AppRouteHandler<typeof routes.getNewsItem> = async (c) =>
  c.json(toPublicationJson(await content.getPublication('news', c.req.valid('param').id)), 200);

export const listSitePages: AppRouteHandler<typeof routes.listSitePages> = async (c) => {
  const paging = pageToOffset(c.req.valid('query'));
  // The links to the next and previous pages speak in offsets: a `page` left in them would win again.
  const url = new URL(c.req.url);
  url.searchParams.delete('page');
  return c.json(
    toMappedPage(url.toString(), paging, await content.listPublications('page', paging), toPublicationListItemJson),
    200,
  );
};

export const getSitePage: AppRouteHandler<typeof routes.getSitePage> = async (c) =>
  c.json(toPublicationJson(await content.getPublication('page', c.req.valid('param').id)), 200);
