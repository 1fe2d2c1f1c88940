import type { APIRoute } from 'astro';
import {
  MEDIA_FORMATS,
  MEDIA_TYPES,
  MEDIA_WIDTHS,
  mediaVariantUrl,
  type MediaFormat,
  type MediaWidth,
} from '~/shared/media.ts';
import { mediaVariant } from '~/server/media/media.service.ts';
import { mediaNotFound, mediaRedirect } from '~/server/web/media-answers.ts';

// A stored photo at one of its sizes: `/media/<key>/<width>.<format>`. The key names the content, so the
// answer never changes: browsers and a proxy keep it for a year.
const FILE = /^(\d+)\.([a-z]+)$/;

export const GET: APIRoute = async ({ params, url }) => {
  const [, width, format] = FILE.exec(params.file ?? '') ?? [];
  if (
    !MEDIA_WIDTHS.includes(Number(width) as MediaWidth) ||
    !MEDIA_FORMATS.includes(format as MediaFormat) ||
    !params.key
  )
    return mediaNotFound();
  // One address per photo and size: the response cache keeps each address apart, so `01280.avif`, a
  // trailing slash or a query string must not make another copy of the same bytes.
  const canonical = mediaVariantUrl(params.key, Number(width) as MediaWidth, format as MediaFormat);
  if (url.pathname !== canonical) return mediaNotFound();
  // `url.search` is empty for a bare `?`, which still makes another key.
  if (url.href.includes('?')) return mediaRedirect(canonical);
  const data = await mediaVariant(params.key, Number(width) as MediaWidth, format as MediaFormat);
  if (!data) return mediaNotFound();
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': MEDIA_TYPES[format as MediaFormat],
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
};
