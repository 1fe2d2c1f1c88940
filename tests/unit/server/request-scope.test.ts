/**
 * The request scope: one request id for all the work of a request, in every log line it writes, in a
 * 5xx answer of the API and on the pages' error page; the client's signal beside it.
 */
import { Writable } from 'node:stream';
import { OpenAPIHono } from '@hono/zod-openapi';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { toApiError } from '../../../src/server/api/to-api-error.ts';
import { ServiceUnavailableError } from '../../../src/server/errors.ts';
import { loggerOptions } from '../../../src/server/logger.ts';
import {
  detachedFromRequest,
  requestId,
  requestIdFrom,
  requestSignal,
  runInRequest,
  runWithRequestSignal,
} from '../../../src/server/request-scope.ts';
import { errorPageHtml } from '../../../src/server/web/error-page.ts';

/** The shop's logger options, at level info, writing into an array. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ ...loggerOptions, level: 'info' }, stream), lines };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the request scope', () => {
  it('carries the id through awaits, timers and a signal added later, and not into detached work', async () => {
    const controller = new AbortController();
    const seen = await runInRequest('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return runWithRequestSignal(controller.signal, async () => {
        await Promise.resolve();
        return {
          id: requestId(),
          signal: requestSignal(),
          detached: detachedFromRequest(() => [requestId(), requestSignal()]),
        };
      });
    });
    expect(seen).toEqual({ id: 'req-1', signal: controller.signal, detached: [undefined, undefined] });
    expect(requestId()).toBeUndefined();
  });

  it('gives a request outside the shop’s server (astro dev, tests) an id of its own', () => {
    const ids = [1, 2].map(() => runWithRequestSignal(new AbortController().signal, () => requestId()));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it('keeps a proxy’s id only when it is short and safe', () => {
    expect(requestIdFrom('0f9c2e5b7a1d4c3e8b6a9d2c1e0f3a4b')).toBe('0f9c2e5b7a1d4c3e8b6a9d2c1e0f3a4b');
    expect(requestIdFrom('support:2026-11-27.1')).toBe('support:2026-11-27.1');
    for (const unsafe of ['', 'a b', '<b>', 'x'.repeat(65), 'id\nforged-log-line', 'ид', undefined, ['a', 'b']])
      expect(requestIdFrom(unsafe)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);
  });
});

describe('log lines', () => {
  it('carry the id of the request they were written for, child loggers too, and nothing outside requests', async () => {
    const { log, lines } = capturedLogger();
    log.info({ module: 'boot' }, 'before');
    await runInRequest('req-logged', async () => {
      log.info('serving');
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.child({ module: 'db' }).warn({ detail: 1 }, 'a query failed');
    });
    log.info({ module: 'boot' }, 'after');
    await flush();
    expect(lines.map((line) => [line.msg, line.request_id])).toEqual([
      ['before', undefined],
      ['serving', 'req-logged'],
      ['a query failed', 'req-logged'],
      ['after', undefined],
    ]);
    expect(lines[2]).toMatchObject({ module: 'db', detail: 1 });
    expect(lines[3]).toMatchObject({ module: 'boot' });
  });
});

describe('answers of a failed request', () => {
  const app = new OpenAPIHono();
  app.get('/broken', () => {
    throw new TypeError('x is undefined');
  });
  app.get('/unavailable', () => {
    throw new ServiceUnavailableError(1);
  });
  app.onError(toApiError);

  it('the API’s 500 and 503 carry request_id beside detail', async () => {
    const broken = await runInRequest('req-500', () => app.request('/broken'));
    expect([broken.status, await broken.json()]).toEqual([
      500,
      { detail: 'A server error occurred.', request_id: 'req-500' },
    ]);
    const unavailable = await runInRequest('req-503', () => app.request('/unavailable'));
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({ detail: expect.any(String), request_id: 'req-503' });
  });

  it('the pages’ error page shows it, escaped, and says where to give it', () => {
    const html = runInRequest('req-page', () => errorPageHtml(500));
    expect(html).toContain('укажите код запроса: <code>req-page</code>');
    expect(errorPageHtml(503, '<x&y>')).toContain('<code>&lt;x&amp;y&gt;</code>');
    expect(errorPageHtml(503, undefined)).not.toContain('код запроса');
  });
});
