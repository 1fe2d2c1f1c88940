import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasDotSegment } from '../../../src/server/http/request-guard.ts';
import { createShopServer } from '../../../src/server/http/shop-server.ts';
import { logger } from '../../../src/server/logger.ts';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (stops.length) await stops.pop()!();
});

/** The shop's server over https (as SITE_URL says) around a renderer that answers like Astro's own error pages. */
async function startShop(render: (req: IncomingMessage, res: ServerResponse) => void) {
  let renders = 0;
  const { server } = createShopServer({
    render: (req, res) => {
      renders += 1;
      render(req, res);
    },
    siteUrl: 'https://shop.test',
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port, renders: () => renders };
}

function send(port: number, options: { method?: string; path?: string; host?: string }) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/kg/',
        headers: options.host ? { Host: options.host } : {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('the request guard in front of the shop', () => {
  it("gives every answer nosniff and HSTS, the renderer's own bare errors and static files included", async () => {
    const shop = await startShop((req, res) => {
      if (req.url === '/favicon.svg') {
        res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        res.end('<svg/>');
        return;
      }
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal Server Error');
    });
    for (const path of ['/favicon.svg', '/kg/broken/']) {
      const answer = await send(shop.port, { path });
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it.each([
    ['TRACE', { method: 'TRACE' }],
    ['a Host with user info', { host: 'a@b' }],
    ['a Host with a path', { host: 'shop.test/evil' }],
    ['a dot segment', { path: '/kg/../api/v1/' }],
  ])('answers %s with 400 and one log line, before any renderer', async (_, options) => {
    const info = vi.spyOn(logger, 'info');
    const error = vi.spyOn(logger, 'error');
    const shop = await startShop(() => {
      throw new Error('must not render');
    });
    const answer = await send(shop.port, options);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(shop.renders()).toBe(0);
    expect(info).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('lets ordinary hosts through: names, ports, addresses, an nginx upstream name', async () => {
    const shop = await startShop((_, res) => res.end('ok'));
    for (const host of ['shop.test', 'shop.test:4321', '127.0.0.1:8080', '[::1]:4321', 'localhost', 'dental_shop']) {
      expect((await send(shop.port, { host })).status, host).toBe(200);
    }
  });
});

describe('hasDotSegment', () => {
  it('finds dot segments however they are written, and only whole segments', () => {
    for (const path of ['/a/../b', '/a/./b', '/a/%2e%2E/b', '/a/.%2e/b', '/a\\..\\b', '/a/..%2fb', '/..']) {
      expect(hasDotSegment(path), path).toBe(true);
    }
    for (const path of ['/a/b.c/', '/a/..b/', '/a/.well-known/', '/kg/?q=../x']) {
      expect(hasDotSegment(path), path).toBe(false);
    }
  });
});
