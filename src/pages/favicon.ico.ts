import { SLOW_PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import type { APIRoute } from 'astro';

// Browsers, feed readers and crawlers ask for /favicon.ico whatever the page says: the shop's icon is an
// SVG, so they are sent there instead of a 404 in every log.
export const GET: APIRoute = () =>
  new Response(null, {
    status: 301,
    headers: { Location: '/favicon.svg', 'Cache-Control': SLOW_PUBLIC_CACHE_CONTROL },
  });
