/** What staff read of the exchange: each session, its files and what came of them, the orders 1C took. */
import { sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { NotFoundError } from '../errors.ts';
import { EXCHANGE_TASK_KIND } from './exchange-kind.ts';
import type { FailurePlace } from './exchange-run.ts';

export interface ExchangeFileView {
  taskId: string;
  filename: string;
  status: string;
  /** What it did, or why it failed (the words 1C was told). */
  message: string | null;
  counts: Record<string, number>;
  notes: string[];
  /** Where a failed file stopped: the line, the element and the reason (null when it did not fail). */
  error: FailurePlace | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface ExchangeSessionView {
  id: string;
  type: string;
  createdAt: Date;
  lastSeenAt: Date;
  userEmail: string | null;
  files: ExchangeFileView[];
  /** The rows of every file added up: the session's summary. */
  totals: { rows: number; created: number; updated: number; hidden: number; failed: number };
  ordersTaken: string[];
}

interface SessionRow {
  id: string;
  type: string;
  created_at: Date;
  last_seen_at: Date;
  email: string | null;
  files:
    | (Omit<ExchangeFileView, 'error' | 'startedAt' | 'finishedAt'> & {
        place: FailurePlace | null;
        startedAt: string | null;
        finishedAt: string | null;
      })[]
    | null;
  orders: string[] | null;
}

const sessionsQuery = (where: SQL, limit: number, offset: number) => sql`
  select s.id, s.type, s.created_at, s.last_seen_at, u.email,
    (select json_agg(json_build_object('taskId', t.id, 'filename', t.options->>'filename', 'status', t.status,
            'message', t.result->>'message', 'counts', t.counts, 'notes', coalesce(t.result->'notes', '[]'::jsonb),
            'place', t.result->'place', 'startedAt', t.started_at, 'finishedAt', t.finished_at)
            order by t.created_at)
       from tasks t where t.kind = ${EXCHANGE_TASK_KIND} and t.options->>'session_id' = s.id::text) as files,
    (select json_agg(o.number order by o.id) from orders o
       where o.id in (select jsonb_array_elements_text(s.orders_taken)::int)) as orders
  from exchange_sessions s left join users u on u.id = s.user_id
  where ${where}
  order by s.created_at desc, s.id limit ${limit} offset ${offset}`;

const count = (value: unknown) => Number(value ?? 0) || 0;

function toView(r: SessionRow): ExchangeSessionView {
  const files = (r.files ?? []).map(({ place, startedAt, finishedAt, ...f }) => ({
    ...f,
    counts: f.counts ?? {},
    notes: f.notes ?? [],
    error:
      f.status === 'FAILURE'
        ? (place ?? { line: null, element: null, reason: f.message ?? 'Файл не обработан.' })
        : null,
    startedAt: startedAt ? new Date(startedAt) : null,
    finishedAt: finishedAt ? new Date(finishedAt) : null,
  }));
  const sum = (key: string) => files.reduce((n, f) => n + count(f.counts[key]), 0);
  return {
    id: r.id,
    type: r.type,
    createdAt: new Date(r.created_at),
    lastSeenAt: new Date(r.last_seen_at),
    userEmail: r.email,
    files,
    totals: {
      rows: sum('rows'),
      created: sum('created'),
      updated: sum('updated'),
      hidden: sum('hidden'),
      failed: files.filter((f) => f.status === 'FAILURE').length,
    },
    ordersTaken: r.orders ?? [],
  };
}

export async function listExchangeSessions(
  limit: number,
  offset: number,
): Promise<{ count: number; items: ExchangeSessionView[] }> {
  const db = await getDb();
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from exchange_sessions`);
  const rows = await queryRows<SessionRow>(db, sessionsQuery(sql`true`, limit, offset));
  return { count: Number(total?.n ?? 0), items: rows.map(toView) };
}

/** One session. @throws NotFoundError */
export async function getExchangeSession(id: string): Promise<ExchangeSessionView> {
  const db = await getDb();
  const [row] = await queryRows<SessionRow>(db, sessionsQuery(sql`s.id = ${id}::uuid`, 1, 0));
  if (!row) throw new NotFoundError('Сеанс обмена не найден.');
  return toView(row);
}
