/** What staff read of the exchange: each session, its files and what came of them, the orders 1C took. */
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { EXCHANGE_TASK_KIND } from './exchange.runner.ts';

export interface ExchangeSessionView {
  id: string;
  type: string;
  createdAt: Date;
  lastSeenAt: Date;
  userEmail: string | null;
  files: {
    taskId: string;
    filename: string;
    status: string;
    /** What it did, or why it failed (the words 1C was told). */
    message: string | null;
    counts: Record<string, number>;
    notes: string[];
  }[];
  ordersTaken: string[];
}

export async function listExchangeSessions(
  limit: number,
  offset: number,
): Promise<{ count: number; items: ExchangeSessionView[] }> {
  const db = await getDb();
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from exchange_sessions`);
  const rows = await queryRows<{
    id: string;
    type: string;
    created_at: Date;
    last_seen_at: Date;
    email: string | null;
    files: ExchangeSessionView['files'] | null;
    orders: string[] | null;
  }>(
    db,
    sql`select s.id, s.type, s.created_at, s.last_seen_at, u.email,
          (select json_agg(json_build_object('taskId', t.id, 'filename', t.options->>'filename', 'status', t.status,
                  'message', t.result->>'message', 'counts', t.counts, 'notes', coalesce(t.result->'notes', '[]'::jsonb))
                  order by t.created_at)
             from tasks t where t.kind = ${EXCHANGE_TASK_KIND} and t.options->>'session_id' = s.id::text) as files,
          (select json_agg(o.number order by o.id) from orders o
             where o.id in (select jsonb_array_elements_text(s.orders_taken)::int)) as orders
        from exchange_sessions s left join users u on u.id = s.user_id
        order by s.created_at desc, s.id limit ${limit} offset ${offset}`,
  );
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      createdAt: new Date(r.created_at),
      lastSeenAt: new Date(r.last_seen_at),
      userEmail: r.email,
      files: r.files ?? [],
      ordersTaken: r.orders ?? [],
    })),
  };
}
