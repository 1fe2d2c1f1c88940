/**
 * The Content-Security-Policy of the shop's pages. Astro writes it (`security.csp` in
 * astro.config.mjs) as a response header, with `script-src 'self'` and the hashes of every inline
 * script it emits (island loaders, the astro-island element); our own inline script, the header's
 * pre-paint session mark, is hashed here. Scripts never run inline otherwise: no 'unsafe-inline'.
 *
 * No 'strict-dynamic': it would make browsers ignore 'self', and Astro's own `<script type="module"
 * src="/_astro/...">` tags carry neither a nonce nor an integrity hash, so every page script would be
 * blocked. Styles keep 'unsafe-inline' (React style attributes, Astro's island styles).
 */
import { createHash } from 'node:crypto';

/** Where browsers send violation reports (`report-uri`, and `report-to` through `Reporting-Endpoints`). */
export const CSP_REPORT_PATH = '/api/v1/security/csp_report/';
/** The Reporting API endpoint name the policy's `report-to` refers to. */
export const CSP_REPORT_GROUP = 'csp';

/**
 * Every directive of the page policy besides `script-src` and `style-src`, which Astro writes, and
 * the reporting ones, which depend on the deployment ({@link cspReporting}).
 */
export const PAGE_CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
] as const;

/**
 * The policy of any answer Astro wrote none for (API answers, redirects, the API reference page,
 * which has inline styles and no script): nothing may load or run.
 */
export const FALLBACK_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/**
 * Where a policy sends its violations, for a shop at `siteUrl`: `report-uri` always (Firefox, Safari,
 * and Chrome over http); over https also `report-to`, with the `Reporting-Endpoints` header naming
 * the endpoint. Chrome follows `report-to` alone when it is there, and its Reporting API sends to https
 * endpoints only, so over http `report-to` would silence Chrome's reports altogether.
 */
export function cspReporting(siteUrl: string): { directives: string[]; endpoints?: string } {
  const directives = [`report-uri ${CSP_REPORT_PATH}`];
  if (!siteUrl.startsWith('https:')) return { directives };
  return {
    directives: [...directives, `report-to ${CSP_REPORT_GROUP}`],
    endpoints: `${CSP_REPORT_GROUP}="${new URL(CSP_REPORT_PATH, siteUrl).href}"`,
  };
}

/** A CSP source for an inline script: `sha256-<base64>` of its exact text. */
export function scriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}
