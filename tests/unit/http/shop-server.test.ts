import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '../../../src/server/env.ts';
import { createShopServer, type ShopServer } from '../../../src/server/http/shop-server.ts';

const started: ShopServer[] = [];
afterEach(async () => {
  for (const shop of started.splice(0)) {
    shop.server.closeAllConnections();
    await new Promise((resolve) => shop.server.close(resolve));
  }
});

async function start(options: Partial<Parameters<typeof createShopServer>[0]> = {}) {
  const shop = createShopServer({
    render: (req, res) => {
      const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delay') ?? 0);
      setTimeout(() => res.end('rendered'), delay);
    },
    ...options,
  });
  started.push(shop);
  await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve));
  return { ...shop, url: `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}` };
}

describe('the shop server', () => {
  it('keeps idle connections open longer than the nginx configuration the README recommends', () => {
    const site = readFileSync('deploy/nginx/dental-shop.conf', 'utf8');
    const proxySeconds = Number(/^\s*keepalive_timeout\s+(\d+)s;/m.exec(site)?.[1]);
    expect(proxySeconds).toBeGreaterThan(0);
    expect(env.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(proxySeconds * 1000);
    expect(env.HTTP_HEADERS_TIMEOUT_MS).toBeGreaterThan(env.HTTP_KEEP_ALIVE_TIMEOUT_MS);
  });

  it('sets the keep-alive and header timeouts it is given', async () => {
    const { server } = await start({ timeouts: { keepAliveMs: 75_000, headersMs: 76_000 } });
    expect([server.keepAliveTimeout, server.headersTimeout]).toEqual([75_000, 76_000]);
  });

  it('GET /healthz says whether the database answers, and that it is stopping', async () => {
    let up = true;
    const shop = await start({ database: { isAvailable: () => up, ping: async () => up } });
    const health = async () => {
      const response = await fetch(`${shop.url}/healthz`);
      return [response.status, response.headers.get('cache-control'), await response.json()];
    };
    expect(await health()).toEqual([200, 'no-store', { status: 'ok', database: 'up' }]);
    up = false;
    expect(await health()).toEqual([200, 'no-store', { status: 'ok', database: 'down' }]);
  });

  it('drains: finishes the request in progress, then accepts no more connections', async () => {
    const shop = await start();
    const running = fetch(`${shop.url}/slow?delay=300`).then(async (r) => [r.status, await r.text()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = shop.drain(5000);
    expect(await running).toEqual([200, 'rendered']);
    await drained;
    await expect(fetch(`${shop.url}/`)).rejects.toThrow();
  });
});
