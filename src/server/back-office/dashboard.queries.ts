/**
 * The back office's first screen: what needs someone now. Orders waiting for confirmation, requests
 * nobody has taken, imports running or failed, and the products people wait for (back-in-stock
 * alerts per product and country). A handful of counting queries, none over a whole big table.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows } from '../db/client.ts';

export interface Dashboard {
  orders: { newLastDay: number; waiting: number; oldestWaitingSince: Date | null };
  /** Requests in status `new`, per kind. */
  requests: Record<string, number>;
  imports: { running: number; failedLastWeek: number };
  /** Out-of-stock products with people waiting, most awaited first (at most 20). */
  awaited: { productId: number; sku: string; name: string; country: CountryCode; waiting: number }[];
}

export async function readDashboard(): Promise<Dashboard> {
  const db = await getDb();
  const [[orders], requests, [imports], awaited] = await Promise.all([
    queryRows<{ new_last_day: number; waiting: number; oldest: string | null }>(
      db,
      sql`select count(*) filter (where created_at >= now() - interval '1 day')::int as new_last_day,
                 count(*) filter (where status = 'new')::int as waiting,
                 (min(created_at) filter (where status = 'new'))::text as oldest
          from orders where status = 'new' or created_at >= now() - interval '1 day'`,
    ),
    queryRows<{ kind: string; n: number }>(
      db,
      sql`select kind, count(*)::int as n from visitor_requests where status = 'new' group by kind`,
    ),
    queryRows<{ running: number; failed: number }>(
      db,
      sql`select count(*) filter (where status in ('PENDING', 'STARTED', 'PROGRESS'))::int as running,
                 count(*) filter (where status = 'FAILURE' and created_at >= now() - interval '7 days'
                                  and not coalesce((options->>'dry_run')::boolean, false))::int as failed
          from tasks where kind like 'import_%'`,
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
      newLastDay: orders?.new_last_day ?? 0,
      waiting: orders?.waiting ?? 0,
      oldestWaitingSince: orders?.oldest ? new Date(orders.oldest) : null,
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
