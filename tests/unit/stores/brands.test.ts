import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBrand, listBrands } from '~/lib/api/catalog.ts';
import type { Brand, Paginated } from '~/lib/api/types.ts';
import { $brands, fetchBrand, fetchBrands } from '~/stores/brands.ts';
import { deferred, page } from '../fixtures/products.ts';

vi.mock('~/lib/api/catalog.ts', () => ({ listBrands: vi.fn(), getBrand: vi.fn() }));

const gc: Brand = { id: 1, slug: 'gc', name: 'GC', origin: 'Япония', description: '', logo: null };

afterEach(() => {
  cleanStores($brands);
  $brands.set({ brands: [], brand: null, status: 'idle', errorMessage: null });
  vi.mocked(listBrands).mockReset();
  vi.mocked(getBrand).mockReset();
});

describe('brands store', () => {
  it('goes from idle to pending to succeeded with the list', async () => {
    expect($brands.get().status).toBe('idle');
    const answer = deferred<Paginated<Brand>>();
    vi.mocked(listBrands).mockReturnValue(answer.promise);
    const done = fetchBrands({ category: 'composites' });
    expect($brands.get().status).toBe('pending');
    answer.resolve(page([gc]));
    await done;
    expect($brands.get()).toMatchObject({ brands: [gc], status: 'succeeded' });
    expect(listBrands).toHaveBeenCalledWith({ limit: 100, category: 'composites' });
  });

  it('goes to failed with the error text', async () => {
    vi.mocked(listBrands).mockRejectedValue(new Error('offline'));
    await fetchBrands();
    expect($brands.get()).toMatchObject({ status: 'failed', errorMessage: 'offline' });
  });

  it('loads one brand', async () => {
    vi.mocked(getBrand).mockResolvedValue(gc);
    await fetchBrand(1);
    expect($brands.get()).toMatchObject({ brand: gc, status: 'succeeded' });
  });
});
