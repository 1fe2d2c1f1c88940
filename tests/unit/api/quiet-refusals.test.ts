/**
 * Expected refusals write nothing to the browser's console (issue 23, item 46): a 400 for a wrong form
 * reaches the form as field errors, a 401 is refreshed and retried, a store keeps the error text. The
 * browser logs its own «Failed to load resource» line; our code adds none (eslint's `no-console` keeps
 * it so for src/islands, src/lib, src/browser and src/stores).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { map } from 'nanostores';
import { toFormErrors } from '~/islands/forms/form-errors.ts';
import { createApiClient } from '~/lib/api/client.ts';
import { createFetcher } from '~/stores/fetch-into.ts';
import { fakeFetch, json, memoryCookies } from '../fixtures/http.ts';

const BASE = 'http://shop.test/api/v1';
let spies: MockInstance[] = [];

beforeEach(() => {
  spies = (['error', 'warn', 'log', 'info', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(() => undefined),
  );
});

afterEach(() => {
  for (const spy of spies) {
    expect(spy, `console.${spy.getMockName()}`).not.toHaveBeenCalled();
    spy.mockRestore();
  }
});

describe('expected refusals', () => {
  it('a 400 for a wrong form becomes the form’s field errors, silently', async () => {
    const server = fakeFetch(() => json(400, { email: ['Введите правильный адрес электронной почты.'] }));
    const api = createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: memoryCookies().adapter });
    const error = await api('/services/supports/', { method: 'POST', body: { email: 'x' } }).catch((e: unknown) => e);
    expect(toFormErrors(error, ['email']).fields).toEqual({ email: ['Введите правильный адрес электронной почты.'] });
  });

  it('a 401 is refreshed and retried; a refused refresh signs out and still retries once, silently', async () => {
    for (const refresh of [
      json(200, { access: 'fresh' }),
      json(401, { detail: 'Token is blacklisted', code: 'token_not_valid' }),
    ]) {
      const cookies = memoryCookies({ token: 'stale', refresh: 'r1' });
      const server = fakeFetch((request) => {
        if (request.url.pathname.endsWith('/jwt/refresh/')) return refresh.clone();
        return request.authorization === 'Bearer fresh'
          ? json(200, { ok: true })
          : json(401, { code: 'token_not_valid' });
      });
      const api = createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: cookies.adapter });
      await api('/accounts/auth/users/me/').catch(() => undefined);
      expect(server.requests).toHaveLength(3);
    }
  });

  it('a store keeps the refusal’s text for its area, silently', async () => {
    const store = map<{ items: string[]; error: string | null }>({ items: [], error: null });
    const server = fakeFetch(() => json(404, { detail: 'Not found.' }));
    const api = createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: memoryCookies().adapter });
    await createFetcher(store)(
      () => api<string[]>('/seo/news/999/'),
      (items) => ({ items }),
    );
    expect(store.get().error).toEqual(expect.any(String));
  });
});
