import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_LIMITS, bodyLimitFor, type BodyLimits } from '../../../src/server/http/body-limit.ts';
import { createShopServer } from '../../../src/server/http/shop-server.ts';

interface Received {
  renders: number;
  /** Bytes of request bodies the server took in, whoever read them. */
  bytesRead: number;
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

/** The shop's server around a renderer that reads the body (as Astro does: `req.body` when set, else the stream). */
async function startShop(options: { bodyLimits?: BodyLimits } = {}) {
  const received: Received = { renders: 0, bytesRead: 0 };
  const render = (req: IncomingMessage, res: ServerResponse) => {
    received.renders += 1;
    const given = (req as IncomingMessage & { body?: Buffer }).body;
    const answer = (length: number) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ length }));
    };
    if (given) return answer(given.length);
    let length = 0;
    req.on('data', (chunk: Buffer) => (length += chunk.length));
    req.on('end', () => answer(length));
  };
  const { server } = createShopServer({
    render,
    bodyLimits: options.bodyLimits ?? BODY_LIMITS,
  });
  server.on('connection', (socket) => {
    const counted = socket.bytesRead;
    socket.on('close', () => (received.bytesRead += socket.bytesRead - counted));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port, received };
}

interface Sent {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * Starts a POST that announces `declared` bytes (or none: chunked), writes `send` of them, and resolves
 * with the answer as soon as it comes, without waiting for the rest of the body to go out.
 */
function post(
  port: number,
  path: string,
  { declared, send, multipart = false }: { declared?: number; send: number; multipart?: boolean },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'Content-Type': multipart ? 'multipart/form-data; boundary=x' : 'application/json',
    };
    if (declared !== undefined) headers['Content-Length'] = declared;
    const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    // The server may close the connection on a refused body while this side is still writing.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    request.flushHeaders();
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let left = send;
    const pump = () => {
      while (left > 0) {
        const part = chunk.subarray(0, Math.min(chunk.length, left));
        left -= part.length;
        if (!request.write(part)) return void request.once('drain', pump);
      }
      if (declared === undefined || declared === send) request.end();
    };
    pump();
  });
}

describe('request body limits', () => {
  it('a page or API route refuses a declared body over 64 kB with 413 before reading it', async () => {
    const { port, received } = await startShop();
    for (const path of ['/api/v1/accounts/auth/jwt/create/', '/kg/login/']) {
      // 10 MB announced, 32 kB sent: the answer must not wait for the rest.
      const answer = await post(port, path, { declared: 10 * 1024 * 1024, send: 32 * 1024 });
      expect(answer.status, path).toBe(413);
      expect(answer.headers.connection).toBe('close');
    }
    expect(received.renders).toBe(0);
    expect(
      await post(port, '/api/v1/accounts/auth/jwt/create/', { declared: 10 * 1024 * 1024, send: 0 }),
    ).toMatchObject({
      status: 413,
      body: JSON.stringify({ detail: 'Request body is too large.' }),
    });
    // Far less than was announced ever came in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.bytesRead).toBeLessThan(1024 * 1024);
  });

  it('a chunked body without a length is cut off with 413 once it passes the limit', async () => {
    const { port, received } = await startShop();
    const answer = await post(port, '/api/v1/orders/order_create/', { send: 2 * 1024 * 1024 });
    expect(answer.status).toBe(413);
    expect(received.renders).toBe(0);
  });

  it('bodies within the limit reach the renderer whole, with or without a length', async () => {
    const { port, received } = await startShop();
    expect(await post(port, '/api/v1/orders/order_create/', { declared: 60 * 1024, send: 60 * 1024 })).toMatchObject({
      status: 200,
      body: '{"length":61440}',
    });
    expect(await post(port, '/api/v1/orders/order_create/', { send: 60 * 1024 })).toMatchObject({
      status: 200,
      body: '{"length":61440}',
    });
    expect(received.renders).toBe(2);
  });

  it('a route listed as taking files accepts a large body and streams it', async () => {
    const { port } = await startShop({
      bodyLimits: { ...BODY_LIMITS, uploads: { '/api/v1/products/upload_products_json/': 50 * 1024 * 1024 } },
    });
    const size = 3 * 1024 * 1024;
    expect(
      await post(port, '/api/v1/products/upload_products_json/', { declared: size, send: size, multipart: true }),
    ).toMatchObject({
      status: 200,
      body: `{"length":${size}}`,
    });
    expect(
      (
        await post(port, '/api/v1/products/upload_products_json/', {
          declared: 51 * 1024 * 1024,
          send: 0,
          multipart: true,
        })
      ).status,
    ).toBe(413);
  });

  it('refuses a path with dot segments, plain, percent-encoded or with backslashes, with 400 before reading a body', async () => {
    const { port, received } = await startShop();
    for (const path of [
      '/api/v1/services/vacancy_requests/../../../../kg/newsletter/',
      '/api/v1/services/vacancy_requests/%2e%2e/%2E%2E/%2e%2e/%2e%2e/kg/newsletter/',
      '/api/v1/services/vacancy_requests/.%2e/.%2e/.%2e/.%2e/kg/newsletter/',
      '/api/v1/services/vacancy_requests/..%2f..%2f..%2f..%2fkg/newsletter/',
      '/api/v1/services/./printing_requestes/',
    ]) {
      const answer = await post(port, path, { declared: 5 * 1024 * 1024, send: 0 });
      expect(answer.status, path).toBe(400);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect(received.renders).toBe(0);
  });

  it('takes the limit from the path the router sees, matching the upload routes exactly', async () => {
    const { port, received } = await startShop();
    for (const path of [
      '/api/v1/services/vacancy_requests/x/',
      '/api/v1/services/vacancy_requests/kg/newsletter/',
      '/api/v1/services/vacancy_requestsX/',
      '//api/v1/services/vacancy_requests/',
    ]) {
      expect((await post(port, path, { declared: 1024 * 1024, send: 0 })).status, path).toBe(413);
    }
    expect(received.renders).toBe(0);
    const size = 1024 * 1024;
    expect(
      await post(port, '/api/v1/services/vacancy_requests/?from=form', { declared: size, send: size, multipart: true }),
    ).toMatchObject({ status: 200, body: `{"length":${size}}` });
    expect((await post(port, '/api/v1/services/vacancy_requests/', { declared: size, send: 0 })).status).toBe(413);
  });

  it('keeps every limit in one table: API groups below the default, files only on their own routes', () => {
    expect(bodyLimitFor('/kg/login/')).toBe(64 * 1024);
    expect(bodyLimitFor('/api/v1/orders/order_create/')).toBe(64 * 1024);
    expect(bodyLimitFor('/api/v1/accounts/auth/jwt/create/')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/v1/notifications/back_in_stock/')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/v1/security/csp_report/')).toBe(16 * 1024);
    expect(bodyLimitFor('/api/v1/services/supports/')).toBe(32 * 1024);
    // A model up to 100 MB (an intraoral scan), with the form's fields.
    expect(bodyLimitFor('/api/v1/services/printing_requestes/')).toBe(101 * 1024 * 1024);
    expect(bodyLimitFor('/api/v1/services/vacancy_requests/')).toBe(6 * 1024 * 1024);
    expect(bodyLimitFor('/api/v1/services/vacancy_requests/other/')).toBe(32 * 1024);
    // An upload route's JSON form is as small as any other form.
    expect(bodyLimitFor('/api/v1/services/vacancy_requests/', 'application/json')).toBe(32 * 1024);
    expect(bodyLimitFor('/api/v1/services/vacancy_requests/', 'multipart/form-data; boundary=x')).toBe(6 * 1024 * 1024);
  });
});
