import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/accounts.ts';
import { api } from '../helpers/api.ts';

const LIST_ROUTES = [
  '/products/products/',
  '/products/categories/',
  '/products/brands/',
  '/products/specifications/',
  '/core/exchanges/',
  '/core/contacts/',
  '/core/banners/',
  '/core/documents/',
  '/seo/articles/',
  '/seo/news/',
  '/seo/site_pages/',
  '/services/course_categories/',
  '/services/courses/',
  '/services/printing_prices/',
  '/services/vacancies/',
];
const DETAIL_ROUTES = [
  '/products/products/{slug}/',
  '/products/categories/{slug}/',
  '/products/brands/{id}/',
  '/products/specifications/{id}/',
  '/core/exchanges/{id}/',
  '/core/contacts/{id}/',
  '/core/banners/{id}/',
  '/seo/articles/{id}/',
  '/seo/news/{id}/',
  '/seo/site_pages/{id}/',
  '/services/course_categories/{id}/',
  '/services/courses/{slug}/',
  '/services/printing_prices/{id}/',
  '/services/vacancies/{id}/',
];
const PAGED_LISTS = LIST_ROUTES.filter((path) => path !== '/products/categories/');

/** A real path for each detail route, taken from the matching list. */
async function concreteDetailPaths(): Promise<string[]> {
  const product = (await api('/products/products/?limit=1')).body.results[0];
  const category = (await api('/products/categories/')).body[0];
  const first = async (list: string) => (await api(`${list}?limit=1`)).body.results[0].id;
  return [
    `/products/products/${product.slug}/`,
    `/products/categories/${category.slug}/`,
    `/products/brands/${await first('/products/brands/')}/`,
    `/products/specifications/${await first('/products/specifications/')}/`,
    `/core/exchanges/${await first('/core/exchanges/')}/`,
    `/core/contacts/${await first('/core/contacts/')}/`,
    `/core/banners/${await first('/core/banners/')}/`,
    `/seo/articles/${await first('/seo/articles/')}/`,
    `/seo/news/${await first('/seo/news/')}/`,
    `/seo/site_pages/${await first('/seo/site_pages/')}/`,
    `/services/course_categories/${await first('/services/course_categories/')}/`,
    `/services/courses/${(await api('/services/courses/?limit=1')).body.results[0].slug}/`,
    `/services/printing_prices/${await first('/services/printing_prices/')}/`,
    `/services/vacancies/${await first('/services/vacancies/')}/`,
  ];
}

describe('methods', () => {
  it.each(LIST_ROUTES)('POST %s answers 405 with Allow and a JSON detail', async (path) => {
    const { status, headers, body } = await api(path, { method: 'POST', json: { name: 'x' } });
    expect(status).toBe(405);
    expect(headers.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({ detail: 'Method "POST" not allowed.' });
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('%s on the GET-only detail routes answers 405', async (method) => {
    for (const path of await concreteDetailPaths()) {
      const { status, headers, body } = await api(path, { method });
      expect(status, path).toBe(405);
      expect(headers.get('allow'), path).toContain('GET');
      expect(body, path).toEqual({ detail: `Method "${method}" not allowed.` });
    }
  });

  it('POST /products/products/ answers 405 even with a body that is not JSON', async () => {
    const { status, body } = await api('/products/products/', {
      method: 'POST',
      body: '{broken',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(405);
    expect(body.detail).toEqual(expect.any(String));
  });

  it('OPTIONS /products/products/ answers 200 with the allowed methods', async () => {
    const { status, headers } = await api('/products/products/', { method: 'OPTIONS' });
    expect(status).toBe(200);
    expect(headers.get('allow')).toContain('GET');
  });

  it('HEAD /products/products/ answers the GET headers without a body', async () => {
    const get = await api('/products/products/?limit=2');
    const head = await api('/products/products/?limit=2', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
  });
});

describe('trailing slash', () => {
  it.each([
    ['/products/products', '/api/v1/products/products/'],
    ['/products/products?country=kz&limit=2', '/api/v1/products/products/?country=kz&limit=2'],
    ['/products/categories/kompozity', '/api/v1/products/categories/kompozity/'],
    ['/products/brands/1', '/api/v1/products/brands/1/'],
    ['/core/exchanges', '/api/v1/core/exchanges/'],
    ['/schema', '/api/v1/schema/'],
  ])('GET %s redirects with 308 to the path with a trailing slash', async (path, location) => {
    const { status, headers } = await api(path);
    expect(status).toBe(308);
    const target = new URL(headers.get('location')!, 'http://shop.test/');
    expect(`${target.pathname}${target.search}`).toBe(location);
    expect((await api(location.slice('/api/v1'.length))).status).toBe(200);
  });

  it('POST /products/products redirects with 308 so the method is kept', async () => {
    const { status, headers } = await api('/products/products', { method: 'POST', json: {} });
    expect(status).toBe(308);
    expect(headers.get('location')).toMatch(/\/api\/v1\/products\/products\/$/);
  });
});

describe('unknown paths', () => {
  it.each([
    '/no-such-group/',
    '/no-such-group',
    '/products/',
    '/products/products/a/b/',
    '/products/brands/1/extra/',
    '/core/',
  ])('GET %s answers 404 with a JSON detail', async (path) => {
    const { status, headers, body } = await api(path);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({ detail: 'Not found.' });
  });
});

describe('HTTP caching', () => {
  it('GET list and detail routes answer a weak ETag and a public Cache-Control', async () => {
    for (const path of [...LIST_ROUTES, ...(await concreteDetailPaths())]) {
      const { status, headers } = await api(path);
      expect(status, path).toBe(200);
      expect(headers.get('etag'), path).toMatch(/^W\/".+"$/);
      expect(headers.get('cache-control'), path).toMatch(/^public, .*max-age=\d+/);
      expect(headers.get('vary'), path).toContain('Authorization');
    }
  });

  it('GET /products/products/ answers 304 without a body to a matching If-None-Match', async () => {
    const first = await api('/products/products/?category=kompozity');
    const etag = first.headers.get('etag')!;
    const again = await api('/products/products/?category=kompozity', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(/^public/);

    const listed = await api('/products/products/?category=kompozity', {
      headers: { 'If-None-Match': `W/"other", ${etag}` },
    });
    expect(listed.status).toBe(304);
  });

  it('GET /products/products/{slug}/ answers 304 to a matching If-None-Match', async () => {
    const slug = (await api('/products/products/?limit=1')).body.results[0].slug;
    const etag = (await api(`/products/products/${slug}/`)).headers.get('etag')!;
    expect((await api(`/products/products/${slug}/`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('GET /products/products/ answers 200 with the body to a stale If-None-Match', async () => {
    const { status, body } = await api('/products/products/?limit=1', { headers: { 'If-None-Match': 'W/"stale"' } });
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
  });

  it('GET /products/products/ answers different ETags for different countries', async () => {
    const kg = await api('/products/products/?country=kg&limit=5');
    const kz = await api('/products/products/?country=kz&limit=5');
    expect(kg.headers.get('etag')).not.toBe(kz.headers.get('etag'));
    const kzAgain = await api('/products/products/?country=kz&limit=5', {
      headers: { 'If-None-Match': kg.headers.get('etag')! },
    });
    expect(kzAgain.status).toBe(200);
  });

  it('GET /products/products/ with Authorization answers private, no-store and no ETag; a token not valid is a 401', async () => {
    const { tokens } = await signedIn();
    const { status, headers } = await api('/products/products/?limit=1', { token: tokens.access });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('etag')).toBeNull();
    // As DRF's JWT authentication answers a bad token on any route: the browser refreshes it and asks again.
    const refused = await api('/products/products/?limit=1', { headers: { Authorization: 'Bearer some-token' } });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('token_not_valid');
    expect(refused.headers.get('cache-control') ?? '').not.toContain('public');
  });

  it('GET /core/contacts/ with Authorization ignores If-None-Match', async () => {
    const etag = (await api('/core/contacts/')).headers.get('etag')!;
    const { status, headers } = await api('/core/contacts/', {
      headers: { Authorization: 'Bearer t', 'If-None-Match': etag },
    });
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    '/products/products/?country=xx',
    '/products/products/no-such-product/',
    '/products/brands/999999/',
    '/no-such-group/',
  ])('GET %s does not mark an error answer as publicly cacheable', async (path) => {
    const { status, headers } = await api(path);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(headers.get('cache-control') ?? '').not.toContain('public');
    expect(headers.get('etag')).toBeNull();
  });
});

describe('GET /schema/', () => {
  const routes = [...LIST_ROUTES, ...DETAIL_ROUTES];

  async function schema() {
    const { status, headers, body } = await api('/schema/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    const base = body.servers?.[0]?.url
      ? new URL(body.servers[0].url, 'http://shop.test').pathname.replace(/\/$/, '')
      : '';
    const paths = Object.fromEntries(
      Object.entries(body.paths as Record<string, any>).map(([path, item]) => [`${base}${path}`, item]),
    );
    return { doc: body, paths };
  }

  it('GET /schema/ answers an OpenAPI 3 document listing every route', async () => {
    const { doc, paths } = await schema();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    for (const route of routes) {
      expect(paths[`/api/v1${route}`]?.get, route).toBeDefined();
      expect(paths[`/api/v1${route}`].get.responses['200'], route).toBeDefined();
    }
  });

  it('GET /schema/ documents the 400 answer of every list and the 404 answer of every detail route', async () => {
    const { paths } = await schema();
    for (const route of PAGED_LISTS) expect(paths[`/api/v1${route}`].get.responses['400'], route).toBeDefined();
    for (const route of DETAIL_ROUTES) expect(paths[`/api/v1${route}`].get.responses['404'], route).toBeDefined();
  });

  it('GET /schema/ documents every query parameter of the product list', async () => {
    const { paths } = await schema();
    const names = paths['/api/v1/products/products/'].get.parameters.map(
      (p: { name: string; in: string }) => `${p.in}:${p.name}`,
    );
    const expected = [
      'country',
      'category',
      'brand',
      'price_from',
      'price_to',
      'specifications',
      'search',
      'ids',
      'is_active',
      'ordering',
      'facets',
      'limit',
      'offset',
    ];
    expect(names.sort()).toEqual(expected.map((n) => `query:${n}`).sort());
  });

  it('GET /schema/ documents the query parameters of the other lists', async () => {
    const { paths } = await schema();
    const params = (route: string) =>
      paths[`/api/v1${route}`].get.parameters.map((p: { name: string }) => p.name).sort();
    expect(params('/products/brands/')).toEqual(['category', 'limit', 'offset']);
    expect(params('/products/specifications/')).toEqual(['category__slug', 'is_filter', 'limit', 'offset']);
    expect(params('/core/contacts/')).toEqual(['country', 'limit', 'offset']);
    expect(params('/core/banners/')).toEqual(['country', 'limit', 'offset']);
    expect(params('/core/documents/')).toEqual(['document_type', 'limit', 'offset']);
  });
});

describe('GET /docs/', () => {
  it('GET /docs/ answers an HTML reference of the API', async () => {
    const { status, headers, body } = await api('/docs/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(body).toMatch(/^<!doctype html>/i);
    expect(body).toContain('href="/api/v1/schema/"');
  });

  it('GET /docs/ shows every route at its real /api/v1 path', async () => {
    const { body } = await api('/docs/');
    for (const route of [...LIST_ROUTES, ...DETAIL_ROUTES])
      expect(body, route).toContain(`<code>/api/v1${route}</code>`);
    expect(body).not.toContain('/api/v1/api/v1');
  });
});

describe('bad input never answers 5xx', () => {
  it.each(PAGED_LISTS)('GET %s with an offset beyond the 64-bit range answers 400 or an empty page', async (path) => {
    const { status, headers, body } = await api(`${path}?offset=99999999999999999999`);
    expect(status).toBeLessThan(500);
    expect(headers.get('content-type')).toContain('application/json');
    if (status === 400) expect(body.offset).toEqual([expect.any(String)]);
    else expect(body.results).toEqual([]);
  });

  it.each([
    ['/products/products/?search=a%00b', 'search'],
    ['/products/products/?specifications=obem%3A%2500', 'specifications'],
    ['/products/products/?specifications=ob%2500em%3A1', 'specifications'],
    ['/products/products/?category=%00', 'category'],
    ['/products/brands/?category=%00', 'category'],
    ['/core/documents/?document_type=%00', 'document_type'],
  ])('GET %s with a NUL character answers 400 or an empty list', async (path, field) => {
    const { status, headers, body } = await api(path);
    expect(status).toBeLessThan(500);
    expect(headers.get('content-type')).toContain('application/json');
    if (status === 400) expect(body[field]).toEqual([expect.any(String)]);
    else expect(body.count).toBe(0);
  });

  it.each(['/products/products/%00/', '/products/products/x%00y/?country=kz', '/products/categories/%00/'])(
    'GET %s with a NUL character in the slug answers 404',
    async (path) => {
      const { status, body } = await api(path);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
    },
  );

  it.each([
    '/products/products/%ZZ/',
    '/products/categories/%E0%A4%A/',
    '/products/products/?search=%ZZ',
    '/products/products/?limit=%ZZ',
  ])('GET %s with a broken percent escape answers JSON below 500', async (path) => {
    const { status, headers } = await api(path);
    expect(status).toBeLessThan(500);
    expect(headers.get('content-type')).toContain('application/json');
  });
});
