/** The company's documents (the offer, the privacy policy, licences and certificates). */
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { documents } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import type { Paging } from '../paging.ts';

export type DocumentRecord = typeof documents.$inferSelect;

/** Slug and title of every document, for links (the page footer, the sitemap). */
export async function listDocumentLinks(): Promise<{ slug: string; title: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ slug: documents.slug, title: documents.title, updatedAt: documents.updatedAt })
    .from(documents)
    .orderBy(asc(documents.id));
}

export async function listDocuments(
  options: Paging & { documentType?: string },
): Promise<{ items: DocumentRecord[]; count: number }> {
  const db = await getDb();
  const where = options.documentType ? eq(documents.documentType, options.documentType) : undefined;
  const [items, [total]] = await Promise.all([
    db.select().from(documents).where(where).orderBy(asc(documents.id)).limit(options.limit).offset(options.offset),
    db.select({ value: count() }).from(documents).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getDocument(slug: string): Promise<DocumentRecord> {
  const db = await getDb();
  const [row] = await db.select().from(documents).where(eq(documents.slug, slug));
  if (!row) throw new NotFoundError();
  return row;
}
