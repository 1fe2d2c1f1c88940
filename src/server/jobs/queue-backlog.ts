/**
 * What the background queues hold, read from pg-boss's own tables for `/metrics`: per queue, the jobs
 * due and waiting for a worker, those deferred to later (a retry's delay), those running, and how long
 * the oldest due one has waited. The same figures from every process: the queues are the database's.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

export interface QueueBacklog {
  queue: string;
  waiting: number;
  deferred: number;
  active: number;
  /** Seconds since the oldest waiting job became due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/** Every queue pg-boss knows (empty ones included), or none before pg-boss has created its schema. */
export async function queueBacklog(db: Db): Promise<QueueBacklog[]> {
  const [schema] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null and to_regclass('pgboss.queue') is not null as exists`,
  );
  if (!schema?.exists) return [];
  // Job states are an enum in this order: created, retry, active, completed, cancelled, failed.
  return queryRows<QueueBacklog>(
    db,
    sql`select q.name as queue,
          count(j.id) filter (where j.state < 'active' and j.start_after <= now())::int as waiting,
          count(j.id) filter (where j.state < 'active' and j.start_after > now())::int as deferred,
          count(j.id) filter (where j.state = 'active')::int as active,
          coalesce(extract(epoch from now() - min(j.start_after)
            filter (where j.state < 'active' and j.start_after <= now())), 0)::float8 as "oldestWaitingSeconds"
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name and j.state <= 'active'
        group by q.name
        order by q.name`,
  );
}
