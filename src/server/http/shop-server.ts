/**
 * The shop's HTTP server: every request gets its id (`X-Request-Id`, the proxy's or a new one, in the
 * answer and in every log line of the request: `request-scope.ts`), then malformed requests are refused
 * and the baseline headers set (`request-guard.ts`), then `/healthz` (`health.ts`) and `/metrics` for
 * those who may read it (`metrics/`), then the body-size check (a body over its route's limit never
 * reaches Astro), then the response cache, then the live compression, then the renderer (Astro's handler
 * in `scripts/start.ts`). Cached answers are written as they are kept, already compressed; everything
 * else is compressed on the way out. `drain()` is the graceful half of a shutdown: no new connections,
 * every request in progress finished.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RESPONSE_CACHE_FRESH_MS, RESPONSE_CACHE_STALE_MS } from '../cache/lifetimes.ts';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { isMetricsRequest, mayReadMetrics } from '../metrics/metrics-access.ts';
import { createShopMetrics, type ShopMetrics, type ShopMetricsSources } from '../metrics/shop-metrics.ts';
import { requestIdFrom, runInRequest } from '../request-scope.ts';
import { BODY_LIMITS, guardBodySize, LARGEST_BODY, type BodyLimits } from './body-limit.ts';
import { CompressingResponse } from './compressing-response.ts';
import { dropUnread } from './request-body.ts';
import { guardRequest } from './request-guard.ts';
import { answerHealth, HEALTH_PATH, type DatabaseHealth } from './health.ts';
import { createResponseCache, type RenderFn, type ResponseCache, type ResponseCacheOptions } from './response-cache.ts';

export interface ShopServerOptions {
  render: RenderFn;
  /**
   * Without it (or with `maxBytes` 0) every request renders; freshness defaults to the shop's
   * lifetimes (`cache/lifetimes.ts`).
   */
  cache?: Pick<ResponseCacheOptions, 'maxBytes'> & Partial<Omit<ResponseCacheOptions, 'refresh'>>;
  /** The shop's own limits unless a test narrows them. */
  bodyLimits?: BodyLimits;
  /** The shop's public URL (HSTS over https); `SITE_URL` unless a test names another. */
  siteUrl?: string;
  /**
   * The database, for `/healthz` and for the response cache, which serves kept answers however old
   * while it is unreachable.
   */
  database?: DatabaseHealth;
  /** Keep-alive and header timeouts, in milliseconds: above the proxy's (`env.ts` says why). */
  timeouts?: { keepAliveMs: number; headersMs: number };
  /**
   * Counts requests and answers `GET /metrics` to local clients and to those with the bearer `token`;
   * without it `/metrics` is an address like any other.
   */
  metrics?: { token?: string; database?: ShopMetricsSources['database'] };
}

export interface ShopServer {
  server: http.Server;
  cache: ResponseCache | null;
  metrics: ShopMetrics | null;
  /**
   * Stops accepting connections, answers every request from now on with `Connection: close`, and
   * resolves once the requests in progress have finished (their connections are cut after `timeoutMs`).
   */
  drain(timeoutMs: number): Promise<void>;
}

export function createShopServer(options: ShopServerOptions): ShopServer {
  let stopping = false;
  const inProgress = new Set<http.ServerResponse>();
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (cache) cache.handle(req, res, { render: options.render });
    else options.render(req, res);
  };
  const answer = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    guardRequest(
      req,
      res,
      () => {
        if (req.url === HEALTH_PATH || req.url?.startsWith(`${HEALTH_PATH}?`)) {
          void answerHealth(req, res, { stopping, database: options.database });
          return;
        }
        if (metrics && isMetricsRequest(req.url) && mayReadMetrics(req, options.metrics?.token)) {
          void metrics.answer(req, res);
          return;
        }
        guardBodySize(req, res, () => serve(req, res), options.bodyLimits ?? BODY_LIMITS);
      },
      { siteUrl: options.siteUrl ?? env.SITE_URL },
    );
  };
  const server = http.createServer({ ServerResponse: CompressingResponse }, (req, res) => {
    const startedAt = performance.now();
    // What the answer left of the body is dropped, so the connection reaches the next request.
    res.once('finish', () => dropUnread(req, LARGEST_BODY));
    inProgress.add(res);
    res.once('close', () => {
      inProgress.delete(res);
      metrics?.observeRequest(req, res, startedAt);
    });
    const id = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', id);
    runInRequest(id, answer, req, res);
  });
  if (options.timeouts) {
    server.keepAliveTimeout = options.timeouts.keepAliveMs;
    server.headersTimeout = options.timeouts.headersMs;
  }
  const database = options.database;
  const cache =
    options.cache && options.cache.maxBytes > 0
      ? createResponseCache({
          freshMs: RESPONSE_CACHE_FRESH_MS,
          staleMs: RESPONSE_CACHE_STALE_MS,
          ...(database && { isDegraded: () => !database.isAvailable() }),
          ...options.cache,
          refresh: (request) => requestItself(server, request),
        })
      : null;
  const metrics = options.metrics
    ? createShopMetrics({
        database: options.metrics.database,
        ...(cache && { cache: { stats: () => cache.stats(), maxBytes: options.cache!.maxBytes } }),
        inProgress: () => inProgress.size,
      })
    : null;

  async function drain(timeoutMs: number): Promise<void> {
    stopping = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // A request already running ends its connection when answered; idle ones end now.
    for (const res of inProgress) if (!res.headersSent) res.setHeader('Connection', 'close');
    server.closeIdleConnections();
    const timer = setTimeout(() => {
      logger.warn({ requests: inProgress.size }, 'Requests still running at the shutdown timeout: cutting them off');
      server.closeAllConnections();
    }, timeoutMs);
    timer.unref();
    await closed;
    clearTimeout(timer);
  }

  return { server, cache, metrics, drain };
}

/** A background request of the server to itself, whose answer only refills the cache. */
function requestItself(
  server: http.Server,
  request: { url: string; host: string; headers: Record<string, string> },
): void {
  const address = server.address() as AddressInfo | null;
  if (!address) return;
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  http
    .get(
      {
        host,
        port: address.port,
        path: request.url,
        headers: { ...request.headers, host: request.host, 'accept-encoding': 'identity' },
      },
      (res) => res.resume(),
    )
    .on('error', (error) =>
      logger.warn({ err: error, url: request.url }, 'A background refresh of a cached page failed'),
    );
}
