/**
 * What the photo routes (`pages/media/`) answer besides a photo. Each photo has one address per size
 * (`shared/media.ts`): any other spelling is 404 and a query string leads to the address without it,
 * so neither makes another entry of the response cache (`http/response-cache.ts`), which keeps only 200s.
 */

const YEAR = 'public, max-age=31536000, immutable';

export function mediaNotFound(): Response {
  return new Response('Нет такого фото.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}

/** A permanent redirect to `path`, a photo's own address (what never changes is cached for a year). */
export function mediaRedirect(path: string): Response {
  return new Response(null, { status: 301, headers: { Location: path, 'Cache-Control': YEAR } });
}
