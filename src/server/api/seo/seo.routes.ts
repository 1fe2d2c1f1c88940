import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idParam, jsonContent } from '../common.schemas.ts';
import { pageSchema } from '../pagination.ts';
import {
  publicationListItemSchema,
  publicationListQuery,
  publicationSchema,
  sitePageListQuery,
} from './seo.schemas.ts';

const tags = ['Seo'];

export const listArticles = createRoute({
  operationId: 'seo_articles_list',
  method: 'get',
  path: '/seo/articles/',
  tags,
  summary: 'Articles, newest first (published only, without the body)',
  request: { query: publicationListQuery },
  responses: {
    200: jsonContent(pageSchema(publicationListItemSchema), 'A page of articles'),
    400: errorResponses[400],
  },
});

export const getArticle = createRoute({
  operationId: 'seo_articles_retrieve',
  method: 'get',
  path: '/seo/articles/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(publicationSchema, 'The item with its body'), 404: errorResponses[404] },
});

export const listNews = createRoute({
  operationId: 'seo_news_list',
  method: 'get',
  path: '/seo/news/',
  tags,
  summary: 'News items, newest first (published only, without the body)',
  request: { query: publicationListQuery },
  responses: {
    200: jsonContent(pageSchema(publicationListItemSchema), 'A page of news items'),
    400: errorResponses[400],
  },
});

export const getNewsItem = createRoute({
  operationId: 'seo_news_retrieve',
  method: 'get',
  path: '/seo/news/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(publicationSchema, 'The item with its body'), 404: errorResponses[404] },
});

export const listSitePages = createRoute({
  operationId: 'seo_site_pages_list',
  method: 'get',
  path: '/seo/site_pages/',
  tags,
  summary: 'Site pages, newest first (published only, without the body)',
  request: { query: sitePageListQuery },
  responses: {
    200: jsonContent(pageSchema(publicationListItemSchema), 'A page of site pages'),
    400: errorResponses[400],
  },
});

export const getSitePage = createRoute({
  operationId: 'seo_site_pages_retrieve',
  method: 'get',
  path: '/seo/site_pages/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(publicationSchema, 'The item with its body'), 404: errorResponses[404] },
});
