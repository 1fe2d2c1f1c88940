/**
 * Content-Security-Policy violation reports that browsers send to `POST /api/v1/security/csp_report/`:
 * the old `report-uri` shape (`application/csp-report`, `{"csp-report": {...}}`) and the Reporting
 * API's (`application/reports+json`, `[{type: "csp-violation", body: {...}}]`). Each is logged as one
 * warning, within a rate limit, and without anything secret in it: the page's address loses its query,
 * and the tokens of mailed links in its path.
 */
import { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { logger } from '../logger.ts';
import { consumeRateLimits, type RateLimit } from './rate-limit.ts';

/** Reports are diagnostics: per address, and from everyone together, a flood is refused rather than logged. */
export const CSP_REPORT_LIMITS = {
  perIp: { name: 'csp-report:ip', max: 20, windowSeconds: 600 },
  all: { name: 'csp-report:all', max: 300, windowSeconds: 600 },
} as const satisfies Record<string, RateLimit>;

/** The media types the endpoint reads. */
export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'] as const;

/** What a logged violation says, each text at most {@link MAX_TEXT} characters. */
export interface CspViolation {
  document: string;
  blocked: string;
  directive: string;
  source?: string;
  line?: number;
  sample?: string;
}

const MAX_TEXT = 300;
const MAX_REPORTS = 10;

const text = z.string().optional().catch(undefined);
const number = z.number().optional().catch(undefined);

const legacyReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'blocked-uri': text,
    'effective-directive': text,
    'violated-directive': text,
    'source-file': text,
    'line-number': number,
    'script-sample': text,
  }),
});

const reportingApiReport = z.object({
  type: z.literal('csp-violation'),
  url: text,
  body: z.object({
    documentURL: text,
    blockedURL: text,
    effectiveDirective: text,
    sourceFile: text,
    lineNumber: number,
    sample: text,
  }),
});

/** An address without its query and fragment, and a mailed link's path without its uid and token. */
function redactUrl(value: string | undefined): string {
  if (!value) return '';
  let result = value;
  try {
    const url = new URL(value);
    result = `${url.origin}${url.pathname}`;
  } catch {
    // Not a URL: `inline`, `eval`, `self`... kept as it is.
  }
  return result.replace(/\/(activate|password\/reset|email\/reset)\/[^/]+\/[^/]+/, '/$1/…/…').slice(0, MAX_TEXT);
}

function clip(value: string | undefined): string | undefined {
  return value === undefined ? undefined : value.slice(0, MAX_TEXT);
}

/**
 * The violations of a report body, in either shape; reports of other types are left out.
 * @throws ValidationError when the body is not JSON of a known shape.
 */
export function parseCspReports(body: string): CspViolation[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new ValidationError({ non_field_errors: ['Ожидается отчёт о нарушении CSP в формате JSON.'] });
  }
  const legacy = legacyReport.safeParse(data);
  if (legacy.success) {
    const r = legacy.data['csp-report'];
    return [
      {
        document: redactUrl(r['document-uri']),
        blocked: redactUrl(r['blocked-uri']),
        directive: clip(r['effective-directive'] ?? r['violated-directive']) ?? '',
        source: r['source-file'] === undefined ? undefined : redactUrl(r['source-file']),
        line: r['line-number'],
        sample: clip(r['script-sample']),
      },
    ];
  }
  if (Array.isArray(data)) {
    return data
      .slice(0, MAX_REPORTS)
      .flatMap((item) => {
        const report = reportingApiReport.safeParse(item);
        return report.success ? [report.data] : [];
      })
      .map(({ url, body: r }) => ({
        document: redactUrl(r.documentURL ?? url),
        blocked: redactUrl(r.blockedURL),
        directive: clip(r.effectiveDirective) ?? '',
        source: r.sourceFile === undefined ? undefined : redactUrl(r.sourceFile),
        line: r.lineNumber,
        sample: clip(r.sample),
      }));
  }
  throw new ValidationError({ non_field_errors: ['Неизвестный формат отчёта о нарушении CSP.'] });
}

/**
 * Logs the violations a client reported, one warning each, if the client and everyone together are
 * within the limits.
 * @throws RateLimitError (nothing is logged then), ValidationError for a body of no known shape.
 */
export async function logCspReports(ip: string, body: string): Promise<void> {
  await consumeRateLimits([
    [CSP_REPORT_LIMITS.perIp, ip],
    [CSP_REPORT_LIMITS.all, 'all'],
  ]);
  for (const violation of parseCspReports(body)) logger.warn({ csp: violation }, 'Content-Security-Policy violation');
}
