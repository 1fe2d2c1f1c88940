import { and, count, desc, eq, getTableColumns, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { publications } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import { contentCache } from './cache.ts';

export type PublicationKind = (typeof publications.$inferSelect)['kind'];
export type Publication = typeof publications.$inferSelect & { publishedAt: Date };
/** A publication as lists show it: everything but the body. */
export type PublicationSummary = Omit<Publication, 'body'>;

interface Paging {
  limit: number;
  offset: number;
}

const { body: _body, ...summaryColumns } = getTableColumns(publications);

// Public: published, and the publication date has come (a future date is a scheduled item).
const isPublic = (kind: PublicationKind) =>
  and(eq(publications.kind, kind), isNotNull(publications.publishedAt), lte(publications.publishedAt, sql`now()`));

/** Published items of a kind, newest first, without their bodies. */
export function listPublications(
  kind: PublicationKind,
  paging: Paging,
): Promise<{ items: PublicationSummary[]; count: number }> {
  return contentCache.get(`list:${kind}:${paging.limit}:${paging.offset}`, async () => {
    const db = await getDb();
    const [items, [total]] = await Promise.all([
      db
        .select(summaryColumns)
        .from(publications)
        .where(isPublic(kind))
        .orderBy(desc(publications.publishedAt), desc(publications.id))
        .limit(paging.limit)
        .offset(paging.offset),
      db.select({ value: count() }).from(publications).where(isPublic(kind)),
    ]);
    return { items: items as PublicationSummary[], count: total?.value ?? 0 };
  });
}

/** One published item by its id; throws NotFoundError for a draft, another kind or none. */
export function getPublication(kind: PublicationKind, id: number): Promise<Publication> {
  return findOne(kind, 'id', String(id));
}

/** One published item by its slug; throws NotFoundError when there is none. */
export function getPublicationBySlug(kind: PublicationKind, slug: string): Promise<Publication> {
  return findOne(kind, 'slug', slug);
}

function findOne(kind: PublicationKind, by: 'id' | 'slug', key: string): Promise<Publication> {
  return contentCache.get(`one:${kind}:${by}:${key}`, async () => {
    const db = await getDb();
    const match = by === 'id' ? eq(publications.id, Number(key)) : eq(publications.slug, key);
    const [row] = await db
      .select()
      .from(publications)
      .where(and(isPublic(kind), match));
    if (!row) throw new NotFoundError();
    return row as Publication;
  });
}

/**
 * Other published items of the same kind to read next: those sharing most topics with `item` first,
 * then the newest.
 */
export function listRelatedPublications(
  item: Pick<Publication, 'id' | 'kind' | 'topics'>,
  limit = 3,
): Promise<PublicationSummary[]> {
  return contentCache.get(`related:${item.id}:${limit}`, async () => {
    const db = await getDb();
    const shared = sql<number>`(SELECT count(*) FROM jsonb_array_elements_text(${publications.topics}) AS t(topic)
      WHERE t.topic = ANY(${sql.param(item.topics)}::text[]))`;
    const rows = await db
      .select(summaryColumns)
      .from(publications)
      .where(and(isPublic(item.kind), ne(publications.id, item.id)))
      .orderBy(desc(shared), desc(publications.publishedAt), desc(publications.id))
      .limit(limit);
    return rows as PublicationSummary[];
  });
}

/** Slug, title and dates of every published item of a kind, for links (footer, sitemap, feed). */
export function listPublicationLinks(
  kind: PublicationKind,
): Promise<{ slug: string; title: string; publishedAt: Date; updatedAt: Date }[]> {
  return contentCache.get(`links:${kind}`, async () => {
    const db = await getDb();
    const rows = await db
      .select({
        slug: publications.slug,
        title: publications.title,
        publishedAt: publications.publishedAt,
        updatedAt: publications.updatedAt,
      })
      .from(publications)
      .where(isPublic(kind))
      .orderBy(desc(publications.publishedAt), desc(publications.id));
    return rows as { slug: string; title: string; publishedAt: Date; updatedAt: Date }[];
  });
}
