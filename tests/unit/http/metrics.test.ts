/**
 * `GET /metrics` on the shop's server: who may read it (this machine, or the bearer token; anyone else
 * gets the address's ordinary 404), what it holds (requests by route group and status, the pool, the
 * breaker, the response cache, prom-client's process metrics), and the request id every answer carries.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolUsage } from '../../../src/server/db/pool-usage.ts';
import { createShopServer, type ShopServer } from '../../../src/server/http/shop-server.ts';
import { isLoopback } from '../../../src/server/metrics/metrics-access.ts';
import { requestId } from '../../../src/server/request-scope.ts';

const TOKEN = 'metrics-token-of-the-unit-tests-0123456789';
const started: ShopServer[] = [];
afterEach(async () => {
  for (const shop of started.splice(0)) {
    shop.server.closeAllConnections();
    await new Promise((resolve) => shop.server.close(resolve));
  }
});

/** A non-loopback address of this machine, to reach the server as another machine would. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address;

const pool = new PoolUsage(10);

async function start(host = '127.0.0.1') {
  const shop = createShopServer({
    // The renderer answers what the request scope says: the id reaches the code that renders.
    render: (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const status = Number(url.searchParams.get('status') ?? 200);
      const delay = Number(url.searchParams.get('delay') ?? 0);
      const caching = url.pathname.startsWith('/kg/cached/') ? 'public, max-age=60' : 'no-store';
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'Content-Type': 'text/plain', 'Cache-Control': caching });
        res.end(`rendered ${req.url} for ${requestId()}`);
      }, delay);
    },
    cache: { maxBytes: 1024 * 1024 },
    metrics: {
      token: TOKEN,
      database: { stats: () => ({ pool, breakerOpen: true, breakerTrips: 3 }) },
    },
  });
  started.push(shop);
  await new Promise<void>((resolve) => shop.server.listen(0, host, resolve));
  const { port } = shop.server.address() as AddressInfo;
  return { ...shop, port, url: `http://127.0.0.1:${port}` };
}

/** The value of one sample of the exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z0-9_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers a client on this machine in Prometheus text format, without a token', async () => {
    const shop = await start();
    const response = await fetch(`${shop.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'shop_http_requests_in_progress',
    ])
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
  });

  it('is the ordinary 404 for anyone else: a request through a proxy, or from another machine without the token', async () => {
    const shop = await start();
    // Behind nginx every client comes from 127.0.0.1: the forwarding header says it is someone else.
    for (const header of ['X-Forwarded-For', 'X-Real-IP', 'Forwarded']) {
      const proxied = await fetch(`${shop.url}/metrics`, { headers: { [header]: '203.0.113.7' } });
      expect([proxied.status, await proxied.text()]).toEqual([200, expect.stringMatching(/^rendered \/metrics for /)]);
    }
    const proxiedWithToken = await fetch(`${shop.url}/metrics`, {
      headers: { 'X-Forwarded-For': '203.0.113.7', Authorization: `Bearer ${TOKEN}` },
    });
    expect(await proxiedWithToken.text()).toContain('shop_http_requests_total');
  });

  it.skipIf(!outsideAddress)('takes the bearer token from another machine, and nothing else', async () => {
    const shop = await start('0.0.0.0');
    const url = `http://${outsideAddress}:${shop.port}/metrics`;
    const refused = await fetch(url);
    expect(await refused.text()).toMatch(/^rendered \/metrics for /);
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, 'Basic eDp5'])
      expect(await (await fetch(url, { headers: { Authorization: wrong } })).text()).toMatch(/^rendered/);
    const allowed = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('# TYPE shop_http_requests_total counter');
  });

  it('tells an address of this machine from any other', () => {
    expect(['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['192.0.2.2', '::ffff:192.0.2.2', '10.0.0.1', 'fd00::2', '', undefined].some(isLoopback)).toBe(false);
  });

  it('counts requests by route group, method and status, with their latency, never by path', async () => {
    const shop = await start();
    await fetch(`${shop.url}/api/v1/products/products/?country=kg`);
    await fetch(`${shop.url}/api/v1/products/products/?country=kz`);
    await fetch(`${shop.url}/kg/catalog/kompozity/?status=404`);
    await fetch(`${shop.url}/wp-login.php`, { method: 'POST', body: 'x' });
    await fetch(`${shop.url}/kg/search/?status=503`);
    // A client that leaves before the answer counts as 499.
    await fetch(`${shop.url}/kg/cart/?delay=400`, { signal: AbortSignal.timeout(100) }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    const text = await (await fetch(`${shop.url}/metrics`)).text();
    const requests = (labels: Record<string, string>) => sample(text, 'shop_http_requests_total', labels);
    expect(requests({ group: 'api:products', method: 'GET', status: '200' })).toBe(2);
    expect(requests({ group: 'page:catalog', method: 'GET', status: '404' })).toBe(1);
    expect(requests({ group: 'other', method: 'POST', status: '200' })).toBe(1);
    expect(requests({ group: 'page:search', method: 'GET', status: '503' })).toBe(1);
    expect(requests({ group: 'page:cart', method: 'GET', status: '499' })).toBe(1);
    const histogram = (labels: Record<string, string>) =>
      sample(text, 'shop_http_request_duration_seconds_count', labels);
    expect(histogram({ group: 'api:products', status_class: '2xx' })).toBe(2);
    expect(histogram({ group: 'page:search', status_class: '5xx' })).toBe(1);
    expect(sample(text, 'shop_http_request_duration_seconds_bucket', { group: 'api:products', le: '+Inf' })).toBe(2);
    expect(text).not.toContain('kompozity');
    expect(text).not.toContain('wp-login');
  });

  it('reads the pool, the circuit breaker and the response cache when scraped', async () => {
    const shop = await start();
    pool.active = 4;
    pool.waiting = 1;
    pool.acquired = 12;
    pool.waitSeconds = 0.5;
    await fetch(`${shop.url}/kg/cached/?x=1`);
    await fetch(`${shop.url}/kg/cached/?x=1`);
    await fetch(`${shop.url}/kg/cached/?x=1`);
    const text = await (await fetch(`${shop.url}/metrics`)).text();
    expect(sample(text, 'shop_db_pool_size')).toBe(10);
    expect(sample(text, 'shop_db_pool_active')).toBe(4);
    expect(sample(text, 'shop_db_pool_waiting_transactions')).toBe(1);
    expect(sample(text, 'shop_db_pool_transactions_total')).toBe(12);
    expect(sample(text, 'shop_db_pool_transaction_wait_seconds_total')).toBe(0.5);
    expect(sample(text, 'shop_db_circuit_open')).toBe(1);
    expect(sample(text, 'shop_db_circuit_trips_total')).toBe(3);
    expect(sample(text, 'shop_response_cache_requests_total', { result: 'miss' })).toBe(1);
    expect(sample(text, 'shop_response_cache_requests_total', { result: 'hit' })).toBe(2);
    expect(sample(text, 'shop_response_cache_entries')).toBe(1);
    expect(sample(text, 'shop_response_cache_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'shop_response_cache_max_bytes')).toBe(1024 * 1024);
    // No database is open in this test: the queues and the outbox are left out, and it says so.
    expect(sample(text, 'shop_backlog_read')).toBe(0);
    expect(text).toContain('# TYPE shop_mail_outbox_mails gauge');
    expect(sample(text, 'shop_mail_outbox_mails')).toBeUndefined();
    expect(sample(text, 'shop_job_queue_jobs')).toBeUndefined();
  });

  it('is an address like any other when the server has no metrics', async () => {
    const shop = createShopServer({ render: (_req, res) => res.end('rendered') });
    started.push(shop);
    await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
    expect(await (await fetch(`${url}/metrics`)).text()).toBe('rendered');
  });
});

describe('the request id', () => {
  it('keeps a safe X-Request-Id from the proxy, makes a new one otherwise, and answers with it', async () => {
    const shop = await start();
    const kept = await fetch(`${shop.url}/kg/a/`, { headers: { 'X-Request-Id': 'b3c5f9d2e1a04f6b8c7d9e0f1a2b3c4d' } });
    expect(kept.headers.get('x-request-id')).toBe('b3c5f9d2e1a04f6b8c7d9e0f1a2b3c4d');
    expect(await kept.text()).toBe('rendered /kg/a/ for b3c5f9d2e1a04f6b8c7d9e0f1a2b3c4d');

    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const given of [undefined, '<script>alert(1)</script>', 'a'.repeat(65), 'id with spaces', '%D0%B8%D0%B4']) {
      const response = await fetch(`${shop.url}/kg/b/`, {
        headers: given === undefined ? {} : { 'X-Request-Id': given },
      });
      const id = response.headers.get('x-request-id')!;
      expect(id).toMatch(uuid);
      expect(await response.text()).toBe(`rendered /kg/b/ for ${id}`);
    }
  });

  it('is each request’s own, also when the answer comes from the response cache', async () => {
    const shop = await start();
    const first = await fetch(`${shop.url}/kg/cached/`);
    const second = await fetch(`${shop.url}/kg/cached/`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    // The kept answer does not bring the first request's id along.
    expect(
      second.headers
        .get('x-request-id')!
        .split(',')
        .map((id) => id.trim()),
    ).toHaveLength(1);
  });

  it('is on the answers the server gives itself: a malformed request, /healthz, /metrics', async () => {
    const shop = await start();
    for (const path of ['/healthz', '/metrics', '/kg/../etc/passwd']) {
      // node:http, which sends the path as written (fetch would resolve the dot segments).
      const { status, id } = await new Promise<{ status: number; id: unknown }>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port: shop.port, path }, (res) => {
            res.resume();
            resolve({ status: res.statusCode!, id: res.headers['x-request-id'] });
          })
          .on('error', reject),
      );
      expect(status, path).toBe(path.includes('..') ? 400 : 200);
      expect(id, path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
