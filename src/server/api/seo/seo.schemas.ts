import { z } from '@hono/zod-openapi';
import { MAX_OFFSET, paginationQuery } from '../pagination.ts';

const publicationFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  lead: z.string(),
  cover: z.string().nullable().openapi({ description: 'Site path or URL of the cover, 1200×630.' }),
  cover_alt: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  topics: z.array(z.string()),
  reading_minutes: z.number().int(),
  published_at: z.string().openapi({ description: 'ISO 8601 date and time.' }),
  updated_at: z.string(),
};

/** An article, news item or site page as lists show it: no body. */
export const publicationListItemSchema = z.object(publicationFields).openapi('PublicationListItem');

export const publicationSchema = z
  .object({ ...publicationFields, body: z.string().openapi({ description: 'Sanitised HTML.' }) })
  .openapi('Publication');

export const publicationListQuery = z.object(paginationQuery(12));

/** Site pages also take `page` (DRF's PageNumberPagination): it wins over `offset` when both are given. */
export const sitePageListQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, 'Неверная страница.')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Неверная страница.'))
    .optional()
    .openapi({ param: { description: 'Page number from 1; offset = (page - 1) × limit.' }, type: 'integer' }),
  ...paginationQuery(12),
});

/** The limit and offset a site page list reads: `page` turned into an offset (brief §7). */
export function pageToOffset({ page, limit, offset }: { page?: number; limit: number; offset: number }) {
  return { limit, offset: page ? Math.min((page - 1) * limit, MAX_OFFSET) : offset };
}
