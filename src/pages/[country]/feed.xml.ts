import { PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import type { APIRoute } from 'astro';
import { isCountryCode } from '~/shared/countries.ts';
import { renderFeed } from '~/server/web/feed.ts';

/** The Atom feed of news and articles, linked from every page's head. */
export const GET: APIRoute = async ({ params }) => {
  if (!isCountryCode(params.country))
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(await renderFeed(params.country), {
    headers: {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': PUBLIC_CACHE_CONTROL,
    },
  });
};
