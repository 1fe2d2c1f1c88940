/**
 * Addresses of the product photos the shop stores (`server/media/`), for both sides: a stored photo is
 * named `/media/<key>` in a product's `images`, and served resized as `/media/<key>/<width>.<format>`,
 * each size encoded once and cached for a year (the key names the content, so an address never changes
 * what it shows). Any other address (a picture under `/images/`) is used as it is.
 */

/** The widths a photo is served at: a phone card's, a desktop card's, the product page's, full size. */
export const MEDIA_WIDTHS = [160, 320, 640, 1280] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** AVIF first (the smallest), WebP for the browsers without it. */
export const MEDIA_FORMATS = ['avif', 'webp'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export const MEDIA_TYPES: Record<MediaFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/** A key: 24 hex digits of the SHA-256 of the photo's original (or of a demo pack's recipe). */
export const MEDIA_KEY = /^[0-9a-f]{24}$/;

const STORED = /^\/media\/([0-9a-f]{24})$/;

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** The key of a stored photo's address, or null for any other address. */
export function mediaKey(url: string): string | null {
  return STORED.exec(url)?.[1] ?? null;
}

export function storedImageUrl(key: string): string {
  return `/media/${key}`;
}

export function mediaVariantUrl(key: string, width: MediaWidth, format: MediaFormat): string {
  return `/media/${key}/${width}.${format}`;
}

/** What an `<img>` (and the `<source>` of a `<picture>`) needs to show a photo at about `width` CSS pixels. */
export interface ImageSources {
  /** The fallback `src`: WebP at twice the width asked for (a phone's screen), or the address itself. */
  src: string;
  /** `srcset` of the WebP sizes up to `src`'s; absent for an address that is not a stored photo. */
  srcset?: string;
  /** The same sizes in AVIF, for a `<source type="image/avif">`. */
  avifSrcset?: string;
  /** The largest size, for «open full size». */
  full: string;
}

export function imageSources(url: string | undefined, width: number): ImageSources {
  const address = url || PLACEHOLDER_IMAGE;
  const key = mediaKey(address);
  if (!key) return { src: address, full: address };
  // Sizes up to the one that fills the box on a 2× screen: a card never needs the full-size photo.
  const fallback = MEDIA_WIDTHS.find((w) => w >= width * 2) ?? 1280;
  const setOf = (format: MediaFormat) =>
    MEDIA_WIDTHS.filter((w) => w <= fallback)
      .map((w) => `${mediaVariantUrl(key, w, format)} ${w}w`)
      .join(', ');
  return {
    src: mediaVariantUrl(key, fallback, 'webp'),
    srcset: setOf('webp'),
    avifSrcset: setOf('avif'),
    full: mediaVariantUrl(key, 1280, 'webp'),
  };
}
