/**
 * The newsletter's subscribers as the back office reads them: a page to look through, and every
 * subscriber of a country as a CSV for whatever sends the newsletter.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { EXCEL_CSV, encodeCsv, excelSafe } from '../csv.ts';
import { getDb } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { newsletterSubscriptions } from '../db/schema/index.ts';

export interface Subscriber {
  id: number;
  email: string;
  country: CountryCode;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
}

export interface SubscriberFilters {
  country?: CountryCode;
  /** `active` (the default of the export) or `unsubscribed`. */
  state?: 'active' | 'unsubscribed';
  search?: string;
}

function where(filters: SubscriberFilters): SQL | undefined {
  const search = filters.search?.trim();
  return and(
    filters.country ? eq(newsletterSubscriptions.country, filters.country) : undefined,
    filters.state === 'active' ? isNull(newsletterSubscriptions.unsubscribedAt) : undefined,
    filters.state === 'unsubscribed' ? isNotNull(newsletterSubscriptions.unsubscribedAt) : undefined,
    search ? ilike(newsletterSubscriptions.email, containing(search.toLowerCase())) : undefined,
  );
}

const columns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  country: newsletterSubscriptions.country,
  subscribedAt: newsletterSubscriptions.createdAt,
  unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
};

/** A page of subscribers, newest first. */
export async function listSubscribers(
  filters: SubscriberFilters & { limit: number; offset: number },
): Promise<{ count: number; items: Subscriber[] }> {
  const db = await getDb();
  const condition = where(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(newsletterSubscriptions)
      .where(condition)
      .orderBy(desc(newsletterSubscriptions.createdAt), desc(newsletterSubscriptions.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(newsletterSubscriptions).where(condition),
  ]);
  return { count: total?.n ?? 0, items: rows as Subscriber[] };
}

/** The active subscribers (of a country) as a CSV Excel opens: email, country, subscribed on. */
export async function exportSubscribers(country?: CountryCode): Promise<Buffer> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(newsletterSubscriptions)
    .where(where({ country, state: 'active' }))
    .orderBy(asc(newsletterSubscriptions.id));
  return encodeCsv(EXCEL_CSV, [
    ['email', 'страна', 'подписан'],
    ...rows.map((r) => [excelSafe(r.email), r.country, r.subscribedAt.toISOString().slice(0, 10)]),
  ]);
}
