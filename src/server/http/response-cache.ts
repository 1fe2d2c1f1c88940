/**
 * Finished public responses, kept in this process already compressed (br, gzip and identity) and served
 * without rendering again: the shop's pages and API answers are the same for every anonymous visitor
 * of a URL for a while, so only the first request after a change pays for rendering.
 *
 * - What enters: a GET answered 200 with `Cache-Control: public`, no `Set-Cookie`, to a request without
 *   `Authorization`. Account, checkout and order pages answer `private`, and the API answers `private`
 *   whatever it read with a token, so nothing personal is ever stored or served from here.
 * - Who is served from here: requests without `Authorization`, and pages only to a browser without a
 *   session cookie (`token`, `refresh`): a signed-in clinic member's pages show the clinic's contract
 *   prices (issue 37), so a signed-in browser's page is always rendered for it, never a kept one.
 * - Keys: host and URL (path and query). Concurrent misses of one key render once; the others wait.
 * - Freshness: an entry is fresh for `freshMs`, then served stale for up to `staleMs` more while one
 *   background request renders it again. Every invalidation (`src/server/cache/invalidation.ts`, in
 *   this process or announced by another) empties the cache at once, or, when it names the only products
 *   that changed, drops the answers that showed them (`src/server/cache/dependencies.ts`); a render that
 *   began before an invalidation is not stored. When notifications may have been missed (the listener
 *   subscribed again), every entry turns stale: served once more while it renders again.
 * - Stale if error: while the database cannot be reached (`isDegraded`), a kept answer is served
 *   however old, rather than a 503.
 * - Size: bounded in bytes (all three encodings counted), least recently used out first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { hasSessionCookie } from '../../shared/session-cookies.ts';
import { collectProducts } from '../cache/dependencies.ts';
import { cacheGeneration, onInvalidate } from '../cache/invalidation.ts';
import { COMPRESS_MIN_BYTES, COMPRESSIBLE_TYPES, mergeVary, preferredEncoding, type Encoding } from './encoding.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Representation {
  body: Buffer;
  etag: string;
}

export interface CachedResponse {
  status: number;
  /** The rendered headers without the body-specific ones (length, encoding, ETag, Vary). */
  headers: OutgoingHttpHeaders;
  vary: string;
  representations: Partial<Record<Encoding, Representation>> & { identity: Representation };
  storedAt: number;
  bytes: number;
  /** The products the answer shows, as its reads reported them. */
  products: ReadonlySet<number>;
}

export interface ResponseCacheOptions {
  /** Upper bound of the bodies kept, in bytes. */
  maxBytes: number;
  /** How long an entry is served without rendering again. */
  freshMs: number;
  /** How long after that an entry is still served while a background request renders it again. */
  staleMs: number;
  /**
   * Renders `url` for `host` again in the background (the server requests it from itself with
   * `refreshHeaders`); the answer is recorded like any miss.
   */
  refresh?: (request: { url: string; host: string; headers: Record<string, string> }) => void;
  /** True while the answers cannot be rendered anew (the database is unreachable): kept ones are served however old. */
  isDegraded?: () => boolean;
  /** Clock, for tests. */
  now?: () => number;
}

export type RenderFn = (req: IncomingMessage, res: ServerResponse) => void;

export interface Renderer {
  render: RenderFn;
}

export interface ResponseCacheStats {
  hits: number;
  staleHits: number;
  misses: number;
  stored: number;
  entries: number;
  bytes: number;
}

const DROPPED_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'transfer-encoding',
  'connection',
  'date',
  'keep-alive',
  'x-cache',
  // The request's own, set before the answer was rendered: never another request's.
  'x-request-id',
]);
/** A key that was just found personal is rendered directly, without waiting on other renders of it. */
const UNCACHEABLE_MEMORY_MS = 60_000;
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since'] as const;

export function createResponseCache(options: ResponseCacheOptions) {
  const now = options.now ?? Date.now;
  const isDegraded = options.isDegraded ?? (() => false);
  const entries = new LRUCache<string, CachedResponse>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  });
  const rendering = new Map<string, Promise<CachedResponse | null>>();
  const uncacheable = new LRUCache<string, true>({ max: 10_000, ttl: UNCACHEABLE_MEMORY_MS });
  const refreshing = new Set<string>();
  // A secret of this process: only the server's own background requests may skip the lookup.
  const refreshToken = randomBytes(16).toString('base64url');
  const stats = { hits: 0, staleHits: 0, misses: 0, stored: 0 };

  const stopListening = onInvalidate((_scope, detail) => {
    if (detail && 'missed' in detail) {
      // Perhaps outdated: served stale (once, while it renders again), never fresh; and still the best
      // there is while the database is unreachable.
      const staleSince = now() - options.freshMs - 1;
      for (const entry of entries.values()) entry.storedAt = Math.min(entry.storedAt, staleSince);
      uncacheable.clear();
      return;
    }
    if (!detail) {
      entries.clear();
      uncacheable.clear();
      return;
    }
    const changed = new Set(detail.products);
    for (const [key, entry] of entries.entries()) {
      if ([...entry.products].some((id) => changed.has(id))) entries.delete(key);
    }
  });

  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedResponse,
    state: 'HIT' | 'STALE' | 'MISS',
  ): void {
    const encoding = chooseEncoding(req.headers['accept-encoding'], entry);
    const representation = entry.representations[encoding]!;
    const headers: OutgoingHttpHeaders = {
      ...entry.headers,
      ETag: representation.etag,
      Vary: entry.vary,
      'X-Cache': state,
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    if (matchesAny(req.headers['if-none-match'], entry)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['Content-Length'] = representation.body.length;
    res.writeHead(entry.status, headers);
    res.end(req.method === 'HEAD' ? undefined : representation.body);
  }

  function triggerRefresh(key: string, req: IncomingMessage): void {
    if (!options.refresh || refreshing.has(key)) return;
    refreshing.add(key);
    // Forgotten after a while even if the request never comes back, so a later stale hit tries again.
    setTimeout(() => refreshing.delete(key), 30_000).unref();
    options.refresh({
      url: req.url ?? '/',
      host: req.headers.host ?? '',
      headers: { 'x-shop-cache-refresh': refreshToken },
    });
  }

  /**
   * Renders, recording a cacheable answer; resolves to what was rendered and the stored entry (null
   * when it may not be kept). The recorder patches this one `res` in front of its own methods, which
   * compress (`compressing-response.ts`), so it sees the body as rendered, not compressed.
   */
  function renderAndRecord(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    renderer: Renderer,
  ): Promise<{ capture: Capture | null; entry: CachedResponse | null }> {
    const generation = cacheGeneration();
    let shown: ReadonlySet<number> = new Set();
    const recording = new Promise<Capture | null>((resolve) => {
      void record(res).then(resolve);
      shown = collectProducts(() => renderer.render(req, res)).products;
    });
    const recorded = recording.then(async (capture) => {
      if (!capture) return { capture, entry: null };
      if (!isCacheableAnswer(capture)) {
        // Only an answer that is someone's own says the URL is personal; an error or a 304 says nothing of the next answer.
        if (isPersonalAnswer(capture)) uncacheable.set(key, true);
        return { capture, entry: null };
      }
      if (cacheGeneration() !== generation) return { capture, entry: null };
      const entry = await toEntry(capture, now(), shown);
      // An invalidation during compression makes this answer old news too.
      if (cacheGeneration() !== generation) return { capture, entry: null };
      entries.set(key, entry);
      stats.stored += 1;
      return { capture, entry };
    });
    return recorded.catch(() => ({ capture: null, entry: null }));
  }

  /**
   * A conditional request that misses: renders the whole answer without its conditions into a response
   * nobody receives, records it, then answers the client from the entry (304 when its tag matches), or,
   * for an answer that may not be kept, with what was rendered.
   */
  function renderConditionalMiss(
    key: string,
    req: IncomingMessage,
    res: ServerResponse,
    renderer: Renderer,
  ): Promise<CachedResponse | null> {
    const conditions = CONDITIONAL_HEADERS.map((name) => [name, req.headers[name]] as const);
    for (const [name] of conditions) delete req.headers[name];
    const done = renderAndRecord(key, req, unsentResponse(req), { render: renderer.render });
    void done.then(({ capture, entry }) => {
      for (const [name, value] of conditions) if (value !== undefined) req.headers[name] = value;
      if (entry) serve(req, res, entry, 'MISS');
      else if (capture) replay(res, capture);
      else if (!res.headersSent) renderer.render(req, res);
    });
    return done.then(({ entry }) => entry);
  }

  return {
    /**
     * Answers `req` from the cache, or renders it with `render` (Astro's handler behind the live
     * compression) and keeps the answer when it may be kept.
     */
    handle(req: IncomingMessage, res: ServerResponse, renderer: Renderer): void {
      if (!isCacheableRequest(req)) {
        renderer.render(req, res);
        return;
      }
      const key = `${req.headers.host ?? ''}${req.url ?? '/'}`;
      const isRefresh = req.headers['x-shop-cache-refresh'] === refreshToken;
      if (isRefresh) {
        const done = renderAndRecord(key, req, res, renderer).then(({ entry }) => entry);
        rendering.set(key, done);
        void done.finally(() => {
          if (rendering.get(key) === done) rendering.delete(key);
          refreshing.delete(key);
        });
        return;
      }
      const entry = entries.get(key);
      if (entry) {
        const age = now() - entry.storedAt;
        if (age <= options.freshMs) {
          stats.hits += 1;
          serve(req, res, entry, 'HIT');
          return;
        }
        const degraded = isDegraded();
        if (age <= options.freshMs + options.staleMs || degraded) {
          stats.staleHits += 1;
          serve(req, res, entry, 'STALE');
          if (!degraded) triggerRefresh(key, req);
          return;
        }
        entries.delete(key);
      }
      stats.misses += 1;
      res.setHeader('X-Cache', 'MISS');
      if (req.method === 'HEAD' || uncacheable.has(key)) {
        renderer.render(req, res);
        return;
      }
      const inFlight = rendering.get(key);
      if (inFlight) {
        void inFlight.then((ready) => (ready ? serve(req, res, ready, 'HIT') : renderer.render(req, res)));
        return;
      }
      const conditional = CONDITIONAL_HEADERS.some((name) => req.headers[name] !== undefined);
      const done = conditional
        ? renderConditionalMiss(key, req, res, renderer)
        : renderAndRecord(key, req, res, renderer).then(({ entry }) => entry);
      rendering.set(key, done);
      void done.finally(() => {
        if (rendering.get(key) === done) rendering.delete(key);
      });
    },
    clear(): void {
      entries.clear();
      uncacheable.clear();
    },
    stats(): ResponseCacheStats {
      return { ...stats, entries: entries.size, bytes: entries.calculatedSize ?? 0 };
    },
    /** Stops following invalidations (tests that make several caches). */
    close(): void {
      stopListening();
      entries.clear();
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

function isCacheableRequest(req: IncomingMessage): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.headers.authorization &&
    !req.headers.range &&
    !(hasSessionCookie(req.headers.cookie ?? '') && !req.url?.startsWith('/api/'))
  );
}

interface Capture {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

function isPersonalAnswer(capture: Capture): boolean {
  const cacheControl = String(capture.headers['cache-control'] ?? '');
  return /\b(private|no-store)\b/i.test(cacheControl) || capture.headers['set-cookie'] !== undefined;
}

/**
 * A response that goes nowhere, for a render only recorded: it takes every write at once (a renderer
 * that waits for 'drain' never waits), and finishes when ended.
 */
function unsentResponse(req: IncomingMessage): ServerResponse {
  const res = new ServerResponse(req);
  res.write = (() => true) as ServerResponse['write'];
  res.end = function end(this: ServerResponse, ...args: unknown[]) {
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    queueMicrotask(() => {
      this.emit('finish');
      this.emit('close');
      callback?.();
    });
    return this;
  } as ServerResponse['end'];
  return res;
}

/** Sends a recorded answer as it was rendered. */
function replay(res: ServerResponse, capture: Capture): void {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(capture.headers))
    if (
      !['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name) &&
      value !== undefined
    )
      headers[name] = value;
  headers['content-length'] = capture.body.length;
  res.writeHead(capture.status, headers);
  res.end(capture.body);
}

function isCacheableAnswer(capture: Capture): boolean {
  const cacheControl = String(capture.headers['cache-control'] ?? '');
  return capture.status === 200 && /^\s*public\b/i.test(cacheControl) && capture.headers['set-cookie'] === undefined;
}

/**
 * What the renderer writes to `res`, as it writes it (before the live compression in the response's
 * own methods): status, headers and the whole body. Null when the client went away first.
 */
function record(res: ServerResponse): Promise<Capture | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let status = 200;
    let headers: OutgoingHttpHeaders = {};
    const original = { writeHead: res.writeHead, write: res.write, end: res.end };
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);

    res.writeHead = function writeHead(this: ServerResponse, code: number, ...rest: unknown[]) {
      status = code;
      const given = rest.find((arg) => arg && typeof arg === 'object') as OutgoingHttpHeaders | string[] | undefined;
      headers = {
        ...lowerCaseHeaders(res.getHeaders()),
        ...lowerCaseHeaders(Array.isArray(given) ? pairsToHeaders(given) : (given ?? {})),
      };
      return (original.writeHead as (...args: unknown[]) => ServerResponse).call(this, code, ...rest);
    } as ServerResponse['writeHead'];
    res.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, rest[0]));
      return (original.write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function end(this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
      if (!res.headersSent) {
        status = res.statusCode;
        headers = lowerCaseHeaders(res.getHeaders());
      }
      const result = (original.end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      resolve({ status, headers, body: Buffer.concat(chunks) });
      return result;
    } as ServerResponse['end'];
    res.once('close', () => {
      if (!res.writableFinished) resolve(null);
    });
  });
}

function lowerCaseHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function pairsToHeaders(pairs: string[]): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) out[pairs[i]!.toLowerCase()] = pairs[i + 1];
  return out;
}

async function toEntry(capture: Capture, storedAt: number, products: ReadonlySet<number>): Promise<CachedResponse> {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(capture.headers))
    if (!DROPPED_HEADERS.has(name) && value !== undefined) headers[name] = value;
  const hash = createHash('sha1').update(capture.body).digest('base64url').slice(0, 27);
  const representations: CachedResponse['representations'] = { identity: { body: capture.body, etag: `"${hash}"` } };
  const type = String(capture.headers['content-type'] ?? '');
  if (COMPRESSIBLE_TYPES.test(type) && capture.body.length >= COMPRESS_MIN_BYTES) {
    const [br, gz] = await Promise.all([
      // Quality 6: about gzip -9's ratio at a fraction of brotli's maximum cost; paid once per render.
      brotli(capture.body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: capture.body.length,
        },
      }),
      gzipAsync(capture.body, { level: 6 }),
    ]);
    representations.br = { body: br, etag: `"${hash}-br"` };
    representations.gzip = { body: gz, etag: `"${hash}-gz"` };
  }
  const vary = mergeVary(capture.headers.vary, 'Accept-Encoding');
  const bytes = Object.values(representations).reduce((sum, r) => sum + (r?.body.length ?? 0), 0);
  return { status: capture.status, headers, vary, representations, storedAt, bytes, products };
}

/** The best encoding the client accepts among those the entry has: br, then gzip, else identity. */
export function chooseEncoding(
  acceptEncoding: string | string[] | undefined,
  entry: Pick<CachedResponse, 'representations'>,
): Encoding {
  return preferredEncoding(acceptEncoding, {
    br: entry.representations.br !== undefined,
    gzip: entry.representations.gzip !== undefined,
  });
}

function matchesAny(ifNoneMatch: string | undefined, entry: CachedResponse): boolean {
  if (!ifNoneMatch) return false;
  const tags = new Set(Object.values(entry.representations).map((r) => r!.etag));
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, '');
    return trimmed === '*' || tags.has(trimmed);
  });
}
