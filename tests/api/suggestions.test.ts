import { describe, expect, it } from 'vitest';
import { api, qs } from '../helpers/api.ts';

const suggest = (q: string, country = 'kg') => api(`/products/suggestions/?${qs({ q, country })}`);

describe('GET /products/suggestions/', () => {
  it('suggests the products the search would list first, with price and image in the country', async () => {
    const { status, body } = await suggest('филт');
    expect(status).toBe(200);
    expect(body.query).toBe('филт');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(5);
    expect(body.products[0].name).toMatch(/^Filtek/);
    expect(body.products[0]).toMatchObject({ country: 'kg', currency: 'KGS' });
    expect(body.products[0].images.length).toBeGreaterThan(0);
    const results = await api(`/products/products/?${qs({ search: 'филт', country: 'kg', limit: 5 })}`);
    expect(body.products.map((p: { id: number }) => p.id)).toEqual(
      results.body.results.map((p: { id: number }) => p.id),
    );
  });

  it('suggests categories and brands whose names start with the typed words, in either layout or alphabet', async () => {
    expect((await suggest('ортод')).body.categories.map((c: { name: string }) => c.name)).toContain('Ортодонтия');
    expect((await suggest('vtlbr')).body.brands.map((b: { slug: string }) => b.slug)).toContain('medicom');
    expect((await suggest('медиком')).body.brands.map((b: { slug: string }) => b.slug)).toContain('medicom');
    expect((await suggest('ашдеул')).body.products[0].name).toMatch(/^Filtek/);
  });

  it('answers empty lists for an empty text, and nothing for a word no product has', async () => {
    expect((await suggest('')).body).toEqual({ query: '', products: [], categories: [], brands: [] });
    expect((await suggest('квазиголограмма')).body).toMatchObject({ products: [], categories: [], brands: [] });
  });

  it('refuses an unknown country and an over-long text with a 400 in the API style', async () => {
    const country = await suggest('филт', 'xx');
    expect(country.status).toBe(400);
    expect(country.body).toHaveProperty('country');
    const long = await suggest('ф'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.body).toHaveProperty('q');
  });

  it('is public and cacheable, with an ETag', async () => {
    const first = await suggest('композит');
    expect(first.headers.get('cache-control')).toMatch(/public/);
    expect(first.headers.get('etag')).toBeTruthy();
  });
});
