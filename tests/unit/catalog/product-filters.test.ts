import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../../src/server/catalog/product-filters.ts';

describe('cacheKey', () => {
  it('ignores property order, value order and undefined properties', () => {
    expect(cacheKey({ country: 'kg', brands: ['b', 'a'], specifications: { x: ['2', '1'] }, search: undefined })).toBe(
      cacheKey({ specifications: { x: ['1', '2'] }, brands: ['a', 'b'], country: 'kg' }),
    );
  });

  it('tells different filters apart', () => {
    expect(cacheKey({ country: 'kg' })).not.toBe(cacheKey({ country: 'kz' }));
    expect(cacheKey({ country: 'kg', category: 'a' })).not.toBe(cacheKey({ country: 'kg', brands: ['a'] }));
  });
});
