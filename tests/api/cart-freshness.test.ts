/**
 * What a buyer decides on is read fresh (issue 35, item 3): products looked up by id (the cart's and
 * checkout's) answer `public, no-cache` with an ETag, so a browser asks again each time (a 304 while
 * unchanged) instead of showing a minute-old stock; other public lists stay a minute fresh.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';

describe('cart and checkout lookups', () => {
  it('GET /products/products/?ids= answers public, no-cache with an ETag, and 304 to it while unchanged', async () => {
    const rows = await dbRows<{ id: number }>(
      sql`select product_id as id from product_offers where country = 'kg' order by product_id limit 2`,
    );
    const path = `/products/products/?is_active=true&ids=${rows.map((r) => r.id).join(',')}&limit=2&country=kg`;
    const first = await api(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await api(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const list = await api('/products/products/?country=kg&limit=2');
    expect(list.headers.get('cache-control')).toMatch(/max-age=60/);
  });
});
