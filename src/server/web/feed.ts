import { escapeXml } from '../../shared/escape.ts';
import { listPublications, type PublicationSummary } from '../content/publications.queries.ts';
import { absoluteUrl } from '../site-url.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';

const FEED_SIZE = 30;

export interface FeedEntry {
  item: PublicationSummary;
  url: string;
  category: 'Новости' | 'Статьи';
}

/** What a country's feed holds: its news and articles, newest first. */
export async function feedEntries(country: CountryCode): Promise<FeedEntry[]> {
  const [news, articles] = await Promise.all([
    listPublications('news', { limit: FEED_SIZE, offset: 0 }),
    listPublications('article', { limit: FEED_SIZE, offset: 0 }),
  ]);
  return [
    ...news.items.map((item) => ({
      item,
      url: absoluteUrl(paths.newsItem(country, item.slug)),
      category: 'Новости' as const,
    })),
    ...articles.items.map((item) => ({
      item,
      url: absoluteUrl(paths.article(country, item.slug)),
      category: 'Статьи' as const,
    })),
  ]
    .sort((a, b) => b.item.publishedAt.getTime() - a.item.publishedAt.getTime())
    .slice(0, FEED_SIZE);
}

/** The Atom feed of a country's news and articles, newest first. */
export async function renderFeed(country: CountryCode): Promise<string> {
  const entries = await feedEntries(country);
  const updated = entries.reduce((latest, { item }) => Math.max(latest, updatedAt(item).getTime()), 0);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ru">',
    `<title>${escapeXml(`${SHOP_NAME}: новости и статьи`)}</title>`,
    `<id>${escapeXml(absoluteUrl(paths.feed(country)))}</id>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl(paths.feed(country)))}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(paths.home(country)))}"/>`,
    `<updated>${new Date(updated || Date.now()).toISOString()}</updated>`,
    `<author><name>${escapeXml(SHOP_NAME)}</name></author>`,
    ...entries.map(
      ({ item, url, category }) =>
        `<entry><title>${escapeXml(item.title)}</title><id>${escapeXml(url)}</id><link rel="alternate" type="text/html" href="${escapeXml(url)}"/>` +
        `<published>${item.publishedAt.toISOString()}</published><updated>${updatedAt(item).toISOString()}</updated>` +
        `<category term="${escapeXml(category)}"/><summary>${escapeXml(item.lead || item.seoDescription)}</summary></entry>`,
    ),
    '</feed>',
  ].join('\n');
}

const updatedAt = (item: PublicationSummary) => (item.updatedAt > item.publishedAt ? item.updatedAt : item.publishedAt);
