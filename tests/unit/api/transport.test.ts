import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api/api-error.ts';
import { requestUrl, sendRequest } from '~/lib/api/transport.ts';
import { fakeFetch, json } from '../fixtures/http.ts';

const BASE = 'http://shop.test/api/v1';

describe('api transport', () => {
  it('joins base and path with one slash and leaves empty query values out', () => {
    expect(requestUrl(BASE + '/', '/products/', { a: 1, b: '', c: null, d: undefined, e: false })).toBe(
      `${BASE}/products/?a=1&e=false`,
    );
    expect(requestUrl(BASE, 'x/')).toBe(`${BASE}/x/`);
  });

  it('sends a plain object as JSON and parses a JSON answer', async () => {
    const server = fakeFetch(() => json(201, { id: 7 }));
    await expect(sendRequest(server.fetch, BASE, '/orders/', { method: 'post', body: { a: [1] } })).resolves.toEqual({
      id: 7,
    });
    const init = (server.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(server.requests[0]!.body).toEqual({ a: [1] });
  });

  it('passes FormData through untouched, so the browser sets the multipart boundary', async () => {
    const server = fakeFetch(() => new Response(null, { status: 204 }));
    const form = new FormData();
    form.set('name', 'x');
    await expect(sendRequest(server.fetch, BASE, '/forms/', { method: 'POST', body: form })).resolves.toBeUndefined();
    const init = (server.fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('rejects a non-2xx answer with an ApiError carrying status, data and response', async () => {
    const server = fakeFetch(() => json(400, { email: ['Неверный адрес.'] }));
    const error = await sendRequest(server.fetch, BASE, '/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, data: { email: ['Неверный адрес.'] } });
    expect((error as ApiError).response).toBeInstanceOf(Response);
    expect((error as ApiError).message).toBe(`[GET] "${BASE}/x/": 400`);
  });

  it('keeps a non-JSON error body as text', async () => {
    const server = fakeFetch(() => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(sendRequest(server.fetch, BASE, '/x/')).rejects.toMatchObject({ status: 502, data: 'Bad gateway' });
  });

  it('rejects with an ApiError without a response when no answer came', async () => {
    const server = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const error = (await sendRequest(server.fetch, BASE, '/x/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.response).toBeUndefined();
    expect(error.status).toBeUndefined();
    expect(error.message).toContain('<no response> fetch failed');
  });
});

describe('public client', () => {
  it('reads the catalog without the session: no Authorization header, even with a token cookie', async () => {
    const { publicApi } = await import('~/lib/api/transport.ts');
    const { listProducts } = await import('~/lib/api/catalog.ts');
    const server = fakeFetch(() => json(200, { count: 0, next: null, previous: null, results: [] }));
    // The browser resolves the relative /api/v1 URL against the page; here the shop is http://shop.test.
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      server.fetch(new URL(input, 'http://shop.test'), init),
    );
    vi.stubGlobal('document', { cookie: 'token=abc; refresh=def' });
    try {
      await listProducts({ country: 'kg', ids: [1, 2] });
      await publicApi('/core/exchanges/');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(server.requests.map((r) => [r.url.pathname, r.authorization])).toEqual([
      ['/api/v1/products/products/', null],
      ['/api/v1/core/exchanges/', null],
    ]);
  });
});
