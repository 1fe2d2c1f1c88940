import { map } from 'nanostores';
import { getNewsItem, listNews, type ContentListQuery } from '~/lib/api/seo.ts';
import type { Publication, PublicationListItem } from '~/lib/api/types.ts';
import { createFetcher } from './fetch-into.ts';

export interface NewsState {
  news: PublicationListItem[];
  count: number;
  newsItem: Publication | null;
  error: string | null;
}

export const $news = map<NewsState>({ news: [], count: 0, newsItem: null, error: null });

const fetchList = createFetcher($news);
const fetchOne = createFetcher($news);

export function fetchNews(query: ContentListQuery = {}): Promise<void> {
  return fetchList(
    () => listNews(query),
    (page) => ({ news: page.results, count: page.count }),
  );
}

export function fetchNewsItem(id: number): Promise<void> {
  return fetchOne(
    () => getNewsItem(id),
    (newsItem) => ({ newsItem }),
  );
}
