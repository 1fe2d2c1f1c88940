/**
 * Requests on keep-alive connections, as a fuzzer or nginx sends them: an answer that leaves its body
 * unread, refuses a malformed request or a body over its limit never closes the connection under the
 * next request (a 502 behind nginx); a connection the shop closes says so first and lets the client
 * read its answer. The shop's server with the API's own listener, as `scripts/start.ts` runs them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiListener } from '../../src/server/api/node-listener.ts';
import { createShopServer } from '../../src/server/http/shop-server.ts';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const answerApi = apiListener();
  ({ server } = createShopServer({ render: (req, res) => void answerApi(req, res), siteUrl: 'http://shop.test' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Shape {
  method: string;
  path: string;
  body?: string;
  type?: string;
  /** The body sent in this many writes, a few milliseconds apart. */
  parts?: number;
  chunked?: boolean;
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** Sends `shape` on `agent`; rejects when the connection is lost under it. */
function send(agent: http.Agent, shape: Shape): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': shape.type ?? 'application/json' };
    if (shape.body !== undefined && !shape.chunked) headers['content-length'] = Buffer.byteLength(shape.body);
    const req = http.request(
      { host: '127.0.0.1', port, method: shape.method, path: shape.path, headers, agent },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      },
    );
    req.on('error', (error) => reject(new Error(`${shape.method} ${shape.path}: ${error.message}`)));
    const body = shape.body ?? '';
    const parts = shape.parts ?? 1;
    const size = Math.ceil(body.length / parts);
    void (async () => {
      for (let i = 0; i < parts - 1; i += 1) {
        req.write(body.slice(i * size, (i + 1) * size));
        await new Promise((r) => setTimeout(r, 5));
      }
      req.end(body.slice((parts - 1) * size));
    })();
  });
}

const big = (n: number) => JSON.stringify({ name: 'x'.repeat(n) });

// What the fuzzer sent that lost requests after it: bodies no answer reads, in several packets, to routes
// that refuse before reading (401, 404, 405), malformed targets, bodies over a route's limit.
const SHAPES: Shape[] = [
  { method: 'GET', path: '/api/v1/services/course_categories/abc/' },
  { method: 'DELETE', path: '/api/v1/staff/banners/%252e%252e/', body: '{}' },
  { method: 'POST', path: '/api/v1/staff/banners/', body: big(60_000), parts: 4 },
  { method: 'PATCH', path: '/api/v1/staff/categories/abc/', body: big(40_000), parts: 3 },
  { method: 'PUT', path: '/api/v1/core/exchanges/', body: big(30_000), parts: 3 },
  { method: 'DELETE', path: '/api/v1/staff/documents/..%2f/', body: '{"a":1}' },
  { method: 'POST', path: '/api/v1/accounts/auth/jwt/create/', body: 'garbage' },
  { method: 'POST', path: '/api/v1/accounts/auth/users/', body: big(12_000), parts: 2 },
  {
    method: 'POST',
    path: '/api/v1/staff/media/',
    body: 'x'.repeat(50_000),
    type: 'multipart/form-data; boundary=abc',
    parts: 3,
  },
  {
    method: 'POST',
    path: '/api/v1/products/upload_prices_json/',
    body: '--abc\r\n',
    type: 'multipart/form-data; boundary=abc',
  },
  { method: 'GET', path: '/api/v1/products/products/?country=kg&limit=%00' },
  { method: 'POST', path: '/api/v1/notifications/product_requests/', body: big(10_000), chunked: true, parts: 3 },
];

describe('keep-alive connections', () => {
  it('answers every shape the fuzzer sent, in turn on one connection, and loses none after it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    agent.on('free', (socket) => sockets.add(socket));
    try {
      for (let round = 0; round < 3; round += 1) {
        for (const shape of SHAPES) {
          const answer = await send(agent, shape);
          expect(answer.status, `${shape.method} ${shape.path}`).toBeLessThan(500);
          expect(answer.connection, `${shape.method} ${shape.path}`).not.toBe('close');
          // A body left unread is dropped in the background: the next request must not wait for it.
          const next = await send(agent, { method: 'GET', path: '/api/v1/core/exchanges/' });
          expect(next.status).toBe(200);
        }
      }
      // None of them closed the connection: the same one served every request.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('sends the same shapes on a few connections at once and loses none', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => SHAPES)
          .flat()
          .map((shape) => send(agent, shape)),
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    } finally {
      agent.destroy();
    }
  });

  it('reads a chunked JSON body of an API call (it came to the API empty)', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const answer = await send(agent, {
        method: 'POST',
        path: '/api/v1/accounts/auth/jwt/create/',
        body: JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' }),
        chunked: true,
        parts: 2,
      });
      expect(answer.status).toBe(401);
    } finally {
      agent.destroy();
    }
  });

  it('closes after a body over its limit only once it has said so, and the client reads the 413', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // 200 kB to a route that takes 64 kB, still being sent when the answer comes.
      const answer = await send(agent, {
        method: 'POST',
        path: '/api/v1/orders/order_create/',
        body: big(200_000),
        parts: 8,
      });
      expect([answer.status, answer.connection]).toEqual([413, 'close']);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'Request body is too large.' });
      // The agent opens a new connection for what follows.
      expect((await send(agent, { method: 'GET', path: '/api/v1/core/exchanges/' })).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
