import type { Db } from '../db/client.ts';
import { publications } from '../db/schema/index.ts';
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
