/**
 * The newsletter's subscriptions as the back office reads them: a page to look through (subscribers,
 * addresses waiting for their owner's confirmation, and those who left), and every confirmed
 * subscriber of a country as a CSV for whatever sends the newsletter.
 */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { EXCEL_CSV, encodeCsv, excelSafe } from '../csv.ts';
import { getDb } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { newsletterSubscriptions } from '../db/schema/index.ts';

/** `active`: confirmed and still subscribed; `pending`: waiting for the owner to confirm; `unsubscribed`: left. */
export const SUBSCRIPTION_STATES = ['active', 'pending', 'unsubscribed'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Подписан',
  pending: 'Ждёт подтверждения',
  unsubscribed: 'Отписался',
};

export interface Subscriber {
  id: number;
  email: string;
  country: CountryCode;
  state: SubscriptionState;
  /** When the address was given in the form. */
  subscribedAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

export interface SubscriberFilters {
  country?: CountryCode;
  /** The export takes `active` only. */
  state?: SubscriptionState;
  search?: string;
}

const STATE_CONDITIONS: Record<SubscriptionState, SQL> = {
  active: and(isNotNull(newsletterSubscriptions.confirmedAt), isNull(newsletterSubscriptions.unsubscribedAt))!,
  pending: and(isNull(newsletterSubscriptions.confirmedAt), isNull(newsletterSubscriptions.unsubscribedAt))!,
  unsubscribed: isNotNull(newsletterSubscriptions.unsubscribedAt),
};

function where(filters: SubscriberFilters): SQL | undefined {
  const search = filters.search?.trim();
  return and(
    filters.country ? eq(newsletterSubscriptions.country, filters.country) : undefined,
    filters.state ? STATE_CONDITIONS[filters.state] : undefined,
    search ? ilike(newsletterSubscriptions.email, containing(search.toLowerCase())) : undefined,
  );
}

const columns = {
  id: newsletterSubscriptions.id,
  email: newsletterSubscriptions.email,
  country: newsletterSubscriptions.country,
  subscribedAt: newsletterSubscriptions.createdAt,
  confirmedAt: newsletterSubscriptions.confirmedAt,
  unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
};

type Row = Omit<Subscriber, 'state' | 'country'> & { country: string };

const stateOf = (row: Row): SubscriptionState =>
  row.unsubscribedAt ? 'unsubscribed' : row.confirmedAt ? 'active' : 'pending';

const toSubscriber = (row: Row): Subscriber => ({ ...row, country: row.country as CountryCode, state: stateOf(row) });

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
  return { count: total?.n ?? 0, items: rows.map(toSubscriber) };
}

/**
 * The subscribers (of a country) as a CSV Excel opens: email, country, confirmed on. Only confirmed
 * addresses that have not left: a pending one is nobody's consent yet.
 */
export async function exportSubscribers(country?: CountryCode): Promise<Buffer> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(newsletterSubscriptions)
    .where(where({ country, state: 'active' }))
    .orderBy(asc(newsletterSubscriptions.id));
  return encodeCsv(EXCEL_CSV, [
    ['email', 'страна', 'подписан'],
    ...rows.map((r) => [excelSafe(r.email), r.country, (r.confirmedAt ?? r.subscribedAt).toISOString().slice(0, 10)]),
  ]);
}
