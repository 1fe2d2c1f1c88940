/**
 * What the shop's server checks of every request before anything else looks at it (the body size,
 * the response cache, Astro): requests no browser sends and no route takes are answered 400 with one
 * log line, and every answer (static files and Astro's own error answers included) starts with the
 * headers that make a browser neither sniff its type nor reach the shop over plain http again.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '../logger.ts';
import { BODY_LIMITS } from './body-limit.ts';
import { lingerOnClose } from './request-body.ts';

/** A year, subdomains included: once a browser has seen it over https, it never tries http again. */
export const HSTS = 'max-age=31536000; includeSubDomains';

// TRACE echoes the request (cookies included) back; CONNECT and TRACK are for proxies.
const REFUSED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
// A name, an IPv4 address or a bracketed IPv6 address, with an optional port: never user info (`a@b`).
// Underscores are allowed (RFC 3986's reg-name): nginx sends its upstream's name (`dental_shop`) when a
// location sets no Host.
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a request target has a `.` or `..` segment, written plainly, percent-encoded (`%2e%2e`) or
 * between backslashes (which URL parsers read as slashes). Browsers resolve these before sending;
 * a client that sends one is probing which route's rules apply.
 */
export function hasDotSegment(target: string): boolean {
  const path = target.split(/[?#]/)[0]!;
  const segments = path
    .replace(/%2e/gi, '.')
    .replace(/%2f|%5c|\\/gi, '/')
    .split('/');
  return segments.some((segment) => segment === '.' || segment === '..');
}

/** Why a request is refused before any route sees it, or null when it may go on. */
export function malformedRequest(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (REFUSED_METHODS.has(req.method ?? '')) return 'method';
  const host = req.headers.host;
  if (host !== undefined && !HOST.test(host)) return 'host';
  if (hasDotSegment(req.url ?? '/')) return 'dot-segment';
  return null;
}

const MESSAGES: Record<string, string> = {
  method: 'Этот метод запроса магазин не принимает.',
  host: 'Неверный заголовок Host.',
  'dot-segment': 'Адрес запроса не может содержать сегменты «.» и «..».',
};

/** The headers every answer starts with; a page or route may add to them, never remove them. */
export function setBaselineHeaders(res: ServerResponse, siteUrl: string): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (siteUrl.startsWith('https:')) res.setHeader('Strict-Transport-Security', HSTS);
}

/** Sets the baseline headers, then answers a malformed request 400 or hands it on to `next`. */
export function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  options: { siteUrl: string },
): void {
  setBaselineHeaders(res, options.siteUrl);
  const problem = malformedRequest(req);
  if (!problem) return next();
  logger.info(
    { method: req.method?.slice(0, 20), url: req.url?.slice(0, 200), host: req.headers.host?.slice(0, 100), problem },
    'Refused a malformed request',
  );
  const api = (req.url ?? '').startsWith('/api/');
  const message = MESSAGES[problem]!;
  const body = api ? JSON.stringify({ detail: message }) : message;
  // A small body is dropped and the connection goes on to the next request, as after any answer; a
  // larger one is not worth reading: the connection closes once the client has the answer.
  const close = !(Number(req.headers['content-length'] ?? 0) <= BODY_LIMITS.default);
  res.writeHead(400, {
    'Content-Type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(close && { Connection: 'close' }),
  });
  if (close) lingerOnClose(req);
  res.end(req.method === 'HEAD' ? undefined : body);
}
