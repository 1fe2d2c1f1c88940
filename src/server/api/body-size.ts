import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { BODY_LIMITS, BODY_TOO_LARGE, bodyLimitFor } from '../http/body-limit.ts';
import type { AppEnv } from './create-router.ts';

/**
 * The body limits of `http/body-limit.ts` inside the API as well, for whatever reaches it without the
 * shop's server in front (`astro dev`, the API tests): a declared length over the route's limit is
 * refused before the body is read, a chunked small body is counted as it is read. An upload route's
 * chunked body is left to its streaming reader, which counts it against the same limit.
 */
export const limitBodySize = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.raw.body) return next();
  const limit = bodyLimitFor(c.req.path, c.req.header('content-type'));
  const declared = c.req.header('content-length');
  if (limit > BODY_LIMITS.default && declared === undefined) return next();
  return bodyLimit({ maxSize: limit, onError: (ctx) => ctx.json({ detail: BODY_TOO_LARGE }, 413) })(c, next);
});
