import { publicApi as api, type ApiClient } from './transport.ts';
import { pageToOffset } from './paging.ts';
import { compactQuery } from './query.ts';
import { assertRequired } from './required.ts';
import type { Paginated, Publication, PublicationListItem } from './types.ts';

/** The server's default page size for content lists. */
export const CONTENT_PAGE_SIZE = 12;

export interface ContentListQuery {
  limit?: number;
  /** 1-based; converted to `offset = (page - 1) * limit` (brief §7). */
  page?: number;
}

function listQuery(query: ContentListQuery) {
  const limit = query.limit ?? CONTENT_PAGE_SIZE;
  const offset = pageToOffset(query.page, limit);
  return compactQuery({ limit, offset: offset > 0 ? offset : undefined });
}

export function listArticles(
  query: ContentListQuery = {},
  client: ApiClient = api,
): Promise<Paginated<PublicationListItem>> {
  return client<Paginated<PublicationListItem>>('/seo/articles/', { query: listQuery(query) });
}

export function getArticle(id: number, client: ApiClient = api): Promise<Publication> {
  assertRequired(id, 'id', 'getArticle');
  return client<Publication>(`/seo/articles/${encodeURIComponent(id)}/`);
}

export function listNews(
  query: ContentListQuery = {},
  client: ApiClient = api,
): Promise<Paginated<PublicationListItem>> {
  return client<Paginated<PublicationListItem>>('/seo/news/', { query: listQuery(query) });
}

export function getNewsItem(id: number, client: ApiClient = api): Promise<Publication> {
  assertRequired(id, 'id', 'getNewsItem');
  return client<Publication>(`/seo/news/${encodeURIComponent(id)}/`);
}

/** Site pages take `page` itself (the server turns it into an offset). */
export function listSitePages(
  query: ContentListQuery = {},
  client: ApiClient = api,
): Promise<Paginated<PublicationListItem>> {
  return client<Paginated<PublicationListItem>>('/seo/site_pages/', {
    query: compactQuery({
      page: query.page && query.page > 1 ? Math.floor(query.page) : undefined,
      limit: query.limit,
    }),
  });
}

export function getSitePage(id: number, client: ApiClient = api): Promise<Publication> {
  assertRequired(id, 'id', 'getSitePage');
  return client<Publication>(`/seo/site_pages/${encodeURIComponent(id)}/`);
}
