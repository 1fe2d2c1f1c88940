import { SLOW_PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import type { APIRoute } from 'astro';
import { renderSitemapIndex } from '~/server/web/sitemap.ts';

export const GET: APIRoute = () =>
  new Response(renderSitemapIndex(), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SLOW_PUBLIC_CACHE_CONTROL },
  });
