import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listProducts } from '~/lib/api/catalog.ts';
import type { ProductList } from '~/lib/api/types.ts';
import {
  $filters,
  $filtersDraft,
  clearFilters,
  countDraft,
  defaultFilters,
  discardDraft,
  filtersToProductQuery,
  replaceFilters,
  setBrands,
  setOrdering,
  setPriceRange,
  setSpecification,
  toggleBrand,
  toggleSpecificationValue,
} from '~/stores/filters.ts';
import { deferred, page, productItem } from '../fixtures/products.ts';

vi.mock('~/lib/api/catalog.ts', () => ({ listProducts: vi.fn() }));

afterEach(() => {
  discardDraft();
  cleanStores($filters, $filtersDraft);
  $filters.set(defaultFilters());
  vi.mocked(listProducts).mockReset();
});

describe('filters', () => {
  it('defaults to price 0 to 0, all brands, ordering by price and no specifications', () => {
    expect($filters.get()).toEqual({
      priceRange: { minPrice: 0, maxPrice: 0 },
      brands: '',
      ordering: 'price',
      specifications: {},
    });
  });

  it('sets the price range, reading negative or non-numeric bounds as 0', () => {
    setPriceRange({ minPrice: 100, maxPrice: 900 });
    expect($filters.get().priceRange).toEqual({ minPrice: 100, maxPrice: 900 });
    setPriceRange({ minPrice: -1, maxPrice: Number.NaN });
    expect($filters.get().priceRange).toEqual({ minPrice: 0, maxPrice: 0 });
  });

  it('sets brands as a comma-separated string', () => {
    setBrands(['gc', '3m', 'gc']);
    expect($filters.get().brands).toBe('gc,3m');
    setBrands(' ivoclar , ');
    expect($filters.get().brands).toBe('ivoclar');
    setBrands([]);
    expect($filters.get().brands).toBe('');
  });

  it('toggles one brand', () => {
    toggleBrand('gc');
    toggleBrand('3m');
    toggleBrand('gc');
    expect($filters.get().brands).toBe('3m');
  });

  it('sets a known ordering and ignores an unknown one', () => {
    setOrdering('-price');
    expect($filters.get().ordering).toBe('-price');
    setOrdering('drop table');
    expect($filters.get().ordering).toBe('-price');
  });

  it('sets the values of a specification', () => {
    setSpecification('shade', ['A2', 'A3', 'A2']);
    setSpecification('size', ['L']);
    expect($filters.get().specifications).toEqual({ shade: ['A2', 'A3'], size: ['L'] });
  });

  it('removes a specification set to an empty list', () => {
    setSpecification('shade', ['A2']);
    setSpecification('size', ['L']);
    setSpecification('shade', []);
    expect($filters.get().specifications).toEqual({ size: ['L'] });
    expect('shade' in $filters.get().specifications).toBe(false);
  });

  it('toggles one specification value and removes the specification with its last value', () => {
    toggleSpecificationValue('shade', 'A2');
    toggleSpecificationValue('shade', 'A3');
    toggleSpecificationValue('shade', 'A2');
    expect($filters.get().specifications).toEqual({ shade: ['A3'] });
    toggleSpecificationValue('shade', 'A3');
    expect($filters.get().specifications).toEqual({});
  });

  it('clears price range, specifications and brands but keeps the ordering', () => {
    setPriceRange({ minPrice: 10, maxPrice: 20 });
    setBrands('gc');
    setOrdering('name');
    setSpecification('shade', ['A2']);
    clearFilters();
    expect($filters.get()).toEqual({
      priceRange: { minPrice: 0, maxPrice: 0 },
      brands: '',
      ordering: 'name',
      specifications: {},
    });
  });

  it('replaces every filter', () => {
    const next = {
      priceRange: { minPrice: 1, maxPrice: 2 },
      brands: 'gc',
      ordering: '-name' as const,
      specifications: { a: ['1'] },
    };
    replaceFilters(next);
    expect($filters.get()).toEqual(next);
    expect($filters.get().specifications).not.toBe(next.specifications);
  });

  it('builds the product list query from the filters and the page', () => {
    setPriceRange({ minPrice: 0, maxPrice: 500 });
    setBrands('gc');
    setSpecification('shade', ['A2']);
    expect(filtersToProductQuery($filters.get(), { country: 'kg', slug: 'composites', page: 2 })).toEqual({
      country: 'kg',
      slug: 'composites',
      page: 2,
      priceFrom: undefined,
      priceTo: 500,
      brand: 'gc',
      ordering: 'price',
      specifications: { shade: ['A2'] },
    });
  });
});

describe('filters draft', () => {
  const shadeFacets = {
    price: { min: '100.00', max: '900.00' },
    brands: [{ id: 1, slug: 'gc', name: 'GC', count: 3 }],
    specifications: [
      { id: 5, slug: 'shade', name: 'Оттенок', unit: null, kind: 'text' as const, values: [{ value: 'A2', count: 3 }] },
    ],
  };
  const answer = (count: number): ProductList => ({ ...page([productItem()], count), facets: shadeFacets });

  it('counts what the filters leave in the listing, asking for one product and the facets', async () => {
    vi.mocked(listProducts).mockResolvedValue(answer(7));
    setBrands('gc');
    await countDraft({ country: 'kz', category: 'composites', search: '' });
    expect(listProducts).toHaveBeenCalledWith(
      expect.objectContaining({ country: 'kz', slug: 'composites', brand: 'gc', limit: 1, facets: true }),
    );
    expect(vi.mocked(listProducts).mock.calls[0]![0].search).toBeUndefined();
    expect($filtersDraft.get()).toEqual({ result: { count: 7, facets: shadeFacets }, failed: false });
  });

  it('keeps the answer to the latest count when an older one arrives later', async () => {
    const older = deferred<ProductList>();
    const newer = deferred<ProductList>();
    vi.mocked(listProducts).mockReturnValueOnce(older.promise).mockReturnValueOnce(newer.promise);
    const first = countDraft({ country: 'kg' });
    const second = countDraft({ country: 'kg' });
    newer.resolve(answer(2));
    older.resolve(answer(40));
    await Promise.all([first, second]);
    expect($filtersDraft.get().result?.count).toBe(2);
  });

  it('marks a failed count and keeps the last answer', async () => {
    vi.mocked(listProducts).mockResolvedValueOnce(answer(5)).mockRejectedValueOnce(new Error('offline'));
    await countDraft({ country: 'kg' });
    await countDraft({ country: 'kg' });
    expect($filtersDraft.get()).toEqual({ result: { count: 5, facets: shadeFacets }, failed: true });
  });

  it('on a brand page, asks within the brand and offers specifications only once a category is chosen', async () => {
    vi.mocked(listProducts).mockResolvedValue(answer(4));
    await countDraft({ country: 'kz', brand: '3m' });
    expect(listProducts).toHaveBeenLastCalledWith(expect.objectContaining({ brand: '3m', slug: undefined }));
    expect($filtersDraft.get().result?.facets.specifications).toEqual([]);

    $filters.setKey('category', 'composites');
    await countDraft({ country: 'kz', brand: '3m' });
    expect(listProducts).toHaveBeenLastCalledWith(expect.objectContaining({ brand: '3m', slug: 'composites' }));
    expect($filtersDraft.get().result?.facets.specifications).toEqual(shadeFacets.specifications);
  });

  it('forgets the draft and ignores a count still on its way once discarded', async () => {
    const late = deferred<ProductList>();
    vi.mocked(listProducts).mockResolvedValueOnce(answer(3)).mockReturnValueOnce(late.promise);
    await countDraft({ country: 'kg' });
    const pending = countDraft({ country: 'kg' });
    discardDraft();
    late.resolve(answer(9));
    await pending;
    expect($filtersDraft.get()).toEqual({ result: null, failed: false });
  });
});
