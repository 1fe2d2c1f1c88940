import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { PUBLIC_CACHE_CONTROL } from '../cache/lifetimes.ts';
import { matchesEtag, weakEtag } from '../http/etag.ts';

/**
 * Anonymous GET answers are cacheable by a CDN, with an ETag so repeat requests cost a 304;
 * anything read with credentials stays private.
 */
export const httpCaching = createMiddleware(async (c, next) => {
  await next();
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    setAnswerHeader(c, 'Cache-Control', 'no-store');
    return;
  }
  if (c.res.status !== 200) return;
  // A handler may say how public its answer is kept (FRESH_PUBLIC_CACHE_CONTROL); any other of its own is final.
  const own = c.res.headers.get('Cache-Control');
  if (c.req.header('Authorization') || (own && !own.startsWith('public'))) {
    // Read with credentials: never public, whatever the handler would tell caches of an anonymous answer.
    if (!own || own.startsWith('public')) setAnswerHeader(c, 'Cache-Control', 'private, no-store');
    return;
  }
  const body = await c.res.clone().arrayBuffer();
  const etag = await weakEtag(body);
  const headers = new Headers(c.res.headers);
  headers.set('ETag', etag);
  headers.set('Cache-Control', own ?? PUBLIC_CACHE_CONTROL);
  headers.set('Vary', 'Authorization, Accept-Encoding');
  c.res = matchesEtag(c.req.header('If-None-Match'), etag)
    ? new Response(null, { status: 304, headers })
    : new Response(body, { status: c.res.status, headers });
});

/**
 * Sets a header of the finished answer in place. Hono's `c.header` after the handler copies the whole
 * Response to do it (a second Response and body stream on every signed-in call); only an answer whose
 * headers are immutable (a fetched or redirect Response) still takes that way.
 */
function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
