import { describe, expect, it } from 'vitest';
import { routeGroup } from '../../../src/server/metrics/route-groups.ts';

describe('routeGroup', () => {
  it('names the API group, the storefront section or the kind of file, never the path', () => {
    expect(routeGroup('/api/v1/products/products/?country=kg&search=x')).toBe('api:products');
    expect(routeGroup('/api/v1/accounts/auth/users/me/')).toBe('api:accounts');
    expect(routeGroup('/api/v1/staff/banners/12/')).toBe('api:staff');
    expect(routeGroup('/kg/')).toBe('page:home');
    expect(routeGroup('/kz')).toBe('page:home');
    expect(routeGroup('/')).toBe('page:home');
    expect(routeGroup('/kg/catalog/kompozity/?page=2')).toBe('page:catalog');
    expect(routeGroup('/kz/product/filtek-z250/')).toBe('page:product');
    expect(routeGroup('/kg/account/orders/K-000123/')).toBe('page:account');
    expect(routeGroup('/_astro/page.Bx1c2d.js')).toBe('assets');
    expect(routeGroup('/media/3f9a/640.avif')).toBe('media');
    expect(routeGroup('/staff/')).toBe('back_office');
    expect(routeGroup('/healthz')).toBe('health');
    expect(routeGroup('/metrics?x=1')).toBe('metrics');
    expect(routeGroup('/sitemap.xml')).toBe('seo_files');
  });

  it('puts every address it does not know into a few groups, so a crawler cannot grow the series', () => {
    const unknown = [
      '/wp-login.php',
      '/.env',
      '/api/v2/anything',
      '/api/v1/no-such-group/',
      '/kg/no-such-section/1/',
      '/xx/catalog/',
      '*',
      '',
      undefined,
      `/kg/${'a'.repeat(5000)}`,
    ].map(routeGroup);
    expect(new Set(unknown)).toEqual(new Set(['other', 'api:other', 'page:other']));
  });
});
