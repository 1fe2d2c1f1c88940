import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Hook, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { User } from '../accounts/users.queries.ts';
import { zodIssuesToFields } from './zod-issues.ts';

z.config(z.locales.ru());

export interface AppEnv {
  /** What the Astro endpoint passes to `app.fetch(request, bindings)`. */
  Bindings: { clientAddress?: string };
  /** Set by the `signedIn` middleware (`auth.ts`) on groups that need an account. */
  Variables: { user?: User };
}

// Every router shares one validation hook so a bad query or body always answers DRF's 400
// `{field: [messages]}` shape. A path that names nothing (`/core/banners/abc/`) is a 404, as DRF's
// `get_object_or_404` answers it.
const defaultHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  if (result.target === 'param') return c.json({ detail: 'Not found.' }, 404);
  return c.json(zodIssuesToFields(result.error.issues), 400);
};

/** A router for one API group; paths keep the trailing slash the brief's clients send (`strict`). */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({ strict: true, defaultHook });
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
