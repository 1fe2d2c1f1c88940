import type { APIRoute } from 'astro';
import { MEDIA_KEY, mediaVariantUrl } from '~/shared/media.ts';

// A stored photo's own address (`/media/<key>`, what a product's `images` hold, and so what API clients,
// mails and feeds see) leads to its largest size.
export const GET: APIRoute = ({ params }) =>
  MEDIA_KEY.test(params.key ?? '')
    ? new Response(null, {
        status: 301,
        headers: {
          Location: mediaVariantUrl(params.key!, 1280, 'webp'),
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      })
    : new Response('Нет такого фото.', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
      });
