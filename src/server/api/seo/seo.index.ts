import { createRouter } from '../create-router.ts';
import * as handlers from './seo.handlers.ts';
import * as routes from './seo.routes.ts';

export const seoRouter = createRouter()
  .openapi(routes.listArticles, handlers.listArticles)
  .openapi(routes.getArticle, handlers.getArticle)
  .openapi(routes.listNews, handlers.listNews)
  .openapi(routes.getNewsItem, handlers.getNewsItem)
  .openapi(routes.listSitePages, handlers.listSitePages)
  .openapi(routes.getSitePage, handlers.getSitePage);
