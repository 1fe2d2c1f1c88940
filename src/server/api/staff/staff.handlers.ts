import { CACHE_SCOPES, invalidate } from '../../cache/invalidation.ts';
import { requireStaff } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import type * as routes from './staff.routes.ts';

export const invalidateCaches: AppRouteHandler<typeof routes.invalidateCaches> = async (c) => {
  await requireStaff(c);
  const { scope } = c.req.valid('json');
  const scopes = scope === 'all' ? [...CACHE_SCOPES] : [scope];
  for (const s of scopes) await invalidate(s);
  return c.json({ invalidated: scopes }, 200);
};
