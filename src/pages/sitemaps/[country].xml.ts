import { SLOW_PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import type { APIRoute } from 'astro';
import { isCountryCode } from '~/shared/countries.ts';
import { renderCountrySitemap } from '~/server/web/sitemap.ts';

export const GET: APIRoute = async ({ params }) => {
  if (!isCountryCode(params.country)) return new Response('Not found', { status: 404 });
  return new Response(await renderCountrySitemap(params.country), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SLOW_PUBLIC_CACHE_CONTROL },
  });
};
