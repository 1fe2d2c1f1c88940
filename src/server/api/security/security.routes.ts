import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';

const tags = ['Security'];

// Plain OpenAPI schemas, not zod: browsers send these bodies with their own media types, which the
// handler reads leniently (a report with an unknown field is still logged).
const legacyReport = {
  type: 'object' as const,
  description:
    '`report-uri`: `{"csp-report": {"document-uri", "blocked-uri", "effective-directive", "source-file", "line-number", "script-sample"}}`',
};
const reportingApiReports = {
  type: 'array' as const,
  description:
    '`report-to` (Reporting API): `[{"type": "csp-violation", "url", "body": {"documentURL", "blockedURL", "effectiveDirective", "sourceFile", "lineNumber", "sample"}}]`',
  items: { type: 'object' as const },
};

export const cspReport = createRoute({
  method: 'post',
  path: '/security/csp_report/',
  operationId: 'security_csp_report_create',
  tags,
  summary: "Where browsers report violations of the pages' Content-Security-Policy; each is logged as a warning",
  description:
    'At most 20 reports per 10 minutes from one address and 300 from everyone together; more are refused with 429 and not logged.',
  request: {
    body: {
      content: {
        'application/csp-report': { schema: legacyReport },
        'application/reports+json': { schema: reportingApiReports },
      },
      required: true,
    },
  },
  responses: {
    204: { description: 'Logged' },
    400: jsonContent(fieldErrorsSchema, 'Not a CSP report'),
    415: jsonContent(detailSchema, 'Not a report media type'),
    429: jsonContent(detailSchema, 'Too many reports; see the Retry-After header'),
  },
});
