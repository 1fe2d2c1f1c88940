import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { accountsRouter } from './accounts/accounts.index.ts';
import { clinicsRouter } from './clinics/clinics.index.ts';
import { availabilityRouter } from './availability/availability.index.ts';
import { limitBodySize } from './body-size.ts';
import { httpCaching } from './caching.ts';
import { importsRouter } from './imports/imports.index.ts';
import { exchangeRouter, exchangeStaffRouter } from './exchange/exchange.index.ts';
import { coreRouter } from './core/core.index.ts';
import type { AppEnv } from './create-router.ts';
import { devOutboxRouter, isDevOutboxEnabled } from './dev-outbox.ts';
import { renderDocsPage } from './docs-page.ts';
import { toApiError } from './to-api-error.ts';
import { rejectNulCharacters } from './nul-guard.ts';
import { notificationsRouter } from './notifications/notifications.index.ts';
import { ordersRouter } from './orders/orders.index.ts';
import { productsRouter } from './products/products.index.ts';
import { seoRouter } from './seo/seo.index.ts';
import { servicesRouter } from './services/services.index.ts';
import { securityRouter } from './security/security.index.ts';
import { staffRouter } from './staff/staff.index.ts';
import { backOfficeRouter } from './back-office/back-office.index.ts';
import { staffContentRouter } from './staff-content/staff-content.index.ts';
import { staffJournalRouter } from './staff-journal/staff-journal.index.ts';
import { staffClinicsRouter } from './staff-clinics/staff-clinics.index.ts';

import { API_BASE } from './urls.ts';

export { API_BASE };

const groups = [
  accountsRouter,
  productsRouter,
  coreRouter,
  notificationsRouter,
  ordersRouter,
  clinicsRouter,
  seoRouter,
  servicesRouter,
  staffRouter,
  backOfficeRouter,
  staffContentRouter,
  staffJournalRouter,
  staffClinicsRouter,
  importsRouter,
  availabilityRouter,
  securityRouter,
  exchangeRouter,
  exchangeStaffRouter,
];

const DOCUMENT_CONFIG = {
  openapi: '3.0.3',
  info: {
    title: 'Dental shop API',
    version: '1',
    description:
      'REST API of the dental shop, in the style of Django REST Framework: trailing slashes, snake_case, `{count, next, previous, results}` lists with `limit`/`offset`, errors as `{field: [messages]}` (400) or `{detail}`.',
  },
};

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ strict: true }).basePath(API_BASE);
  app.use('*', limitBodySize);
  app.use('*', rejectNulCharacters);
  app.use('*', httpCaching);
  for (const group of groups) app.route('/', group);
  if (isDevOutboxEnabled()) app.route('/', devOutboxRouter);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `access` token from `accounts/auth/jwt/create/`.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'basicAuth', {
    type: 'http',
    scheme: 'basic',
    description: "1C's exchange: a staff account's email and password (the account needs the exchange permission).",
  });
  app.doc('/schema/', DOCUMENT_CONFIG);
  app.get('/docs/', (c) => c.html(renderDocsPage(app.getOpenAPIDocument(DOCUMENT_CONFIG))));

  app.notFound(
    (c) => appendSlash(app.routes, c) ?? methodNotAllowed(app.routes, c) ?? c.json({ detail: 'Not found.' }, 404),
  );
  app.onError(toApiError);
  return app;
}

// DRF clients always send the trailing slash; anyone who forgets it is sent to the canonical path
// (308 keeps the method and body).
function appendSlash(routes: { method: string; path: string }[], c: Context): Response | undefined {
  const path = c.req.path;
  if (path.endsWith('/') || !routes.some((route) => route.method !== 'ALL' && routeMatches(route.path, `${path}/`)))
    return undefined;
  const url = new URL(c.req.url);
  return c.redirect(`${path}/${url.search}`, 308);
}

// Hono answers 404 for a known path with an unsupported method; DRF clients expect 405.
function methodNotAllowed(routes: { method: string; path: string }[], c: Context): Response | undefined {
  const allowed = new Set<string>();
  for (const route of routes) {
    if (route.method === 'ALL' || !routeMatches(route.path, c.req.path)) continue;
    allowed.add(route.method);
  }
  if (!allowed.size) return undefined;
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  if (c.req.method === 'OPTIONS') {
    return c.body(null, 200, { Allow: [...allowed].join(', ') });
  }
  return c.json({ detail: `Method "${c.req.method}" not allowed.` }, 405, { Allow: [...allowed].join(', ') });
}

function routeMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .replace(/[.+?^$()[\]\\|]/g, '\\$&')
      .replace(/:[\w]+(\{[^}]*\})?/g, '[^/]+')
      .replace(/\*/g, '.*')}$`,
  );
  return regex.test(path);
}

let instance: ReturnType<typeof createApp> | undefined;

/** The API app, built once per process. */
export function getApp() {
  instance ??= createApp();
  return instance;
}

/** The OpenAPI document `GET /api/v1/schema/` serves, built in process (`npm run api:types` reads it). */
export function getOpenApiDocument() {
  return getApp().getOpenAPIDocument(DOCUMENT_CONFIG);
}
