import { and, asc, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { banners, contacts, documents, exchanges } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import type { CountryCode } from '../../shared/countries.ts';

export type Exchange = typeof exchanges.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type Banner = typeof banners.$inferSelect;
export type DocumentRecord = typeof documents.$inferSelect;

interface Paging {
  limit: number;
  offset: number;
}

/** Newest first: the first item is the current rate. */
export async function listExchanges(paging: Paging): Promise<{ items: Exchange[]; count: number }> {
  const db = await getDb();
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(exchanges)
      .orderBy(desc(exchanges.date), desc(exchanges.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ value: count() }).from(exchanges),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getCurrentExchange(): Promise<Exchange | null> {
  const db = await getDb();
  const [row] = await db.select().from(exchanges).orderBy(desc(exchanges.date), desc(exchanges.id)).limit(1);
  return row ?? null;
}

/** Every office of a country, in display order, without paging (the page footer and the contacts page). */
export async function listCountryContacts(country: CountryCode): Promise<Contact[]> {
  const db = await getDb();
  return db
    .select()
    .from(contacts)
    .where(eq(contacts.country, country))
    .orderBy(asc(contacts.position), asc(contacts.id));
}

/** Slug and title of every document, for links (the page footer, the sitemap). */
export async function listDocumentLinks(): Promise<{ slug: string; title: string; updatedAt: Date }[]> {
  const db = await getDb();
  return db
    .select({ slug: documents.slug, title: documents.title, updatedAt: documents.updatedAt })
    .from(documents)
    .orderBy(asc(documents.id));
}

export async function getExchange(id: number): Promise<Exchange> {
  const db = await getDb();
  const [row] = await db.select().from(exchanges).where(eq(exchanges.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

export async function listContacts(
  options: Paging & { country?: CountryCode },
): Promise<{ items: Contact[]; count: number }> {
  const db = await getDb();
  const where = options.country ? eq(contacts.country, options.country) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.country), asc(contacts.position), asc(contacts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getContact(id: number): Promise<Contact> {
  const db = await getDb();
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  if (!row) throw new NotFoundError();
  return row;
}

/** Active banners; with a country, those for every country plus that country's own. */
export async function listBanners(
  options: Paging & { country?: CountryCode },
): Promise<{ items: Banner[]; count: number }> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [eq(banners.isActive, true)];
  if (options.country) conditions.push(or(isNull(banners.country), eq(banners.country, options.country)));
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(where)
      .orderBy(asc(banners.position), asc(banners.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(banners).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getBanner(id: number): Promise<Banner> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.isActive, true)));
  if (!row) throw new NotFoundError();
  return row;
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
