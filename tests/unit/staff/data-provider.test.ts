import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { changedFields, createStaffDataProvider, listQuery, STAFF_RESOURCES } from '~/islands/staff/data-provider.ts';
import { fakeFetch, json, memoryCookies, type RecordedRequest } from '../fixtures/http.ts';

const BASE = 'http://shop.test/api/v1';

function setup(
  handler: (request: RecordedRequest, index: number) => Response | Promise<Response>,
  cookies: Record<string, string> = { token: 'abc', refresh: 'r1' },
) {
  const jar = memoryCookies(cookies);
  const server = fakeFetch(handler);
  const client = createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: jar.adapter });
  return { provider: createStaffDataProvider(client), requests: server.requests, jar };
}

const page = (results: object[], count = results.length) => json(200, { count, next: null, previous: null, results });

describe('staff data provider: lists', () => {
  it('asks for a page by limit and offset and reads the DRF envelope, naming records by the resource’s id field', async () => {
    const { provider, requests } = setup(() => page([{ number: 'KG-000001', total: '10.00' }], 51));
    const answer = await provider.getList('orders', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(answer).toEqual({ data: [{ id: 'KG-000001', number: 'KG-000001', total: '10.00' }], total: 51 });
    expect(requests[0]!.url.pathname).toBe('/api/v1/staff/orders/');
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      limit: '25',
      offset: '50',
      ordering: '-created_at',
    });
  });

  it('sends the search box as `search`, other filters by name, and leaves out empty ones', async () => {
    const { provider, requests } = setup(() => page([]));
    await provider.getList('orders', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'total', order: 'ASC' },
      filter: { q: 'ivanova@', status: 'new', country: '', created_after: '2026-11-01', nothing: null },
    });
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({
      limit: '10',
      offset: '0',
      ordering: 'total',
      search: 'ivanova@',
      status: 'new',
      created_after: '2026-11-01',
    });
  });

  it('does not send a sort the resource cannot do', () => {
    expect(
      listQuery(STAFF_RESOURCES.requests!, {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
      }),
    ).toEqual({ limit: 25, offset: 0 });
    expect(
      listQuery(STAFF_RESOURCES.products!, {
        pagination: { page: 2, perPage: 20 },
        sort: { field: 'sku', order: 'ASC' },
      }),
    ).toEqual({ limit: 20, offset: 20, ordering: 'sku' });
  });

  it('sends booleans as words', () => {
    expect(listQuery(STAFF_RESOURCES.products!, { filter: { is_active: false } })).toMatchObject({
      is_active: 'false',
    });
  });
});

describe('staff data provider: records', () => {
  it('reads one record at its URL, the id escaped', async () => {
    const { provider, requests } = setup(() => json(200, { sku: 'A/1 2', name: 'X' }));
    const { data } = await provider.getOne('products', { id: 'A/1 2' });
    expect(data).toEqual({ id: 'A/1 2', sku: 'A/1 2', name: 'X' });
    expect(requests[0]!.url.pathname).toBe('/api/v1/staff/products/A%2F1%202/');
  });

  it('reads an import task where the API keeps it (task_checking)', async () => {
    const id = '6f1c2a7e-2b8f-4d37-9d83-3a9b1f0c5e21';
    const { provider, requests } = setup(() => json(200, { task_id: id, status: 'SUCCESS' }));
    const { data } = await provider.getOne('imports', { id });
    expect(data.id).toBe(id);
    expect(requests[0]!.url.pathname).toBe('/api/v1/products/task_checking/');
    expect(requests[0]!.url.searchParams.get('task_id')).toBe(id);
  });

  it('PATCHes only what changed and does not call the API when nothing did', async () => {
    const { provider, requests } = setup((request) =>
      json(200, { id: 7, ...(request.body as object), title: 'Новое' }),
    );
    const previousData = { id: 7, title: 'Старое', lead: 'a', topics: ['x'] };
    const { data } = await provider.update('publications', {
      id: 7,
      data: { id: 7, title: 'Новое', lead: 'a', topics: ['x'] },
      previousData,
    });
    expect(data.title).toBe('Новое');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('PATCH');
    expect(requests[0]!.body).toEqual({ title: 'Новое' });

    const again = await provider.update('publications', { id: 7, data: { ...previousData }, previousData });
    expect(again.data).toBe(previousData);
    expect(requests).toHaveLength(1);
  });

  it('creates with POST to the list URL and deletes at the record’s URL', async () => {
    const { provider, requests } = setup((request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : json(201, { id: 9, title: 'T' }),
    );
    const created = await provider.create('publications', { data: { kind: 'news', title: 'T' } });
    expect(created.data).toEqual({ id: 9, title: 'T' });
    expect(requests[0]).toMatchObject({ method: 'POST', body: { kind: 'news', title: 'T' } });
    await provider.delete('publications', { id: 9, previousData: created.data });
    expect(requests[1]!.method).toBe('DELETE');
    expect(requests[1]!.url.pathname).toBe('/api/v1/staff/publications/9/');
  });

  it('changedFields compares values, not references, and never sends the id', () => {
    expect(changedFields({ id: 1, a: [1, 2], b: { c: 1 }, d: 'x' }, { id: 1, a: [1, 2], b: { c: 2 }, d: 'x' })).toEqual(
      {
        b: { c: 1 },
      },
    );
  });
});

describe('staff data provider: errors', () => {
  it('puts a 400’s field errors at their fields and a non-field error at the form’s root', async () => {
    const { provider } = setup(() =>
      json(400, { title: ['Обязательное поле.'], non_field_errors: ['Такой адрес уже занят.'] }),
    );
    const failure = await provider
      .create('publications', { data: { title: '' } })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    const error = failure as HttpError;
    expect(error.status).toBe(400);
    expect(error.body.errors).toEqual({ title: 'Обязательное поле.', root: { serverError: 'Такой адрес уже занят.' } });
    expect(error.message).toBe('Такой адрес уже занят.');
  });

  it('keeps the API’s detail as the message of other failures', async () => {
    const { provider } = setup(() => json(403, { detail: 'Только для сотрудников.' }));
    const error = (await provider.getList('orders', {}).catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(403);
    expect(error.message).toBe('Только для сотрудников.');
  });

  it('refreshes an expired session once and repeats the call', async () => {
    const { provider, requests, jar } = setup((request) => {
      if (request.url.pathname.endsWith('/jwt/refresh/')) return json(200, { access: 'fresh', refresh: 'r2' });
      return request.authorization === 'Bearer fresh' ? page([{ id: 1 }]) : json(401, { detail: 'expired' });
    });
    const { data } = await provider.getList('requests', {});
    expect(data).toEqual([{ id: 1 }]);
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/api/v1/staff/requests/',
      '/api/v1/accounts/auth/jwt/refresh/',
      '/api/v1/staff/requests/',
    ]);
    expect(jar.adapter.get('token')).toBe('fresh');
  });

  it('reports a session that cannot be refreshed as a 401, for the auth provider to sign out', async () => {
    const { provider, jar } = setup(() => json(401, { detail: 'expired' }));
    const error = (await provider.getOne('orders', { id: 'KG-000001' }).catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(401);
    expect(jar.adapter.get('token')).toBeUndefined();
  });
});
