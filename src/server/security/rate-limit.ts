import { inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import { getDb, queryRows, type Db } from '../db/client.ts';
import { escapeLike } from '../db/like.ts';
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

/**
 * The statement that counts one hit of `subject` and answers the window's hits so far (`hits`), for a
 * caller that sends it inside a statement of its own (an order's mails, counted against the mailbox's quota).
 */
export function countHitStatement(limit: RateLimit, subject: string, now = new Date()): SQL {
  const window = windowOf(limit, now);
  return sql`insert into ${rateLimits} (key, window_start, hits, expires_at)
      values (${rateLimitKey(limit, subject)}, ${window.start.toISOString()}, 1, ${window.end.toISOString()})
      on conflict (key, window_start) do update set hits = ${rateLimits}.hits + 1
      returning hits`;
}

/** Counts one hit; the hits of the window so far, and the seconds to wait when that is over the limit (else 0). */
async function countHit(
  db: Db,
  limit: RateLimit,
  subject: string,
  now: Date,
): Promise<{ hits: number; retryAfter: number }> {
  const [row] = await queryRows<{ hits: number }>(db, countHitStatement(limit, subject, now));
  const hits = row?.hits ?? 0;
  return { hits, retryAfter: hits > limit.max ? windowOf(limit, now).retryAfter : 0 };
}

async function hit(db: Db, limit: RateLimit, subject: string, now: Date): Promise<number> {
  return (await countHit(db, limit, subject, now)).retryAfter;
}

/** Prunes ended windows after about one counted call in a hundred. */
function pruneNowAndThen(): void {
  if (Math.random() < 0.01) void pruneRateLimits();
}

/**
 * Counts one hit of each subject against its limit and refuses when any is over.
 * @throws RateLimitError with the seconds until the longest-blocked window ends.
 */
export async function consumeRateLimits(
  checks: readonly (readonly [RateLimit, string])[],
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  let retryAfter = 0;
  for (const [limit, subject] of checks) retryAfter = Math.max(retryAfter, await hit(db, limit, subject, now));
  pruneNowAndThen();
  if (retryAfter > 0) throw new RateLimitError(retryAfter);
}

/** Counts one hit; whether the subject is still within its limit (a quota that skips rather than refuses). */
export async function withinRateLimit(limit: RateLimit, subject: string, now = new Date()): Promise<boolean> {
  const { hits } = await countHit(await getDb(), limit, subject, now);
  pruneNowAndThen();
  return hits <= limit.max;
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

/**
 * A limit that slows down instead of shutting out: up to `max` failures per window cost nothing;
 * after that, every failure makes the subject wait before its next attempt, 1 s after the first
 * one over, then 2, 4, 8... up to `maxDelaySeconds` (as Saleor throttles logins).
 */
export interface Backoff extends RateLimit {
  maxDelaySeconds: number;
}

// The wait of a backoff is one row per subject, whatever the window: `expires_at` is the moment the
// next attempt is allowed, so pruning expired rows also ends finished waits.
const WAIT_ROW_START = new Date(0).toISOString();
const backoffWaitKey = (backoff: Backoff, subject: string) => `${backoff.name}-wait:${subject}`;

/** Counts a failure of `subject`; over the backoff's allowance it sets (or lengthens) the subject's wait. */
export async function recordBackoffFailure(backoff: Backoff, subject: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const { hits } = await countHit(db, backoff, subject, now);
  if (hits <= backoff.max) return;
  const delaySeconds = Math.min(backoff.maxDelaySeconds, 2 ** Math.min(hits - backoff.max - 1, 30));
  const until = new Date(now.getTime() + delaySeconds * 1000).toISOString();
  await queryRows(
    db,
    sql`insert into ${rateLimits} (key, window_start, hits, expires_at)
        values (${backoffWaitKey(backoff, subject)}, ${WAIT_ROW_START}, ${hits}, ${until})
        on conflict (key, window_start) do update
          set hits = excluded.hits, expires_at = greatest(${rateLimits}.expires_at, excluded.expires_at)`,
  );
}

/**
 * Refuses while the subject is waiting after too many failures.
 * @throws RateLimitError with the seconds left to wait.
 */
export async function assertBackoffElapsed(backoff: Backoff, subject: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const [row] = await queryRows<{ expires_at: string | Date }>(
    db,
    sql`select expires_at from ${rateLimits}
        where key = ${backoffWaitKey(backoff, subject)} and window_start = ${WAIT_ROW_START} and expires_at > ${now.toISOString()}`,
  );
  if (row)
    throw new RateLimitError(Math.max(1, Math.ceil((new Date(row.expires_at).getTime() - now.getTime()) / 1000)));
}

/** Every key of a backoff for a subject: its counter and its wait. */
export const backoffKeys = (backoff: Backoff, subject: string) => [
  rateLimitKey(backoff, subject),
  backoffWaitKey(backoff, subject),
];

/**
 * Forgets the counters of these keys (an erased account's email), and of every key that ends with
 * one of `suffixes` (counters of an email paired with addresses).
 */
export async function deleteRateLimitKeys(keys: string[], db?: Db, suffixes: string[] = []): Promise<void> {
  const conn = db ?? (await getDb());
  if (keys.length) await conn.delete(rateLimits).where(inArray(rateLimits.key, keys));
  for (const suffix of suffixes) {
    await conn.delete(rateLimits).where(like(rateLimits.key, `%${escapeLike(suffix)}`));
  }
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
