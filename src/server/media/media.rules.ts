/** What the shop takes as a product photo, and what it says when it does not. */
export const MEDIA_LIMITS = {
  /** An upload or a fetched photo: a camera's JPEG is 3–12 MB. */
  maxBytes: 20 * 1024 * 1024,
  /** Smaller than this, a photo is a thumbnail and looks blurred on the product page. */
  minSide: 200,
  /** Larger than this, decoding it costs more memory than a photo is worth (a 50 Mpx camera is below). */
  maxPixels: 60_000_000,
  /** Formats the shop reads (sharp's names). */
  formats: ['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff'] as readonly string[],
  /** Photos encoded at once in one process (each takes a core for up to a second). */
  encoders: 2,
} as const;

export const MEDIA_TEXT = {
  empty: 'Файл пустой.',
  tooLarge: `Файл больше ${MEDIA_LIMITS.maxBytes / 1024 / 1024} МБ. Уменьшите фото или сохраните его в JPEG.`,
  notImage: 'Это не фото: подойдут JPEG, PNG, WebP, AVIF, HEIC, GIF или TIFF.',
  tooSmall: (w: number, h: number) =>
    `Фото ${w}×${h} пикселей слишком маленькое: нужно не меньше ${MEDIA_LIMITS.minSide} пикселей по каждой стороне.`,
  tooBig: (w: number, h: number) => `Фото ${w}×${h} пикселей слишком большое: уменьшите его до 60 мегапикселей.`,
  fetchFailed: (url: string, why: string) => `Не удалось загрузить картинку ${url}: ${why}.`,
} as const;
