import { describe, expect, it } from 'vitest';
import { getProduct } from '../../src/server/catalog/products.queries.ts';
import { signedIn, STAFF, login } from '../helpers/accounts.ts';
import { api } from '../helpers/api.ts';

describe('POST /staff/cache/invalidate/', () => {
  it('POST /staff/cache/invalidate/ answers 401 without a token and 403 for a customer', async () => {
    expect((await api('/staff/cache/invalidate/', { method: 'POST', json: {} })).status).toBe(401);
    const { tokens } = await signedIn();
    const { status, body } = await api('/staff/cache/invalidate/', { method: 'POST', json: {}, token: tokens.access });
    expect(status).toBe(403);
    expect(body.detail).toBeTypeOf('string');
  });

  it('POST /staff/cache/invalidate/ refuses an unknown scope', async () => {
    const { access } = await login(STAFF.email, STAFF.password);
    const { status, body } = await api('/staff/cache/invalidate/', {
      method: 'POST',
      json: { scope: 'everything' },
      token: access,
    });
    expect(status).toBe(400);
    expect(body.scope).toHaveLength(1);
  });

  it('POST /staff/cache/invalidate/ empties the catalog caches for staff', async () => {
    const { access } = await login(STAFF.email, STAFF.password);
    const slug = (await api('/products/products/?limit=1')).body.results[0].slug;
    const before = await getProduct(slug, 'kg');
    expect(await getProduct(slug, 'kg')).toBe(before);
    const { status, body } = await api('/staff/cache/invalidate/', {
      method: 'POST',
      json: { scope: 'catalog' },
      token: access,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ invalidated: ['catalog'] });
    // A new read, not the memoised object.
    expect(await getProduct(slug, 'kg')).not.toBe(before);
    expect((await api('/staff/cache/invalidate/', { method: 'POST', json: {}, token: access })).body).toEqual({
      invalidated: ['catalog', 'content'],
    });
  });
});
