/**
 * Request body sizes, checked before anything reads a body: every page and API route takes at most a
 * small body (a form, a JSON call); only the routes that take files may send a large one, and those
 * read it as a stream. A body over its route's limit is answered 413 at once: with a declared
 * `Content-Length`, before a byte of it is read; without one (chunked), as soon as the count passes
 * the limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface BodyLimits {
  /** Bytes of any body outside the upload routes. */
  small: number;
  /** Bytes of a body sent to an upload route. */
  upload: number;
  /**
   * Path prefixes of the routes that take files (multipart), such as a later staff upload
   * `/api/v1/products/upload_products_json/`: a route opts in by being listed here.
   */
  uploadPrefixes: readonly string[];
}

export const BODY_LIMITS: BodyLimits = {
  // The largest small body is an order of many lines; the API's own routers allow 16 (accounts) and 64 kB (orders).
  small: 64 * 1024,
  upload: 50 * 1024 * 1024,
  // The public forms that take a file; their routers set their own, smaller caps (25 MB, 6 MB).
  uploadPrefixes: [
    '/api/v1/services/printing_requestes/',
    '/api/v1/services/vacancy_requests/',
    '/api/v1/products/upload_products_json/',
    '/api/v1/products/upload_prices_json/',
    '/api/v1/products/products_availability_load_csv/',
  ],
};

/** The most bytes a request to `pathname` may send. */
export function bodyLimitFor(pathname: string, limits: BodyLimits = BODY_LIMITS): number {
  return limits.uploadPrefixes.some((prefix) => pathname.startsWith(prefix)) ? limits.upload : limits.small;
}

function refuse(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({ detail: 'Request body is too large.' })
    : `Request body is too large (at most ${limit} bytes).`;
  // The rest of the body is never read: the connection closes after this answer instead of
  // draining it for the next request.
  res.writeHead(413, {
    'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  res.end(body);
  res.once('finish', () => req.socket.destroySoon());
}

/**
 * Checks the body of `req` against its route's limit, then calls `next`, or answers 413. A chunked
 * body of a small route is read here, up to the limit, and handed on whole as `req.body` (which
 * Astro's Node adapter reads instead of the stream); an upload route's body is left to stream.
 */
export function guardBodySize(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  limits: BodyLimits = BODY_LIMITS,
): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const pathname = (req.url ?? '/').split('?')[0]!;
  const limit = bodyLimitFor(pathname, limits);
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) > limit) return refuse(req, res, limit);
    return next();
  }
  if (req.headers['transfer-encoding'] === undefined || limit === limits.upload) return next();
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      req.off('data', onData);
      req.off('end', onEnd);
      req.pause();
      refuse(req, res, limit);
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    (req as IncomingMessage & { body?: Buffer }).body = Buffer.concat(chunks);
    next();
  };
  req.on('data', onData);
  req.once('end', onEnd);
}
