import type { APIRoute } from 'astro';
import { MEDIA_KEY, mediaVariantUrl } from '~/shared/media.ts';
import { mediaNotFound, mediaRedirect } from '~/server/web/media-answers.ts';

// A stored photo's own address (`/media/<key>`, what a product's `images` hold, and so what API clients,
// mails and feeds see) leads to its largest size.
export const GET: APIRoute = ({ params }) =>
  MEDIA_KEY.test(params.key ?? '') ? mediaRedirect(mediaVariantUrl(params.key!, 1280, 'webp')) : mediaNotFound();
