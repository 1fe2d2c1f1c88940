import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { ensureBooted } from '~/server/boot/boot.ts';
import { SLOW_PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import { runWithRequestSignal } from '~/server/request-scope.ts';
import { env } from '~/server/env.ts';
import { COUNTRY_PATH_PATTERN } from '~/shared/countries.ts';
import { matchesEtag, weakEtag } from '~/server/http/etag.ts';
import { nulCharacterIn } from '~/server/http/nul-characters.ts';
import { logger } from '~/server/logger.ts';
import { errorPageResponse } from '~/server/web/error-page.ts';
import { applySecurityHeaders } from '~/server/web/security-headers.ts';

const COUNTRY_PREFIX = new RegExp(`^/(${COUNTRY_PATH_PATTERN})(/|$)`);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * A cross-site form post to a page is refused (CSRF); the API is exempt because its callers
 * authenticate with a bearer token, which a foreign form cannot send.
 */
function isCrossSiteFormPost(request: Request, url: URL): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || url.pathname.startsWith('/api/')) return false;
  const origin = request.headers.get('origin');
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  return origin !== url.origin && FORM_TYPES.some((t) => type.includes(t));
}

/**
 * Pages take bodies only from their own forms (urlencoded or multipart): anything else sent to a page
 * (JSON, text, no type at all) is a client that mistook the page for an API, answered 400 before a
 * page tries to read it as a form.
 */
function isFormlessPageBody(request: Request, url: URL): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || url.pathname.startsWith('/api/')) return false;
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  return !/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(type);
}

/**
 * Storefront pages have one URL each, with the trailing slash (`/kg/catalog/kompozity/`); `/kg` or
 * `/kg/catalog/kompozity` is sent there permanently, keeping the query, so links and crawlers agree.
 */
function withTrailingSlash(request: Request, url: URL): string | undefined {
  if (!['GET', 'HEAD'].includes(request.method)) return undefined;
  const path = url.pathname;
  if (path.endsWith('/') || !COUNTRY_PREFIX.test(path) || /\.[a-z0-9]+$/i.test(path)) return undefined;
  return `${path}/${url.search}`;
}

/**
 * Every request runs with its client's signal (database work is abandoned once the client has gone),
 * and any error of a page becomes the static error page (500, or 503 when the database cannot be
 * reached), logged as JSON: Astro would otherwise print it as text and answer its `/500` route, which
 * `[country]` takes for a country and answers with the 404 page.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  try {
    return await runWithRequestSignal(context.request.signal, () => handle(context, next));
  } catch (error) {
    return secured(context.url, errorPageResponse(error, context.request));
  }
});

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  // Resolved at once when `npm start` booted before listening; under `astro dev`, the first request boots.
  await ensureBooted();
  if (isCrossSiteFormPost(context.request, context.url)) {
    return new Response('Cross-site form submissions are forbidden.', { status: 403 });
  }
  if (isFormlessPageBody(context.request, context.url)) {
    logger.info(
      { method: context.request.method, path: context.url.pathname.slice(0, 200) },
      'Refused a page request whose body is not a form',
    );
    return secured(
      context.url,
      new Response('Страницы магазина принимают только формы.', {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      }),
    );
  }
  // The API answers these itself (404 or a field error); a page shows its 404 before any page code
  // could hand the character to a query.
  if (!context.url.pathname.startsWith('/api/') && nulCharacterIn(context.url)) {
    logger.info({ path: context.url.pathname.slice(0, 200) }, 'Refused a page address with a NUL character');
    return secured(context.url, await next('/404'));
  }
  const canonicalPath = withTrailingSlash(context.request, context.url);
  if (canonicalPath) {
    return new Response(null, {
      status: 301,
      headers: { Location: canonicalPath, 'Cache-Control': SLOW_PUBLIC_CACHE_CONTROL },
    });
  }
  return withPageEtag(context.request, secured(context.url, await next()));
}

function secured(url: URL, rendered: Response): Response {
  let response = rendered;
  // Responses built by Response.redirect() have immutable headers.
  try {
    response.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    response = new Response(response.body, response);
  }
  applySecurityHeaders(response.headers, url.pathname, { siteUrl: env.SITE_URL, dev: import.meta.env.DEV });
  return response;
}

// A page is rendered whole before it is answered: streamed, its status would leave before the layout's
// queries ran, and a failure there could not become the error page. Publicly cacheable pages get an
// ETag, so a CDN or a returning browser revalidates with a 304 instead of downloading the page again.
// The API sets its own (src/server/api/caching.ts).
async function withPageEtag(request: Request, response: Response): Promise<Response> {
  if (!response.body || !response.headers.get('Content-Type')?.includes('text/html')) return response;
  const body = await response.arrayBuffer();
  const cacheable =
    request.method === 'GET' &&
    response.status === 200 &&
    response.headers.get('Cache-Control')?.startsWith('public') &&
    !response.headers.has('ETag');
  if (!cacheable)
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  const etag = await weakEtag(body);
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  if (matchesEtag(request.headers.get('If-None-Match'), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}
