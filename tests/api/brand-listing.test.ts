import { describe, expect, it } from 'vitest';
import { listProducts } from '../../src/server/catalog/products.queries.ts';
import { loadListing } from '../../src/server/web/listing.ts';

const params = (query: string) => new URLSearchParams(query);

describe('a brand page listing', () => {
  it('offers the brand’s categories with counts first, and no specifications until one is chosen', async () => {
    const listing = (await loadListing({ country: 'kz', brand: '3m', searchParams: params('') }))!;
    expect(listing.categories!.length).toBeGreaterThan(1);
    expect(listing.categories!.reduce((n, c) => n + c.count, 0)).toBe(listing.count);
    const counts = listing.categories!.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(listing.facets.specifications).toEqual([]);
  });

  it('narrows to a chosen category, whose specifications it then offers', async () => {
    const listing = (await loadListing({ country: 'kz', brand: '3m', searchParams: params('category=kompozity') }))!;
    const expected = await listProducts({ country: 'kz', brands: ['3m'], category: 'kompozity', limit: 1, offset: 0 });
    expect(listing.filters.category).toBe('kompozity');
    expect(listing.count).toBe(expected.count);
    expect(listing.facets.specifications.length).toBeGreaterThan(0);
    // The other categories stay offered, with what choosing them would give.
    expect(listing.categories!.find((c) => c.slug === 'kompozity')!.count).toBe(expected.count);
    expect(listing.categories!.length).toBeGreaterThan(1);
  });

  it('drops an unknown category from a stale link with a notice', async () => {
    const listing = (await loadListing({
      country: 'kz',
      brand: '3m',
      searchParams: params('category=no-such-category'),
    }))!;
    expect(listing.filters.category).toBeUndefined();
    expect(listing.notice).toBeTruthy();
    expect(listing.count).toBeGreaterThan(0);
  });

  it('ignores ?category= on a category page, whose category is its path', async () => {
    const listing = (await loadListing({
      country: 'kz',
      category: 'kompozity',
      searchParams: params('category=adgezivy'),
    }))!;
    expect(listing.filters.category).toBeUndefined();
    expect(listing.categories).toBeUndefined();
  });
});
