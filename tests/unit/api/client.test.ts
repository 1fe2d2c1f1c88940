import { ApiError } from '~/lib/api/api-error.ts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { jwtExpiry, REFRESH_LIFETIME_MS, saveTokens, TOKEN_LIFETIME_MS } from '~/lib/api/cookies.ts';
import { fakeFetch, json, memoryCookies, type RecordedRequest } from '../fixtures/http.ts';

const BASE = 'http://shop.test/api/v1';
const REFRESH = '/api/v1/accounts/auth/jwt/refresh/';

function setup(
  cookies: Record<string, string>,
  handler: (request: RecordedRequest, index: number) => Response | Promise<Response>,
) {
  const jar = memoryCookies(cookies);
  const server = fakeFetch(handler);
  const api = createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: jar.adapter });
  return { api, jar, requests: server.requests };
}

/** A JWT-shaped token (the signature is not checked by the client) with these claims. */
function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** Answers 401 to `/orders/` unless the bearer is `fresh`; answers the refresh call with `refreshAnswer`. */
function ordersServer(refreshAnswer: () => Response) {
  return (request: RecordedRequest) => {
    if (request.url.pathname === REFRESH) return refreshAnswer();
    if (request.authorization === 'Bearer fresh') return json(200, { results: ['order'] });
    return json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
  };
}

describe('api client', () => {
  it('sends the token cookie as a bearer token', async () => {
    const { api, requests } = setup({ token: 'abc' }, () => json(200, { ok: true }));
    await expect(api('/accounts/auth/users/me/')).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.authorization).toBe('Bearer abc');
  });

  it('sends no authorization header without a token cookie', async () => {
    const { api, requests } = setup({}, () => json(200, []));
    await api('/products/categories/');
    expect(requests[0]!.authorization).toBeNull();
  });

  it('resolves paths against the base URL and serialises the query', async () => {
    const { api, requests } = setup({}, () => json(200, {}));
    await api('/products/products/', { query: { country: 'kz', limit: 24 } });
    expect(requests[0]!.url.pathname).toBe('/api/v1/products/products/');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ country: 'kz', limit: '24' });
  });

  it('posts the refresh cookie on a 401, stores the new access token and retries once with it', async () => {
    const { api, jar, requests } = setup(
      { token: 'stale', refresh: 'r1' },
      ordersServer(() => json(200, { access: 'fresh' })),
    );
    await expect(api('/orders/order_list/')).resolves.toEqual({ results: ['order'] });
    expect(requests.map((r) => [r.method, r.url.pathname, r.authorization])).toEqual([
      ['GET', '/api/v1/orders/order_list/', 'Bearer stale'],
      ['POST', REFRESH, null],
      ['GET', '/api/v1/orders/order_list/', 'Bearer fresh'],
    ]);
    expect(requests[1]!.body).toEqual({ refresh: 'r1' });
    expect(jar.jar.get('token')).toBe('fresh');
    expect(jar.jar.get('refresh')).toBe('r1');
  });

  it('stores a rotated refresh token and gives both cookies their lifetimes', async () => {
    const { api, jar } = setup(
      { token: 'stale', refresh: 'r1' },
      ordersServer(() => json(200, { access: 'fresh', refresh: 'r2' })),
    );
    const before = Date.now();
    await api('/orders/order_list/');
    const after = Date.now();
    expect(jar.jar.get('refresh')).toBe('r2');
    const tokenExpiry = jar.expires.get('token')!.getTime();
    const refreshExpiry = jar.expires.get('refresh')!.getTime();
    expect(tokenExpiry).toBeGreaterThanOrEqual(before + TOKEN_LIFETIME_MS);
    expect(tokenExpiry).toBeLessThanOrEqual(after + TOKEN_LIFETIME_MS);
    expect(refreshExpiry).toBeGreaterThanOrEqual(before + REFRESH_LIFETIME_MS);
    expect(TOKEN_LIFETIME_MS).toBe(15 * 60 * 1000);
    expect(REFRESH_LIFETIME_MS).toBe(14 * 24 * 60 * 60 * 1000);
  });

  it('removes both cookies when the refresh fails and still retries once without a token', async () => {
    const { api, jar, requests } = setup({ token: 'stale', refresh: 'revoked' }, (request, index) => {
      if (request.url.pathname === REFRESH)
        return json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      return index === 0 ? json(401, { detail: 'expired' }) : json(200, { anonymous: true });
    });
    await expect(api('/products/products/')).resolves.toEqual({ anonymous: true });
    expect(requests.map((r) => [r.method, r.url.pathname, r.authorization])).toEqual([
      ['GET', '/api/v1/products/products/', 'Bearer stale'],
      ['POST', REFRESH, null],
      ['GET', '/api/v1/products/products/', null],
    ]);
    expect(jar.jar.size).toBe(0);
  });

  it('treats a refresh answer without an access token as a failed refresh', async () => {
    const { api, jar, requests } = setup(
      { token: 'stale', refresh: 'r1' },
      ordersServer(() => json(200, {})),
    );
    await expect(api('/orders/order_list/')).rejects.toMatchObject({ status: 401 });
    expect(requests).toHaveLength(3);
    expect(requests[2]!.authorization).toBeNull();
    expect(jar.jar.size).toBe(0);
  });

  it('removes the token and retries once without authorization when there is no refresh cookie', async () => {
    const { api, jar, requests } = setup({ token: 'stale' }, (_request, index) =>
      index === 0 ? json(401, { detail: 'expired' }) : json(200, 'ok'),
    );
    await expect(api('/products/brands/')).resolves.toBe('ok');
    expect(requests.map((r) => [r.method, r.authorization])).toEqual([
      ['GET', 'Bearer stale'],
      ['GET', null],
    ]);
    expect(jar.jar.size).toBe(0);
  });

  it('passes a second 401 after the retry to the caller without refreshing again', async () => {
    const { api, requests } = setup({ token: 'stale', refresh: 'r1' }, (request) => {
      if (request.url.pathname === REFRESH) return json(200, { access: 'also-rejected' });
      return json(401, { detail: 'Authentication credentials were not provided.' });
    });
    const error = await api('/orders/order_list/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, data: { detail: 'Authentication credentials were not provided.' } });
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/api/v1/orders/order_list/',
      REFRESH,
      '/api/v1/orders/order_list/',
    ]);
  });

  it('passes other errors to the caller without retrying', async () => {
    const { api, requests } = setup({ token: 'abc', refresh: 'r1' }, () =>
      json(503, { detail: 'Service unavailable.' }),
    );
    await expect(api('/products/products/')).rejects.toMatchObject({
      status: 503,
      data: { detail: 'Service unavailable.' },
    });
    expect(requests).toHaveLength(1);
  });

  it('passes a 400 with field errors to the caller', async () => {
    const { api } = setup({}, () => json(400, { email: ['Введите правильный адрес электронной почты.'] }));
    await expect(api('/services/supports/', { method: 'POST', body: { email: 'x' } })).rejects.toMatchObject({
      status: 400,
      data: { email: ['Введите правильный адрес электронной почты.'] },
    });
  });

  it('does not refresh or retry a 401 from the login endpoint', async () => {
    const { api, jar, requests } = setup({ token: 'abc', refresh: 'r1' }, () =>
      json(401, { detail: 'No active account found with the given credentials' }),
    );
    await expect(
      api('/accounts/auth/jwt/create/', { method: 'POST', body: { email: 'a@b.kg', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    expect(requests).toHaveLength(1);
    expect(jar.jar.size).toBe(2);
  });

  it('shares one refresh between concurrent 401 answers', async () => {
    const { api, requests } = setup(
      { token: 'stale', refresh: 'r1' },
      ordersServer(() => json(200, { access: 'fresh', refresh: 'r2' })),
    );
    const answers = await Promise.all([
      api('/orders/order_list/'),
      api('/orders/order_list/'),
      api('/orders/order_list/'),
    ]);
    expect(answers).toEqual([{ results: ['order'] }, { results: ['order'] }, { results: ['order'] }]);
    expect(requests.filter((r) => r.url.pathname === REFRESH)).toHaveLength(1);
  });

  it('retries with a token another request already refreshed instead of refreshing again', async () => {
    const { api, jar, requests } = setup({ token: 'stale', refresh: 'r1' }, (request, index) => {
      // The server replaces the token before answering the first request.
      if (index === 0) {
        jar.jar.set('token', 'fresh');
        return json(401, { detail: 'expired' });
      }
      return ordersServer(() => json(500, {}))(request);
    });
    await expect(api('/orders/order_list/')).resolves.toEqual({ results: ['order'] });
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
  });

  it("gives each cookie the expiry of its token's exp claim", async () => {
    const accessExp = Math.floor(Date.now() / 1000) + 5;
    const refreshExp = accessExp + 3600;
    const access = jwt({ token_type: 'access', exp: accessExp });
    const { api, jar } = setup({ token: 'stale', refresh: 'r1' }, (request) => {
      if (request.url.pathname === REFRESH)
        return json(200, { access, refresh: jwt({ token_type: 'refresh', exp: refreshExp }) });
      return request.authorization === `Bearer ${access}` ? json(200, 'ok') : json(401, { detail: 'expired' });
    });
    await expect(api('/orders/order_list/')).resolves.toBe('ok');
    expect(jar.expires.get('token')).toEqual(new Date(accessExp * 1000));
    expect(jar.expires.get('refresh')).toEqual(new Date(refreshExp * 1000));
  });

  it('keeps the cookies another tab rotated while this refresh was failing', async () => {
    const { api, jar, requests } = setup({ token: 'stale', refresh: 'r1' }, (request) => {
      if (request.url.pathname === REFRESH) {
        // The other tab's refresh won the race: r1 is revoked and the jar already holds its new pair.
        jar.jar.set('token', 'fresh');
        jar.jar.set('refresh', 'r2');
        return json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      }
      return request.authorization === 'Bearer fresh'
        ? json(200, { results: ['order'] })
        : json(401, { detail: 'expired' });
    });
    await expect(api('/orders/order_list/')).resolves.toEqual({ results: ['order'] });
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer stale', null, 'Bearer fresh']);
    expect(Object.fromEntries(jar.jar)).toEqual({ token: 'fresh', refresh: 'r2' });
  });
});

describe('token cookies', () => {
  it('reads the exp claim of a JWT', () => {
    expect(jwtExpiry(jwt({ exp: 1_900_000_000 }))).toEqual(new Date(1_900_000_000_000));
  });

  it('reads a payload whose base64url needs padding and uses - and _', () => {
    const token = jwt({ exp: 1_900_000_000, name: '~~~>>>???', n: 1 });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(jwtExpiry(token)).toEqual(new Date(1_900_000_000_000));
  });

  it('gives no expiry for a token that is not a JWT or has no numeric exp', () => {
    expect(jwtExpiry('opaque')).toBeNull();
    expect(jwtExpiry('a.!!!.c')).toBeNull();
    expect(jwtExpiry(jwt({ exp: '1900000000' }))).toBeNull();
    expect(jwtExpiry(jwt({ sub: 1 }))).toBeNull();
  });

  it('falls back to the default lifetimes when the expiry cannot be read', () => {
    const jar = memoryCookies();
    const before = Date.now();
    saveTokens({ access: 'opaque-a', refresh: 'opaque-r' }, jar.adapter);
    expect(jar.expires.get('token')!.getTime()).toBeGreaterThanOrEqual(before + TOKEN_LIFETIME_MS);
    expect(jar.expires.get('refresh')!.getTime()).toBeGreaterThanOrEqual(before + REFRESH_LIFETIME_MS);
  });
});
