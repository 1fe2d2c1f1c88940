import { cleanStores } from 'nanostores';
import { ApiError } from '~/lib/api/api-error.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getProduct, listProducts } from '~/lib/api/catalog.ts';
import type { ProductList } from '~/lib/api/types.ts';
import { $products, fetchProduct, fetchProducts, initialProductsState } from '~/stores/products.ts';
import { deferred, page, productDetail, productItem } from '../fixtures/products.ts';

vi.mock('~/lib/api/catalog.ts', () => ({ listProducts: vi.fn(), getProduct: vi.fn() }));

afterEach(() => {
  cleanStores($products);
  $products.set(initialProductsState());
  vi.mocked(listProducts).mockReset();
  vi.mocked(getProduct).mockReset();
});

describe('products list', () => {
  it('starts idle', () => {
    expect($products.get()).toEqual({
      products: [],
      product: null,
      count: 0,
      facets: null,
      status: 'idle',
      errorMessage: null,
    });
  });

  it('goes to pending when a fetch starts and to succeeded with the results', async () => {
    const answer = deferred<ProductList>();
    vi.mocked(listProducts).mockReturnValue(answer.promise);
    const done = fetchProducts({ country: 'kg', slug: 'burs' });
    expect($products.get().status).toBe('pending');
    const facets = { price: { min: '10.00', max: '99.00' }, brands: [], specifications: [] };
    answer.resolve({ ...page([productItem({ id: 1 }), productItem({ id: 2 })], 40), facets });
    await done;
    expect($products.get()).toMatchObject({ status: 'succeeded', count: 40, facets, errorMessage: null });
    expect($products.get().products.map((p) => p.id)).toEqual([1, 2]);
    expect(listProducts).toHaveBeenCalledWith({ country: 'kg', slug: 'burs' });
  });

  it('goes to failed and stores the error text', async () => {
    vi.mocked(listProducts).mockRejectedValue(new Error('Сервер недоступен'));
    await fetchProducts({ country: 'kg' });
    expect($products.get()).toMatchObject({ status: 'failed', errorMessage: 'Сервер недоступен' });
  });

  it('stores the detail of an API error', async () => {
    const error = new ApiError('[GET] "/api/v1/products/products/": 400');
    Object.defineProperty(error, 'data', { value: { specifications: ['Неверный формат.'] } });
    vi.mocked(listProducts).mockRejectedValue(error);
    await fetchProducts({ country: 'kg' });
    expect($products.get().errorMessage).toBe('Неверный формат.');
  });

  it('clears the previous error when a new fetch starts', async () => {
    $products.set({ ...initialProductsState(), status: 'failed', errorMessage: 'old' });
    vi.mocked(listProducts).mockReturnValue(new Promise(() => {}));
    void fetchProducts({ country: 'kg' });
    expect($products.get()).toMatchObject({ status: 'pending', errorMessage: null });
  });

  it('ignores the answer of an older fetch that arrives last', async () => {
    const older = deferred<ProductList>();
    const newer = deferred<ProductList>();
    vi.mocked(listProducts).mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const first = fetchProducts({ country: 'kg', page: 1 });
    const second = fetchProducts({ country: 'kg', page: 2 });
    newer.resolve(page([productItem({ id: 2 })]));
    await second;
    older.resolve(page([productItem({ id: 1 })]));
    await first;
    expect($products.get().products.map((p) => p.id)).toEqual([2]);
    expect($products.get().status).toBe('succeeded');
  });

  it('ignores the failure of an older fetch', async () => {
    const older = deferred<ProductList>();
    vi.mocked(listProducts)
      .mockReturnValueOnce(older.promise)
      .mockResolvedValueOnce(page([productItem({ id: 3 })]));
    const first = fetchProducts({ country: 'kg' });
    await fetchProducts({ country: 'kz' });
    older.reject(new Error('late failure'));
    await first;
    expect($products.get()).toMatchObject({ status: 'succeeded', errorMessage: null });
  });
});

describe('single product', () => {
  it('sets succeeded with the product', async () => {
    const product = productDetail({ id: 5, slug: 'bond' });
    vi.mocked(getProduct).mockResolvedValue(product);
    await fetchProduct('bond', 'kz');
    expect(getProduct).toHaveBeenCalledWith('bond', 'kz');
    expect($products.get()).toMatchObject({ product, status: 'succeeded', errorMessage: null });
  });

  it('does not go through pending', () => {
    vi.mocked(getProduct).mockReturnValue(new Promise(() => {}));
    void fetchProduct('bond', 'kg');
    expect($products.get().status).toBe('idle');
  });

  it('sets failed with the error text', async () => {
    vi.mocked(getProduct).mockRejectedValue(new Error('Not found.'));
    await fetchProduct('missing', 'kg');
    expect($products.get()).toMatchObject({ product: null, status: 'failed', errorMessage: 'Not found.' });
  });

  it('ignores the answer for an older slug', async () => {
    const older = deferred<ReturnType<typeof productDetail>>();
    vi.mocked(getProduct)
      .mockReturnValueOnce(older.promise)
      .mockResolvedValueOnce(productDetail({ id: 2, slug: 'new' }));
    const first = fetchProduct('old', 'kg');
    await fetchProduct('new', 'kg');
    older.resolve(productDetail({ id: 1, slug: 'old' }));
    await first;
    expect($products.get().product?.slug).toBe('new');
  });
});
