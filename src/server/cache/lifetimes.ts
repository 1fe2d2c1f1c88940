/**
 * How long anything public is kept, in one place. Writers invalidate every cache at once
 * (`invalidation.ts`), so these lifetimes only bound how stale a copy can get when a change was made
 * outside the shop, or when a process missed a notification.
 */

/** Milliseconds a memoised read (`memo.ts`) lives in a process. */
export const MEMO_TTL_MS = 30_000;

/** The shop's own response cache (`http/response-cache.ts`): fresh for this long, in milliseconds... */
export const RESPONSE_CACHE_FRESH_MS = 30_000;
/** ...then served stale for up to this much longer while one request renders it anew. */
export const RESPONSE_CACHE_STALE_MS = 300_000;

/**
 * What public answers (anonymous pages and API reads) tell a CDN or proxy in front: fresh for a minute,
 * then served stale for ten while it revalidates.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/**
 * What a buyer decides on (the stock and price of the products in a cart or at checkout): kept, but
 * asked again every time, answered 304 while unchanged (the shop's own cache follows every change at once).
 */
export const FRESH_PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** Answers that change rarely and matter little when stale: sitemaps, robots.txt, the feed, redirects. */
export const SLOW_PUBLIC_CACHE_CONTROL = 'public, max-age=3600';
