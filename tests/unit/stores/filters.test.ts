import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import {
  $filters,
  clearFilters,
  defaultFilters,
  filtersToProductQuery,
  replaceFilters,
  setBrands,
  setOrdering,
  setPriceRange,
  setSpecification,
  toggleBrand,
  toggleSpecificationValue,
} from '~/stores/filters.ts';

afterEach(() => {
  cleanStores($filters);
  $filters.set(defaultFilters());
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
