/**
 * Every request body size the shop allows, in one table, checked before anything reads a body: each
 * route takes at most a small body (a form, a JSON call); only the routes that take files may send a
 * large one, and those read it as a stream. The limit is chosen from the normalised path (the one the
 * router will see), upload routes match exactly, and a path with dot segments never gets this far
 * (`request-guard.ts` refuses it first). A body over its route's limit is answered 413 at once: with a
 * declared `Content-Length`, before a byte of it is read; without one (chunked), as soon as the count
 * passes the limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MEDIA_LIMITS } from '../media/media.rules.ts';
import { ATTACHMENT_LIMITS } from '../requests/attachments.ts';
import { FILE_LIMIT as EXCHANGE_FILE_LIMIT } from '../exchange/exchange.limits.ts';
import { lingerOnClose } from './request-body.ts';

export interface BodyLimits {
  /** Bytes of a body to any path not named below. */
  default: number;
  /** Path prefixes with a smaller limit of their own (a group of the API), the longest match wins. */
  prefixes: Readonly<Record<string, number>>;
  /**
   * Exact paths of the routes that take files (multipart): only these may send more than `default`,
   * and their bodies are left to stream.
   */
  uploads: Readonly<Record<string, number>>;
  /** Upload paths whose file is the body itself, of any media type (1C's exchange posts a file's bytes). */
  rawUploads?: readonly string[];
}

const KB = 1024;
const MB = 1024 * KB;
// A multipart body carries the form's fields and the part headers besides the file.
const FORM_FIELDS_ALLOWANCE = 1 * MB;

export const BODY_LIMITS: BodyLimits = {
  // The largest small body is an order of a hundred lines with its contact fields.
  default: 64 * KB,
  prefixes: {
    // Account calls and reports are a few short fields; a browser's CSP report batch a few kilobytes.
    '/api/v1/accounts/': 16 * KB,
    '/api/v1/notifications/': 16 * KB,
    '/api/v1/security/': 16 * KB,
    // The public forms without files.
    '/api/v1/services/': 32 * KB,
  },
  uploads: {
    '/api/v1/services/printing_requestes/': ATTACHMENT_LIMITS.model.maxBytes + FORM_FIELDS_ALLOWANCE,
    '/api/v1/services/vacancy_requests/': ATTACHMENT_LIMITS.resume.maxBytes + FORM_FIELDS_ALLOWANCE,
    // The staff imports (a catalog or price list of up to 50 MB).
    '/api/v1/products/upload_products_json/': 50 * MB,
    '/api/v1/products/upload_prices_json/': 50 * MB,
    '/api/v1/products/products_availability_load_csv/': 50 * MB,
    // A product photo (server/media/media.rules.ts).
    '/api/v1/staff/media/': MEDIA_LIMITS.maxBytes + FORM_FIELDS_ALLOWANCE,
    // A part of a file 1C sends in the exchange (`server/exchange/`: it is told `file_limit`).
    '/api/v1/exchange/1c/': EXCHANGE_FILE_LIMIT,
    // A quick order's list as a CSV or .xlsx file (api/products/quick-order.schemas.ts).
    '/api/v1/products/resolve_lines/': 1 * MB + FORM_FIELDS_ALLOWANCE,
  },
  rawUploads: ['/api/v1/exchange/1c/'],
};

/** The largest body any route takes (the Node adapter's own cap). */
export const LARGEST_BODY = Math.max(BODY_LIMITS.default, ...Object.values(BODY_LIMITS.uploads));

/** The path a router sees for a request target: without the query, dot segments resolved. */
export function normalisedPath(target: string): string {
  try {
    return new URL(target, 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

/** Whether `pathname` (normalised) is a route that takes files. */
export function isUploadRoute(pathname: string, limits: BodyLimits = BODY_LIMITS): boolean {
  return Object.hasOwn(limits.uploads, pathname);
}

const isMultipart = (contentType: string | undefined) => /^\s*multipart\/form-data/i.test(contentType ?? '');

/**
 * The most bytes a request to `pathname` (normalised) may send; an upload route takes its large
 * allowance only for a multipart body (its JSON form is as small as any other).
 */
export function bodyLimitFor(
  pathname: string,
  contentType = 'multipart/form-data',
  limits: BodyLimits = BODY_LIMITS,
): number {
  if (isUploadRoute(pathname, limits) && (isMultipart(contentType) || limits.rawUploads?.includes(pathname)))
    return limits.uploads[pathname]!;
  const prefix = Object.keys(limits.prefixes)
    .filter((p) => pathname.startsWith(p))
    .sort((a, b) => b.length - a.length)[0];
  return prefix === undefined ? limits.default : limits.prefixes[prefix]!;
}

export const BODY_TOO_LARGE = 'Request body is too large.';

function refuse(req: IncomingMessage, res: ServerResponse, limit: number): void {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api ? JSON.stringify({ detail: BODY_TOO_LARGE }) : `Request body is too large (at most ${limit} bytes).`;
  // The rest of the body is never kept: the connection closes after this answer instead of reading
  // it for the next request, once the client has had the answer.
  res.writeHead(413, {
    'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Connection: 'close',
  });
  lingerOnClose(req);
  res.end(body);
}

/**
 * Checks the body of `req` against its route's limit, then calls `next`, or answers 413. A chunked
 * body of a small route is read here, up to the limit, and handed on whole as `req.body` (which
 * Astro's Node adapter reads instead of the stream); an upload route's body is left to stream, and
 * its reader counts the bytes itself.
 */
export function guardBodySize(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  limits: BodyLimits = BODY_LIMITS,
): void {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const pathname = normalisedPath(req.url ?? '/');
  const type = req.headers['content-type'];
  const limit = bodyLimitFor(pathname, type, limits);
  const declared = req.headers['content-length'];
  if (declared !== undefined) {
    if (Number(declared) > limit) return refuse(req, res, limit);
    return next();
  }
  if (req.headers['transfer-encoding'] === undefined || limit > limits.default) return next();
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
