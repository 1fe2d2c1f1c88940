import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from '~/server/web/security-headers.ts';

function headersFor(path: string, siteUrl: string, init: Record<string, string> = {}, dev = false): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html', ...init });
  applySecurityHeaders(headers, path, { siteUrl, dev });
  return headers;
}

const ASTRO_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self' 'unsafe-inline'";

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

  it("keeps the policy Astro wrote for a page, and names where violations are reported", () => {
    const headers = headersFor('/kg/', 'http://localhost:4321', { 'Content-Security-Policy': ASTRO_POLICY });
    expect(headers.get('Content-Security-Policy')).toBe(ASTRO_POLICY);
    expect(headers.get('Reporting-Endpoints')).toBe('csp="/api/v1/security/csp_report/"');
  });

  it('gives any answer without a policy one that lets nothing run, except pages under astro dev', () => {
    for (const path of ['/api/v1/docs/', '/api/v1/products/products/', '/kg/login/']) {
      const policy = headersFor(path, 'http://localhost:4321').get('Content-Security-Policy')!;
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).not.toContain('script-src');
      expect(policy, path).toContain('report-uri /api/v1/security/csp_report/');
    }
    expect(headersFor('/kg/', 'http://localhost:4321', {}, true).has('Content-Security-Policy')).toBe(false);
    expect(headersFor('/api/v1/docs/', 'http://localhost:4321', {}, true).get('Content-Security-Policy')).toContain("default-src 'none'");
  });
});
