import { describe, expect, it } from 'vitest';
import { loadListing } from '../../src/server/web/listing.ts';
import { pageNumberParam } from '../../src/server/web/page-input.ts';

const params = (query: string) => new URLSearchParams(query);

describe('page inputs', () => {
  it('a listing with a page number past any catalog answers nothing, without a query', async () => {
    for (const page of ['99999999999999999999', '1e30', '10001', '0', '-1', '2.5', 'abc', '']) {
      await expect(loadListing({ country: 'kg', searchParams: params(`page=${page}`) }), page).resolves.toBeNull();
      await expect(
        loadListing({ country: 'kg', category: 'kompozity', searchParams: params(`q=a&page=${page}`) }),
        page,
      ).resolves.toBeNull();
    }
  });

  it('a listing with a page number in range still loads', async () => {
    const listing = await loadListing({ country: 'kg', searchParams: params('page=1') });
    expect(listing).toMatchObject({ page: 1 });
    expect(listing!.count).toBeGreaterThan(0);
  });

  it('reads ?page= as a whole number from 1 to 10,000, 1 when absent', () => {
    expect(pageNumberParam(params(''))).toBe(1);
    expect(pageNumberParam(params('page=7'))).toBe(7);
    expect(pageNumberParam(params('page=10000'))).toBe(10_000);
    expect(pageNumberParam(params('page=10001'))).toBeNull();
    expect(pageNumberParam(params('page=007'))).toBe(7);
  });
});
