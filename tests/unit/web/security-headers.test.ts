import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from '~/server/web/security-headers.ts';

function headersFor(path: string, siteUrl: string): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html' });
  applySecurityHeaders(headers, path, { siteUrl });
  return headers;
}

describe('security headers', () => {
  it('sends HSTS for a year, subdomains included, on pages and the API when the shop is served over https', () => {
    for (const path of ['/kg/', '/kg/account/', '/api/v1/products/products/', '/sitemap.xml']) {
      expect(headersFor(path, 'https://dental.example').get('Strict-Transport-Security'), path).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sends no HSTS when SITE_URL is plain http (development, tests)', () => {
    expect(headersFor('/kg/', 'http://localhost:4321').has('Strict-Transport-Security')).toBe(false);
  });

  it('forbids sniffing, framing and full referrers everywhere', () => {
    const headers = headersFor('/api/v1/products/products/', 'http://localhost:4321');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('DENY');
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });
});
