/**
 * The security headers of every answer the shop's middleware sees (pages and the API), in one place
 * so they can be tested without Astro.
 */

// Scripts stay 'unsafe-inline' because Astro's ClientRouter and island loaders are inline scripts
// that Astro's hash-based CSP does not support; everything else is locked to this origin.
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** A year, subdomains included: once a browser has seen it over https, it never tries http again. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** The shop's public URL (`SITE_URL`): HSTS is sent only when it is https. */
  siteUrl: string;
}

export function applySecurityHeaders(headers: Headers, path: string, options: SecurityHeaderOptions): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (options.siteUrl.startsWith('https:')) headers.set('Strict-Transport-Security', HSTS);
  if (!path.startsWith('/api/') || path.startsWith('/api/v1/docs')) headers.set('Content-Security-Policy', CSP);
}
