import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { asUnavailable, isDomainError } from '../errors.ts';
import { logger } from '../logger.ts';
import { requestId } from '../request-scope.ts';

/**
 * The one place that turns an error into an API response; a database that cannot be reached answers
 * 503 with `Retry-After`, unknown errors are logged and answer a JSON 500. A 5xx answer carries the
 * request's id (`request_id`, as in its log lines), for the support request that follows.
 */
export function toApiError(error: unknown, c: Context): Response {
  c.header('Cache-Control', 'no-store');
  const unavailable = asUnavailable(error);
  if (unavailable) {
    c.header('Retry-After', String(unavailable.retryAfterSeconds));
    return c.json(serverError(unavailable.message), 503);
  }
  if (isDomainError(error)) {
    switch (error.kind) {
      case 'not_found':
        return c.json({ detail: error.message }, 404);
      case 'validation':
        return c.json(error.fields, 400);
      case 'authentication':
        c.header('WWW-Authenticate', 'Bearer realm="api"');
        return c.json({ detail: error.message, code: error.code }, 401);
      case 'permission':
        return c.json({ detail: error.message }, 403);
      case 'conflict':
        return c.json({ detail: error.message, ...error.extra }, 409);
      case 'rate_limit':
        c.header('Retry-After', String(error.retryAfterSeconds));
        return c.json({ detail: error.message }, 429);
      case 'too_large':
        return c.json({ detail: error.message }, 413);
      case 'busy':
        c.header('Retry-After', String(error.retryAfterSeconds));
        return c.json(serverError(error.message), 503);
      case 'unavailable':
        break;
    }
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 400 && /json/i.test(error.message)) {
      return c.json({ detail: 'JSON parse error - the request body is not valid JSON.' }, 400);
    }
    if (status === 413) return c.json({ detail: 'Request body is too large.' }, 413);
    return c.json({ detail: error.message || 'Bad request.' }, status);
  }
  logger.error({ err: error, path: c.req.path, method: c.req.method }, 'Unhandled API error');
  return c.json(serverError('A server error occurred.'), 500);
}

function serverError(detail: string): { detail: string; request_id?: string } {
  const id = requestId();
  return id === undefined ? { detail } : { detail, request_id: id };
}
