import { inArray, lt, sql } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { RateLimitError } from '../errors.ts';
import { logger } from '../logger.ts';

/** At most `max` hits per fixed window of `windowSeconds`, counted per subject (an IP address, an email). */
export interface RateLimit {
  name: string;
  max: number;
  windowSeconds: number;
}

/*
 * The counters are rows in the database (one upsert per hit), so a limit holds across every shop
 * process on one PostgreSQL. Windows are fixed, not sliding: a burst across a window boundary may
 * reach twice `max`, which is fine for slowing down guessing. rate-limiter-flexible does the same,
 * but has no driver for PGlite or postgres.js.
 */

function windowOf(limit: RateLimit, now: Date) {
  const windowMs = limit.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const end = new Date(start.getTime() + windowMs);
  return { start, end, retryAfter: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)) };
}

export const rateLimitKey = (limit: RateLimit, subject: string) => `${limit.name}:${subject}`;

/** Counts one hit; returns the seconds to wait when the window is now over its limit, else 0. */
async function hit(db: Db, limit: RateLimit, subject: string, now: Date): Promise<number> {
  const window = windowOf(limit, now);
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`insert into ${rateLimits} (key, window_start, hits, expires_at)
        values (${rateLimitKey(limit, subject)}, ${window.start.toISOString()}, 1, ${window.end.toISOString()})
        on conflict (key, window_start) do update set hits = ${rateLimits}.hits + 1
        returning hits`,
  );
  return (row?.hits ?? 0) > limit.max ? window.retryAfter : 0;
}

/**
 * Counts one hit of each subject against its limit and refuses when any is over.
 * @throws RateLimitError with the seconds until the longest-blocked window ends.
 */
export async function consumeRateLimits(checks: readonly (readonly [RateLimit, string])[], now = new Date()): Promise<void> {
  const db = await getDb();
  let retryAfter = 0;
  for (const [limit, subject] of checks) retryAfter = Math.max(retryAfter, await hit(db, limit, subject, now));
  if (Math.random() < 0.01) void pruneRateLimits();
  if (retryAfter > 0) throw new RateLimitError(retryAfter);
}

/** Counts one hit without refusing (failures that limit later attempts). */
export async function recordRateLimitHit(limit: RateLimit, subject: string, now = new Date()): Promise<void> {
  await hit(await getDb(), limit, subject, now);
}

/**
 * Refuses when the subject has already used up its window, without counting a hit.
 * @throws RateLimitError
 */
export async function assertUnderRateLimit(limit: RateLimit, subject: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const window = windowOf(limit, now);
  const [row] = await queryRows<{ hits: number }>(
    db,
    sql`select hits from ${rateLimits} where key = ${rateLimitKey(limit, subject)} and window_start = ${window.start.toISOString()}`,
  );
  if ((row?.hits ?? 0) >= limit.max) throw new RateLimitError(window.retryAfter);
}

/** Forgets the counters of these keys (an erased account's email). */
export async function deleteRateLimitKeys(keys: string[], db?: Db): Promise<void> {
  if (!keys.length) return;
  await (db ?? (await getDb())).delete(rateLimits).where(inArray(rateLimits.key, keys));
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
