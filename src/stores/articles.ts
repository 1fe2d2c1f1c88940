import { map } from 'nanostores';
import { getArticle, listArticles, type ContentListQuery } from '~/lib/api/seo.ts';
import type { Publication, PublicationListItem } from '~/lib/api/types.ts';
import { createFetcher } from './fetch-into.ts';

export interface ArticlesState {
  articles: PublicationListItem[];
  /** Articles across every page of the last list fetch. */
  count: number;
  article: Publication | null;
  error: string | null;
}

export const $articles = map<ArticlesState>({ articles: [], count: 0, article: null, error: null });

const fetchList = createFetcher($articles);
const fetchOne = createFetcher($articles);

export function fetchArticles(query: ContentListQuery = {}): Promise<void> {
  return fetchList(
    () => listArticles(query),
    (page) => ({ articles: page.results, count: page.count }),
  );
}

export function fetchArticle(id: number): Promise<void> {
  return fetchOne(
    () => getArticle(id),
    (article) => ({ article }),
  );
}
