import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportProducts } from '../../../src/server/cache/dependencies.ts';
import { invalidate, listenForInvalidations } from '../../../src/server/cache/invalidation.ts';
import type { DbHandle } from '../../../src/server/db/client.ts';
import {
  chooseEncoding,
  createResponseCache,
  type ResponseCache,
  type ResponseCacheOptions,
} from '../../../src/server/http/response-cache.ts';

const PAGE = `<!doctype html><title>Каталог</title>${'<p>Композит светового отверждения</p>'.repeat(100)}`;

interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Milliseconds before the renderer answers. */
  delay?: number;
}

/** A server whose renderer answers `answer(url)` and counts its renders; the cache sits in front of it. */
async function startServer(answer: (req: IncomingMessage) => Answer, options: Partial<ResponseCacheOptions> = {}) {
  let renders = 0;
  // Requests reach the handler only after `cache` and `render` below exist.
  const server = http.createServer((req, res) => cache.handle(req, res, { render }));
  const cache: ResponseCache = createResponseCache({
    maxBytes: 8 * 1024 * 1024,
    freshMs: 60_000,
    staleMs: 300_000,
    refresh: ({ url, host, headers }) => {
      const { port } = server.address() as AddressInfo;
      http.get({ host: '127.0.0.1', port, path: url, headers: { ...headers, host } }, (res) => res.resume());
    },
    ...options,
  });
  const render = (req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    const a = answer(req);
    const send = () => {
      res.writeHead(a.status ?? 200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'public, max-age=60',
        ...a.headers,
      });
      // Written in two chunks, as a streamed page is.
      const body = a.body ?? PAGE;
      res.write(body.slice(0, 10));
      res.end(body.slice(10));
    };
    if (a.delay) setTimeout(send, a.delay);
    else send();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { 'accept-encoding': 'identity', ...headers },
    });
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };
  const stop = async () => {
    cache.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  opened.push(stop);
  return { get, cache, renders: () => renders, port };
}

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of opened.splice(0)) await stop();
});

/** Raw GET with node:http, which (unlike fetch) leaves compressed bodies as they came. */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('response cache', () => {
  it('renders a public page once and serves the same bytes again, with a strong ETag and its length', async () => {
    const shop = await startServer(() => ({}));
    const first = await shop.get('/kg/catalog/');
    await settle();
    const second = await shop.get('/kg/catalog/');
    expect(shop.renders()).toBe(1);
    expect(second.body.toString()).toBe(PAGE);
    expect(first.body.toString()).toBe(PAGE);
    expect(second.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(PAGE)));
    expect(second.headers.get('cache-control')).toBe('public, max-age=60');
    expect(second.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('keeps brotli and gzip versions and serves what the client accepts, each with its own ETag', async () => {
    const shop = await startServer(() => ({}));
    await shop.get('/kg/');
    await settle();
    const br = await rawGet(shop.port, '/kg/', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await rawGet(shop.port, '/kg/', { 'accept-encoding': 'gzip' });
    const plain = await rawGet(shop.port, '/kg/', { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(shop.renders()).toBe(1);
  });

  it('answers 304 to If-None-Match with any of its ETags, and 200 to another', async () => {
    const shop = await startServer(() => ({}));
    await shop.get('/kg/');
    await settle();
    const { headers } = await rawGet(shop.port, '/kg/', { 'accept-encoding': 'br' });
    const notModified = await rawGet(shop.port, '/kg/', { 'accept-encoding': 'gzip', 'if-none-match': headers.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect((await rawGet(shop.port, '/kg/', { 'if-none-match': '"something-else"' })).status).toBe(200);
  });

  it.each([
    ['private answers', { headers: { 'Cache-Control': 'private, no-store' } }],
    ['answers without Cache-Control', { headers: { 'Cache-Control': '' } }],
    ['answers that set a cookie', { headers: { 'Set-Cookie': 'token=abc; Path=/' } }],
    ['errors', { status: 404 }],
  ] as [string, Answer][])('never keeps %s', async (_, answer) => {
    const shop = await startServer(() => answer);
    await shop.get('/kg/account/');
    await settle();
    await shop.get('/kg/account/');
    expect(shop.renders()).toBe(2);
  });

  it('records a conditional request after an invalidation in full, answers it 304 from the entry, and keeps caching', async () => {
    let conditionalRenders = 0;
    // A renderer that answers 304 itself whenever it is asked conditionally, as the pages' ETag does.
    const shop = await startServer((req) => {
      if (req.headers['if-none-match'] === undefined) return {};
      conditionalRenders += 1;
      return { status: 304, body: '' };
    });
    await shop.get('/kg/catalog/');
    await settle();
    const first = await shop.get('/kg/catalog/');
    await invalidate('catalog');
    const revalidated = await shop.get('/kg/catalog/', { 'if-none-match': first.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(conditionalRenders).toBe(0);
    await settle();
    const next = await shop.get('/kg/catalog/');
    expect(next.headers.get('x-cache')).toBe('HIT');
    expect(next.body.toString()).toBe(PAGE);
    expect(shop.renders()).toBe(2);
    // A conditional request whose tag no longer matches gets the whole page.
    await invalidate('catalog');
    const changed = await shop.get('/kg/catalog/', { 'if-none-match': '"older"' });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe(PAGE);
    await settle();
    expect((await shop.get('/kg/catalog/')).headers.get('x-cache')).toBe('HIT');
  });

  it('keeps caching a URL after an error answer: only personal answers make it skip the cache', async () => {
    let failing = true;
    const shop = await startServer(() => (failing ? { status: 503, body: 'busy' } : {}));
    expect((await shop.get('/kg/news/')).status).toBe(503);
    await settle();
    failing = false;
    expect((await shop.get('/kg/news/')).status).toBe(200);
    await settle();
    expect((await shop.get('/kg/news/')).headers.get('x-cache')).toBe('HIT');
    expect(shop.renders()).toBe(2);
  });

  it('never serves a request that carries Authorization from the cache, nor stores its answer', async () => {
    const shop = await startServer(() => ({}));
    await shop.get('/api/v1/products/products/', { authorization: 'Bearer x' });
    await settle();
    await shop.get('/api/v1/products/products/');
    await settle();
    await shop.get('/api/v1/products/products/', { authorization: 'Bearer x' });
    expect(shop.renders()).toBe(3);
  });

  it('renders every page for a browser with a session cookie (a clinic member’s prices), never a kept one, nor keeps it', async () => {
    const shop = await startServer(() => ({}));
    await shop.get('/kg/product/x/');
    await settle();
    const member = await shop.get('/kg/product/x/', { cookie: 'currency=kgs; token=abc' });
    expect(member.headers.get('x-cache')).toBeNull();
    await shop.get('/kg/product/x/', { cookie: 'refresh=abc' });
    await settle();
    // The visitor's answer is still the kept one; an API read without a token is served from the cache whatever the cookies.
    expect((await shop.get('/kg/product/x/')).headers.get('x-cache')).toBe('HIT');
    expect(shop.renders()).toBe(3);
    await shop.get('/api/v1/products/products/');
    await settle();
    expect((await shop.get('/api/v1/products/products/', { cookie: 'token=abc' })).headers.get('x-cache')).toBe('HIT');
  });

  it('keys by host and URL: another query or host renders on its own', async () => {
    const shop = await startServer((req) => ({ body: `${req.headers.host} ${req.url}` }));
    await shop.get('/kg/?page=1');
    await settle();
    const other = await shop.get('/kg/?page=2');
    const otherHost = await rawGet(shop.port, '/kg/?page=1', { host: 'shop.example' });
    expect(other.body.toString()).toContain('/kg/?page=2');
    expect(otherHost.body.toString()).toContain('shop.example');
    expect(shop.renders()).toBe(3);
  });

  it('renders concurrent misses of one URL once; the others get the same answer', async () => {
    const shop = await startServer(() => ({ delay: 100 }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => shop.get('/kg/brands/')));
    expect(shop.renders()).toBe(1);
    expect(answers.every((a) => a.status === 200 && a.body.toString() === PAGE)).toBe(true);
  });

  it('does not hold requests to a personal page behind each other', async () => {
    const shop = await startServer(() => ({ delay: 100, headers: { 'Cache-Control': 'private, no-store' } }));
    await shop.get('/kg/account/');
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => shop.get('/kg/account/')));
    expect(performance.now() - started).toBeLessThan(350);
    expect(shop.renders()).toBe(5);
  });

  it('empties on an invalidation, so the next request renders the change', async () => {
    let price = '1 250 сом';
    const shop = await startServer(() => ({ body: PAGE + price }));
    await shop.get('/kg/product/a/');
    await settle();
    price = '990 сом';
    await invalidate('catalog');
    expect((await shop.get('/kg/product/a/')).body.toString()).toContain('990 сом');
    expect(shop.renders()).toBe(2);
  });

  it('does not store an answer whose render began before an invalidation', async () => {
    const shop = await startServer(() => ({ delay: 100 }));
    const pending = shop.get('/kg/');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await invalidate('catalog');
    await pending;
    await settle();
    await shop.get('/kg/');
    expect(shop.renders()).toBe(2);
  });

  it('serves a stale entry at once and renders it again in the background', async () => {
    let clock = 1_000_000;
    let version = 1;
    const shop = await startServer(() => ({ body: `${PAGE} v${version}` }), {
      now: () => clock,
      freshMs: 1000,
      staleMs: 10_000,
    });
    await shop.get('/kg/');
    await settle();
    version = 2;
    clock += 2000;
    expect((await shop.get('/kg/')).body.toString()).toMatch(/v1$/);
    await settle();
    await settle();
    expect(shop.renders()).toBe(2);
    expect((await shop.get('/kg/')).body.toString()).toMatch(/v2$/);
    clock += 60_000;
    // Too old to serve: rendered while the client waits.
    version = 3;
    expect((await shop.get('/kg/')).body.toString()).toMatch(/v3$/);
  });

  it('serves a kept answer however old while the database cannot be reached, without rendering', async () => {
    let clock = 1_000_000;
    let degraded = false;
    const shop = await startServer(() => (degraded ? { status: 503, body: 'down' } : { body: `${PAGE} kept` }), {
      now: () => clock,
      freshMs: 1000,
      staleMs: 10_000,
      isDegraded: () => degraded,
    });
    await shop.get('/kg/');
    await vi.waitFor(() => expect(shop.cache.stats().entries).toBe(1));
    degraded = true;
    clock += 3_600_000;
    const answer = await shop.get('/kg/');
    expect([answer.status, answer.headers.get('x-cache')]).toEqual([200, 'STALE']);
    expect(answer.body.toString()).toMatch(/kept$/);
    await settle();
    expect(shop.renders()).toBe(1);
  });

  it('serves what it kept before notifications were missed only stale, and renders it again', async () => {
    let version = 1;
    let degraded = false;
    const shop = await startServer(() => (degraded ? { status: 503, body: 'down' } : { body: `${PAGE} v${version}` }), {
      isDegraded: () => degraded,
    });
    await shop.get('/kg/');
    await vi.waitFor(() => expect(shop.cache.stats().entries).toBe(1));
    // Subscribing (again) to the notifications: what was sent meanwhile is lost.
    const resubscribed = {
      isAvailable: () => true,
      listen: async (_channel: string, _onNotify: unknown, onSubscribe?: () => void) => {
        onSubscribe?.();
        return async () => {};
      },
    } as unknown as DbHandle;
    const stop = await listenForInvalidations(resubscribed, { pingEveryMs: 60_000, pingTimeoutMs: 60_000 });
    await stop();
    degraded = true;
    const kept = await shop.get('/kg/');
    expect([kept.status, kept.headers.get('x-cache')]).toEqual([200, 'STALE']);
    degraded = false;
    version = 2;
    const stale = await shop.get('/kg/');
    expect([stale.headers.get('x-cache'), stale.body.toString().endsWith('v1')]).toEqual(['STALE', true]);
    await vi.waitFor(async () => expect((await shop.get('/kg/')).body.toString()).toMatch(/v2$/));
  });

  it('drops only the answers that show the products an invalidation names', async () => {
    let version = 1;
    const shop = await startServer((req) => {
      // What a memoised read does for the page it is rendered for.
      reportProducts(req.url === '/kg/product/a/' ? [1, 2] : [3]);
      return { body: `${PAGE} v${version}` };
    });
    await shop.get('/kg/product/a/');
    await shop.get('/kg/product/b/');
    await vi.waitFor(() => expect(shop.cache.stats().entries).toBe(2));
    version = 2;
    await invalidate('catalog', { products: [2] });
    expect((await shop.get('/kg/product/a/')).body.toString()).toMatch(/v2$/);
    expect((await shop.get('/kg/product/b/')).body.toString()).toMatch(/v1$/);
    await invalidate('catalog');
    expect((await shop.get('/kg/product/b/')).body.toString()).toMatch(/v2$/);
  });

  it('stays within its byte budget, dropping the least recently used entries', async () => {
    const shop = await startServer(
      (req) => ({ body: `${req.url} ${'x'.repeat(40_000)}`, headers: { 'Content-Type': 'image/png' } }),
      { maxBytes: 100_000 },
    );
    for (const path of ['/a', '/b', '/c', '/d']) {
      await shop.get(path);
      await settle();
    }
    expect(shop.cache.stats().bytes).toBeLessThanOrEqual(100_000);
    expect(shop.cache.stats().entries).toBe(2);
    await shop.get('/d');
    await shop.get('/a');
    expect(shop.renders()).toBe(5);
  });

  it('answers HEAD from an entry without a body', async () => {
    const shop = await startServer(() => ({}));
    await shop.get('/kg/');
    await settle();
    const head = await rawGet(shop.port, '/kg/', {}).then(() =>
      fetch(`http://127.0.0.1:${shop.port}/kg/`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } }),
    );
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(PAGE)));
    expect(shop.renders()).toBe(1);
  });
});

describe('chooseEncoding', () => {
  const all = { representations: { identity: {}, br: {}, gzip: {} } } as never;
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br', all)).toBe('br');
    expect(chooseEncoding('br;q=0, gzip', all)).toBe('gzip');
    expect(chooseEncoding('*', all)).toBe('br');
    expect(chooseEncoding(undefined, all)).toBe('identity');
    expect(chooseEncoding('br', { representations: { identity: {} } } as never)).toBe('identity');
  });
});
