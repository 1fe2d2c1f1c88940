import type { RouteConfig } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { requireStaff } from './auth.ts';
import { createRouter, type AppEnv } from './create-router.ts';

/** Staff only: 401 without a valid token, 403 for an account that is not staff, before anything else is read. */
export const staffOnly = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', await requireStaff(c));
  await next();
});

/**
 * A router whose every route is staff-only, checked once here for all of them: `staffOnly` runs on
 * each route's path (given as the OpenAPI contracts declare it) before validation and the handler.
 * Path-bound, so the public routes other routers serve under the same prefix stay public.
 */
export function createStaffRouter(routes: readonly Pick<RouteConfig, 'path'>[]) {
  const router = createRouter();
  for (const path of new Set(routes.map((route) => route.path.replace(/\{(\w+)\}/g, ':$1'))))
    router.use(path, staffOnly);
  return router;
}
