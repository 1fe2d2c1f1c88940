import { describe, expect, it } from 'vitest';
import { applySecurityHeaders } from '~/server/web/security-headers.ts';

function headersFor(path: string, siteUrl: string, init: Record<string, string> = {}, dev = false): Headers {
  const headers = new Headers({ 'Content-Type': 'text/html', ...init });
  applySecurityHeaders(headers, path, { siteUrl, dev });
  return headers;
}

const ASTRO_POLICY =
  "default-src 'self';object-src 'none'; script-src 'self' 'sha256-abc'; style-src 'self' 'unsafe-inline' ;";

describe('security headers', () => {
  it('sends HSTS for a year, subdomains included, on pages and the API when the shop is served over https', () => {
    for (const path of ['/kg/', '/kg/account/', '/api/v1/products/products/', '/sitemap.xml']) {
      expect(headersFor(path, 'https://dental.example').get('Strict-Transport-Security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
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

  it('keeps the policy Astro wrote for a page and adds where violations are reported: report-uri over http', () => {
    const headers = headersFor('/kg/', 'http://localhost:4321', { 'Content-Security-Policy': ASTRO_POLICY });
    expect(headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; object-src 'none'; script-src 'self' 'sha256-abc'; style-src 'self' 'unsafe-inline'; report-uri /api/v1/security/csp_report/",
    );
    // Chrome would follow report-to alone, and sends Reporting API reports to https endpoints only.
    expect(headers.has('Reporting-Endpoints')).toBe(false);
  });

  it('over https, also report-to, with the endpoint named in Reporting-Endpoints', () => {
    const headers = headersFor('/kg/', 'https://dental.example', { 'Content-Security-Policy': ASTRO_POLICY });
    expect(headers.get('Content-Security-Policy')).toMatch(
      /; report-uri \/api\/v1\/security\/csp_report\/; report-to csp$/,
    );
    expect(headers.get('Reporting-Endpoints')).toBe('csp="https://dental.example/api/v1/security/csp_report/"');
    // Applying the headers again (a rewrite) does not repeat the reporting directives.
    applySecurityHeaders(headers, '/kg/', { siteUrl: 'https://dental.example' });
    expect(headers.get('Content-Security-Policy')!.match(/report-uri/g)).toHaveLength(1);
  });

  it('gives any answer without a policy one that lets nothing run, except pages under astro dev', () => {
    for (const path of ['/api/v1/docs/', '/api/v1/products/products/', '/kg/login/']) {
      const policy = headersFor(path, 'http://localhost:4321').get('Content-Security-Policy')!;
      expect(policy, path).toContain("default-src 'none'");
      expect(policy, path).not.toContain('script-src');
      expect(policy, path).toContain('report-uri /api/v1/security/csp_report/');
    }
    expect(headersFor('/kg/', 'http://localhost:4321', {}, true).has('Content-Security-Policy')).toBe(false);
    expect(headersFor('/api/v1/docs/', 'http://localhost:4321', {}, true).get('Content-Security-Policy')).toContain(
      "default-src 'none'",
    );
  });
});
