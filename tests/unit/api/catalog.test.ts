import { describe, expect, it, vi } from 'vitest';
import {
  getProduct,
  listBrands,
  listCategories,
  listProducts,
  listProductsByIds,
  listSpecifications,
  PRODUCT_PAGE_SIZE,
  toProductListParams,
} from '~/lib/api/catalog.ts';
import { createApiClient, type ApiClient } from '~/lib/api/client.ts';
import { listBanners, listContacts, listDocuments, listExchanges } from '~/lib/api/core.ts';
import { decodeSpecifications } from '~/shared/specifications.ts';
import { fakeFetch, json, memoryCookies } from '../fixtures/http.ts';

function recordingClient(answer: unknown = {}) {
  const client = vi.fn(async () => answer);
  return {
    client: client as unknown as ApiClient,
    calls: client.mock.calls as unknown as [string, { query?: Record<string, unknown> }?][],
  };
}

describe('toProductListParams', () => {
  it('maps every store query field to its API parameter', () => {
    expect(
      toProductListParams({
        slug: 'composites',
        priceFrom: 100,
        priceTo: 5000,
        specifications: { shade: ['A2', 'A3'] },
        search: ' бонд ',
        ordering: '-price',
        limit: 12,
        brand: 'gc,3m',
        page: 3,
        country: 'kz',
        ids: [4, 5],
        facets: true,
      }),
    ).toEqual({
      category: 'composites',
      price_from: 100,
      price_to: 5000,
      specifications: 'shade:A2,A3',
      is_active: true,
      ids: '4,5',
      brand: 'gc,3m',
      search: 'бонд',
      ordering: '-price',
      limit: 12,
      offset: 24,
      country: 'kz',
      facets: true,
    });
  });

  it('always sends is_active=true and the default page size, and omits empty values', () => {
    expect(
      toProductListParams({
        country: 'kg',
        slug: '',
        priceFrom: 0,
        priceTo: 0,
        specifications: {},
        search: '  ',
        brand: '',
        ids: [],
        page: 1,
        facets: false,
      }),
    ).toEqual({ is_active: true, limit: PRODUCT_PAGE_SIZE, country: 'kg' });
  });

  it('joins a brand list and drops blank slugs', () => {
    expect(toProductListParams({ country: 'kg', brand: ['gc', ' ', '3m'] }).brand).toBe('gc,3m');
    expect(toProductListParams({ country: 'kg', brand: 'gc,,3m,' }).brand).toBe('gc,3m');
  });

  it('converts the page to an offset with the default page size', () => {
    expect(toProductListParams({ country: 'kg', page: 2 }).offset).toBe(PRODUCT_PAGE_SIZE);
  });
});

describe('catalog calls', () => {
  it('lists products at /products/products/ with the mapped query', async () => {
    const { client, calls } = recordingClient({ count: 0, next: null, previous: null, results: [] });
    await listProducts({ country: 'kg', slug: 'burs' }, client);
    expect(calls[0]).toEqual([
      '/products/products/',
      { query: { category: 'burs', is_active: true, limit: 24, country: 'kg' } },
    ]);
  });

  it('sends specifications the server can decode back, through the real URL', async () => {
    const server = fakeFetch(() => json(200, { count: 0, next: null, previous: null, results: [] }));
    const api = createApiClient({
      baseURL: 'http://shop.test/api/v1',
      fetch: server.fetch,
      cookies: memoryCookies().adapter,
    });
    const specifications = { диаметр: ['2,5', '3'], тип: ['a;b', '50%'] };
    await listProducts({ country: 'kg', specifications }, api);
    const sent = server.requests[0]!.url.searchParams.get('specifications')!;
    expect(decodeSpecifications(sent)).toEqual({ ok: true, value: { диаметр: ['2,5', '3'], тип: ['50%', 'a;b'] } });
    expect(server.requests[0]!.url.searchParams.get('is_active')).toBe('true');
  });

  it('looks products up by id with the query a list of those ids sends', async () => {
    const { client, calls } = recordingClient({ count: 0, next: null, previous: null, results: [] });
    await listProductsByIds([3, 7], 'kz', client);
    const { client: listClient, calls: listCalls } = recordingClient({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    await listProducts({ ids: [3, 7], country: 'kz', limit: 2 }, listClient);
    expect(calls[0]).toEqual([
      '/products/products/',
      { query: { is_active: true, ids: '3,7', limit: 2, country: 'kz' } },
    ]);
    expect(calls[0]).toEqual(listCalls[0]);
  });

  it('gets a product by encoded slug with the country', async () => {
    const { client, calls } = recordingClient();
    await getProduct('бор алмазный', 'kz', client);
    expect(calls[0]).toEqual([
      `/products/products/${encodeURIComponent('бор алмазный')}/`,
      { query: { country: 'kz' } },
    ]);
  });

  it('calls the category, brand and specification routes', async () => {
    const { client, calls } = recordingClient();
    await listCategories(client);
    await listBrands({ category: 'burs' }, client);
    await listSpecifications({ category__slug: 'burs', is_filter: true }, client);
    expect(calls.map((c) => c[0])).toEqual(['/products/categories/', '/products/brands/', '/products/specifications/']);
    expect(calls[1]![1]).toEqual({ query: { category: 'burs' } });
    expect(calls[2]![1]).toEqual({ query: { category__slug: 'burs', is_filter: true } });
  });

  it('calls the core routes', async () => {
    const { client, calls } = recordingClient();
    await listExchanges(undefined, client);
    await listContacts({ country: 'kz' }, client);
    await listBanners({}, client);
    await listDocuments({ document_type: 'offer' }, client);
    expect(calls).toEqual([
      ['/core/exchanges/', { query: { limit: 1, offset: 0 } }],
      ['/core/contacts/', { query: { country: 'kz' } }],
      ['/core/banners/', { query: {} }],
      ['/core/documents/', { query: { document_type: 'offer' } }],
    ]);
  });
});
