import { and, count, desc, eq, gt, ilike, isNull, lte, sql } from 'drizzle-orm';
import { invalidate } from '../cache/invalidation.ts';
import { getDb, type Db } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { publications } from '../db/schema/index.ts';
import { slugFor } from '../db/slugs.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';
import { readingMinutes, sanitizeRichText } from './sanitize.ts';

export interface NewPublication {
  kind: 'article' | 'news' | 'page';
  slug: string;
  title: string;
  lead: string;
  /** HTML as written; it is sanitised here, once, before it is stored. */
  body: string;
  cover: string | null;
  coverAlt: string;
  seoTitle: string;
  seoDescription: string;
  topics: string[];
  /** Null: a draft. */
  publishedAt: Date | null;
}

/**
 * Stores publications: the body sanitised and its reading time counted, so pages render it as it is.
 * The caller invalidates the caches after its transaction commits.
 */
export async function insertPublications(db: Db, items: NewPublication[]): Promise<void> {
  if (!items.length) return;
  await db.insert(publications).values(
    items.map((item) => {
      const body = sanitizeRichText(item.body);
      return { ...item, body, readingMinutes: readingMinutes(body) };
    }),
  );
}

/** What staff may change of a publication; absent fields stay as they are. */
export type PublicationChange = Partial<Omit<NewPublication, 'kind'>>;

export const PUBLICATION_TEXT = {
  slugTaken: (slug: string) => `Адрес «${slug}» уже занят другой публикацией этого раздела.`,
  noSlug: 'Из заголовка не получается адрес: укажите slug латиницей.',
  notFound: 'Публикация не найдена.',
} as const;

/** A publication as the back office sees it: drafts and scheduled ones too. */
export type StaffPublication = typeof publications.$inferSelect;

function stored(change: PublicationChange) {
  const { body, ...rest } = change;
  if (body === undefined) return { ...rest, updatedAt: new Date() };
  const clean = sanitizeRichText(body);
  return { ...rest, body: clean, readingMinutes: readingMinutes(clean), updatedAt: new Date() };
}

/**
 * Creates a publication (its slug made from the title when none is given), sanitised as every rich
 * text, with its audit row, and empties every process's content caches.
 * @throws ValidationError `{slug: [...]}` when the slug is taken in its section or cannot be made
 */
export async function createPublication(
  actor: number,
  item: Omit<NewPublication, 'slug'> & { slug?: string },
): Promise<StaffPublication> {
  const db = await getDb();
  try {
    const body = sanitizeRichText(item.body);
    const row = await db.transaction(async (tx) => {
      const slug = await slugFor(
        tx,
        { table: publications, column: publications.slug, within: eq(publications.kind, item.kind) },
        { slug: item.slug, title: item.title, isNew: true },
        PUBLICATION_TEXT.noSlug,
      );
      const [created] = await tx
        .insert(publications)
        .values({ ...item, slug, body, readingMinutes: readingMinutes(body) })
        .returning();
      await recordStaffChange(tx, {
        userId: actor,
        entity: 'publication',
        entityId: created!.id,
        action: 'create',
        before: null,
        after: created!,
      });
      return created!;
    });
    await invalidate('content');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ slug: [PUBLICATION_TEXT.slugTaken(item.slug ?? '')] });
    throw error;
  }
}

/**
 * Changes the fields given, with the audit row of what changed. @throws NotFoundError; ValidationError
 * `{slug: [...]}` for a taken slug
 */
export async function updatePublication(
  actor: number,
  id: number,
  change: PublicationChange,
): Promise<StaffPublication> {
  const db = await getDb();
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(publications).where(eq(publications.id, id)).for('update');
      if (!before) throw new NotFoundError(PUBLICATION_TEXT.notFound);
      const [after] = await tx.update(publications).set(stored(change)).where(eq(publications.id, id)).returning();
      await recordStaffChange(tx, {
        userId: actor,
        entity: 'publication',
        entityId: id,
        action: 'update',
        before,
        after: after!,
      });
      return after!;
    });
    await invalidate('content');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ slug: [PUBLICATION_TEXT.slugTaken(change.slug ?? '')] });
    throw error;
  }
}

/** Deletes it, keeping what it was in the audit. @throws NotFoundError */
export async function deletePublication(actor: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(publications).where(eq(publications.id, id)).returning();
    if (!row) throw new NotFoundError(PUBLICATION_TEXT.notFound);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'publication',
      entityId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  });
  await invalidate('content');
}

export interface StaffPublicationFilters {
  kind?: 'article' | 'news' | 'page';
  /** `published` (its date has come), `scheduled` (a future date) or `draft` (no date). */
  state?: 'published' | 'scheduled' | 'draft';
  search?: string;
  limit: number;
  offset: number;
}

/** Every publication, drafts and scheduled ones too, last changed first. */
export async function listPublicationsForStaff(
  filters: StaffPublicationFilters,
): Promise<{ count: number; items: StaffPublication[] }> {
  const db = await getDb();
  const search = filters.search?.trim();
  const where = and(
    filters.kind ? eq(publications.kind, filters.kind) : undefined,
    filters.state === 'draft' ? isNull(publications.publishedAt) : undefined,
    filters.state === 'published' ? lte(publications.publishedAt, sql`now()`) : undefined,
    filters.state === 'scheduled' ? gt(publications.publishedAt, sql`now()`) : undefined,
    search ? ilike(publications.title, containing(search)) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(publications)
      .where(where)
      .orderBy(desc(publications.updatedAt), desc(publications.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(publications).where(where),
  ]);
  return { count: total?.n ?? 0, items };
}

export async function findPublicationForStaff(id: number): Promise<StaffPublication | null> {
  const [row] = await (await getDb()).select().from(publications).where(eq(publications.id, id));
  return row ?? null;
}
