/**
 * The security headers of every answer the shop's middleware sees (pages and the API), in one place
 * so they can be tested without Astro.
 */
import { HSTS } from '../http/request-guard.ts';
import { cspReporting, FALLBACK_CSP } from './csp.ts';

export interface SecurityHeaderOptions {
  /** The shop's public URL (`SITE_URL`): HSTS is sent only when it is https. */
  siteUrl: string;
  /** `astro dev`, where Astro writes no CSP (its dev server injects inline scripts): pages get none. */
  dev?: boolean;
}

export function applySecurityHeaders(headers: Headers, path: string, options: SecurityHeaderOptions): void {
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('X-Frame-Options', 'DENY');
  if (options.siteUrl.startsWith('https:')) headers.set('Strict-Transport-Security', HSTS);
  // Pages carry the policy Astro wrote for them (src/server/web/csp.ts); anything else gets the
  // fallback, which lets nothing run. Both report their violations.
  const page = !path.startsWith('/api/');
  const policy = headers.get('Content-Security-Policy') ?? (options.dev && page ? null : FALLBACK_CSP);
  if (policy === null) return;
  const reported = withReporting(policy, options.siteUrl);
  headers.set('Content-Security-Policy', reported.policy);
  if (reported.endpoints) headers.set('Reporting-Endpoints', reported.endpoints);
}

// The same few policies come back on every answer (the API's fallback, a page's hashes): each is rewritten once.
const rewritten = new Map<string, { policy: string; endpoints?: string }>();
const REWRITTEN_MAX = 500;

/** `policy` with its own reporting directives replaced by the shop's, and the endpoints they name. */
function withReporting(policy: string, siteUrl: string): { policy: string; endpoints?: string } {
  const key = `${siteUrl}\n${policy}`;
  let result = rewritten.get(key);
  if (result === undefined) {
    const reporting = cspReporting(siteUrl);
    const directives = policy
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive && !/^report-(uri|to)\b/.test(directive));
    result = { policy: [...directives, ...reporting.directives].join('; '), endpoints: reporting.endpoints };
    if (rewritten.size >= REWRITTEN_MAX) rewritten.clear();
    rewritten.set(key, result);
  }
  return result;
}
