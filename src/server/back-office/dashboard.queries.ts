/**
 * The back office's first screen: what needs someone now, and how the day goes. Orders waiting for
 * confirmation, today's and this week's orders and their value per country, requests nobody has taken,
 * imports running or failed, and the products people wait for (back-in-stock alerts per product and
 * country). A handful of counting queries, none over a whole big table.
 */
import { sql } from 'drizzle-orm';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows, textArray } from '../db/client.ts';
import { isImportTask } from '../imports/imports.options.ts';

/** Orders placed in a country since a moment: how many, how many of them are cancelled, the others' value. */
export interface OrderPeriod {
  since: Date;
  count: number;
  cancelled: number;
  /** A decimal string in the country's currency. */
  value: string;
}

export interface Dashboard {
  orders: {
    waiting: number;
    oldestWaitingSince: Date | null;
    /** Today and this week (from Monday) on each country's clock, in `COUNTRY_CODES` order. */
    byCountry: { country: CountryCode; today: OrderPeriod; week: OrderPeriod }[];
  };
  /** Requests in status `new`, per kind. */
  requests: Record<string, number>;
  imports: { running: number; failedLastWeek: number };
  /** Out-of-stock products with people waiting, most awaited first (at most 20). */
  awaited: { productId: number; sku: string; name: string; country: CountryCode; waiting: number }[];
}

interface PeriodRow {
  country: CountryCode;
  /** Epoch milliseconds. */
  day_start: number;
  week_start: number;
  day_count: number;
  day_cancelled: number;
  day_value: string;
  week_count: number;
  week_cancelled: number;
  week_value: string;
}

/**
 * Per country, the orders placed since its midnight and since its Monday's, on its own clock (the
 * database's time zone rules); a week always holds its today. Reads only this week's orders.
 */
function periodsQuery() {
  const sum = (from: string) =>
    sql.raw(
      `coalesce(sum(o.total) filter (where o.created_at >= b.${from} and o.status <> 'cancelled'), 0)::numeric(14, 2)::text`,
    );
  return sql`
    with bounds as (
      select c.country,
             date_trunc('day', now() at time zone c.zone) at time zone c.zone as day_start,
             date_trunc('week', now() at time zone c.zone) at time zone c.zone as week_start
      from unnest(${textArray(COUNTRY_CODES)}::text[], ${textArray(COUNTRY_CODES.map((c) => COUNTRIES[c].timeZone))}::text[])
        as c(country, zone)
    )
    select b.country, (extract(epoch from b.day_start) * 1000)::float8 as day_start,
           (extract(epoch from b.week_start) * 1000)::float8 as week_start,
           count(o.id) filter (where o.created_at >= b.day_start)::int as day_count,
           count(o.id) filter (where o.created_at >= b.day_start and o.status = 'cancelled')::int as day_cancelled,
           ${sum('day_start')} as day_value,
           count(o.id)::int as week_count,
           count(o.id) filter (where o.status = 'cancelled')::int as week_cancelled,
           ${sum('week_start')} as week_value
    from bounds b
    left join orders o on o.country = b.country and o.created_at >= b.week_start
      and o.status <> 'awaiting_approval'
    group by b.country, b.day_start, b.week_start`;
}

export async function readDashboard(): Promise<Dashboard> {
  const db = await getDb();
  const [[orders], periods, requests, [imports], awaited] = await Promise.all([
    queryRows<{ waiting: number; oldest: string | null }>(
      db,
      sql`select count(*)::int as waiting, min(created_at)::text as oldest from orders where status = 'new'`,
    ),
    queryRows<PeriodRow>(db, periodsQuery()),
    queryRows<{ kind: string; n: number }>(
      db,
      sql`select kind, count(*)::int as n from visitor_requests where status = 'new' group by kind`,
    ),
    queryRows<{ running: number; failed: number }>(
      db,
      sql`select count(*) filter (where status in ('PENDING', 'STARTED', 'PROGRESS'))::int as running,
                 count(*) filter (where status = 'FAILURE' and created_at >= now() - interval '7 days'
                                  and not coalesce((options->>'dry_run')::boolean, false))::int as failed
          from tasks where ${isImportTask(sql`kind`)}`,
    ),
    queryRows<{ product_id: number; sku: string; name: string; country: CountryCode; waiting: number }>(
      db,
      sql`select a.product_id, p.sku, p.name, a.country, count(*)::int as waiting
          from stock_alerts a
          join products p on p.id = a.product_id
          left join product_offers o on o.product_id = a.product_id and o.country = a.country
          where a.notified_at is null and coalesce(o.quantity, 0) = 0
          group by a.product_id, p.sku, p.name, a.country
          order by waiting desc, a.product_id
          limit 20`,
    ),
  ]);
  return {
    orders: {
      waiting: orders?.waiting ?? 0,
      oldestWaitingSince: orders?.oldest ? new Date(orders.oldest) : null,
      byCountry: COUNTRY_CODES.map((country) => {
        const row = periods.find((p) => p.country === country);
        const period = (since = 0, count = 0, cancelled = 0, value = '0.00'): OrderPeriod => ({
          since: new Date(Number(since)),
          count: Number(count),
          cancelled: Number(cancelled),
          value,
        });
        return {
          country,
          today: period(row?.day_start, row?.day_count, row?.day_cancelled, row?.day_value),
          week: period(row?.week_start, row?.week_count, row?.week_cancelled, row?.week_value),
        };
      }),
    },
    requests: Object.fromEntries(requests.map((r) => [r.kind, r.n])),
    imports: { running: imports?.running ?? 0, failedLastWeek: imports?.failed ?? 0 },
    awaited: awaited.map((a) => ({
      productId: Number(a.product_id),
      sku: a.sku,
      name: a.name,
      country: a.country,
      waiting: a.waiting,
    })),
  };
}
