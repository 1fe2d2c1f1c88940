import type { APIRoute } from 'astro';
import { MEDIA_FORMATS, MEDIA_TYPES, MEDIA_WIDTHS, type MediaFormat, type MediaWidth } from '~/shared/media.ts';
import { mediaVariant } from '~/server/media/media.service.ts';

// A stored photo at one of its sizes: `/media/<key>/<width>.<format>`. The key names the content, so the
// answer never changes: browsers and a proxy keep it for a year.
const FILE = /^(\d+)\.([a-z]+)$/;

export const GET: APIRoute = async ({ params }) => {
  const [, width, format] = FILE.exec(params.file ?? '') ?? [];
  if (
    !MEDIA_WIDTHS.includes(Number(width) as MediaWidth) ||
    !MEDIA_FORMATS.includes(format as MediaFormat) ||
    !params.key
  )
    return notFound();
  const data = await mediaVariant(params.key, Number(width) as MediaWidth, format as MediaFormat);
  if (!data) return notFound();
  return new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': MEDIA_TYPES[format as MediaFormat],
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
};

function notFound() {
  return new Response('Нет такого фото.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
