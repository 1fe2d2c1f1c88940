import type { Publication, PublicationSummary } from '../../content/publications.queries.ts';
import { sanitizeForPage } from '../../content/sanitize.ts';

export function toPublicationListItemJson(p: PublicationSummary) {
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    lead: p.lead,
    cover: p.cover,
    cover_alt: p.coverAlt,
    seo_title: p.seoTitle,
    seo_description: p.seoDescription,
    topics: p.topics,
    reading_minutes: p.readingMinutes,
    published_at: p.publishedAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function toPublicationJson(p: Publication) {
  return { ...toPublicationListItemJson(p), body: sanitizeForPage(p.body) };
}
