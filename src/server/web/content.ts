/** What the content pages (news, articles, site pages) load, read from their URLs. */
import {
  getPublicationBySlug,
  listPublications,
  listRelatedPublications,
  type Publication,
  type PublicationKind,
  type PublicationSummary,
} from '../content/publications.queries.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { localizeLink } from '../../shared/paths.ts';
import { sanitizeForPage } from '../content/sanitize.ts';
import { isSlug, orNotFound } from './http.ts';
import { pageNumberParam } from './page-input.ts';

export const CONTENT_PAGE_SIZE = 12;

export interface PublicationList {
  items: PublicationSummary[];
  count: number;
  page: number;
  pageCount: number;
}

/** A page of a news or article list; null when the URL's page does not exist. */
export async function loadPublicationList(
  kind: PublicationKind,
  params: URLSearchParams,
): Promise<PublicationList | null> {
  const page = pageNumberParam(params);
  if (page === null) return null;
  const { items, count } = await listPublications(kind, {
    limit: CONTENT_PAGE_SIZE,
    offset: (page - 1) * CONTENT_PAGE_SIZE,
  });
  const pageCount = Math.max(1, Math.ceil(count / CONTENT_PAGE_SIZE));
  if (page > pageCount) return null;
  return { items, count, page, pageCount };
}

/** A published item with what to read next; null when there is none by that slug. */
export async function loadPublication(
  kind: PublicationKind,
  slug: string,
): Promise<{ item: Publication; related: PublicationSummary[] } | null> {
  if (!isSlug(slug)) return null;
  const item = await orNotFound(getPublicationBySlug(kind, slug));
  if (!item) return null;
  return { item, related: await listRelatedPublications(item, 3) };
}

/**
 * Stored rich text as a page shows it: sanitised again (memoised), however it was stored; site links
 * written without a country (`href="/catalog/x"`) lead to the page's country, and each table scrolls
 * sideways in a region the keyboard can reach.
 */
export function renderRichText(html: string, country: CountryCode): string {
  return sanitizeForPage(html)
    .replace(/href="(\/[^"]*)"/g, (_, link: string) => `href="${localizeLink(link, country)}"`)
    .replace(/<table>/g, '<div class="table-scroll" role="region" aria-label="Таблица" tabindex="0"><table>')
    .replace(/<\/table>/g, '</table></div>');
}
