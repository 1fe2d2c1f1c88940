import { CSP_REPORT_TYPES, logCspReports } from '../../security/csp-reports.ts';
import { clientIp } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import type * as routes from './security.routes.ts';

export const cspReport: AppRouteHandler<typeof routes.cspReport> = async (c) => {
  const type = c.req.header('Content-Type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(CSP_REPORT_TYPES as readonly string[]).includes(type))
    return c.json({ detail: `Unsupported media type "${type}" in request.` }, 415);
  await logCspReports(clientIp(c), await c.req.text());
  return c.body(null, 204);
};
