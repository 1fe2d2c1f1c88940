import type { APIRoute } from 'astro';
import { renderSitemapIndex } from '~/server/web/sitemap.ts';

export const GET: APIRoute = () =>
  new Response(renderSitemapIndex(), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
