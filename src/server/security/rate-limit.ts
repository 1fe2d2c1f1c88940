import { lt, sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { RateLimitError } from '../errors.ts';
import { logger } from '../logger.ts';

/** At most `max` hits per fixed window of `windowSeconds`, counted per subject (an IP address, an email). */
export interface RateLimit {
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit of `subject` against each limit and refuses when any is over.
 *
 * The counters are rows in the database (one upsert per limit), so the limit holds across every
 * shop process on one PostgreSQL. Windows are fixed, not sliding: a burst across a window boundary
 * may reach twice `max`, which is fine for slowing down guessing. rate-limiter-flexible does the
 * same, but has no driver for PGlite or postgres.js.
 * @throws RateLimitError with the seconds until the longest-blocked window ends.
 */
export async function consumeRateLimits(checks: readonly (readonly [RateLimit, string])[], now = new Date()): Promise<void> {
  const db = await getDb();
  let retryAfter = 0;
  for (const [limit, subject] of checks) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const expiresAt = new Date(windowStart.getTime() + windowMs);
    const key = `${limit.name}:${subject}`;
    const [row] = await queryRows<{ hits: number }>(
      db,
      sql`insert into ${rateLimits} (key, window_start, hits, expires_at)
          values (${key}, ${windowStart.toISOString()}, 1, ${expiresAt.toISOString()})
          on conflict (key, window_start) do update set hits = ${rateLimits}.hits + 1
          returning hits`,
    );
    if ((row?.hits ?? 0) > limit.max) {
      retryAfter = Math.max(retryAfter, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
    }
  }
  if (Math.random() < 0.01) void pruneRateLimits();
  if (retryAfter > 0) throw new RateLimitError(retryAfter);
}

/** Deletes counters of windows that have ended. */
export async function pruneRateLimits(): Promise<void> {
  try {
    const db = await getDb();
    await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date()));
  } catch (error) {
    logger.warn({ err: error }, 'Could not prune rate-limit counters');
  }
}
