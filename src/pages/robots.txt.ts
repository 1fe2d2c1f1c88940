import { SLOW_PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import type { APIRoute } from 'astro';
import { absoluteUrl } from '~/server/site-url.ts';

export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /*/cart/',
      'Disallow: /*/favorites/',
      'Disallow: /*/search/',
      '',
      `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': SLOW_PUBLIC_CACHE_CONTROL } },
  );
