/**
 * Product photos: stored in the database (`media_images`) so every shop process serves the same ones,
 * named by their content, and served in the sizes and formats of `shared/media.ts`, each encoded once
 * with sharp when first asked for and kept (`media_variants`) for every process. Why the database and
 * not an S3 bucket: the shop already keeps one and backs it up, a catalog's photos are a few gigabytes at
 * most, and each size is read from it once per server: the answer is cached for a year by browsers and
 * the proxy in front (the address names the content, so it never has to be purged).
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_KEY, mediaKey, storedImageUrl, type MediaFormat, type MediaWidth } from '../../shared/media.ts';
import { getDb, type Db } from '../db/client.ts';
import { mediaImages, mediaSources, mediaVariants } from '../db/schema/index.ts';
import { logger } from '../logger.ts';
import { MEDIA_LIMITS, MEDIA_TEXT } from './media.rules.ts';
import { drawPack, type PackRecipe } from './pack-drawing.ts';

const log = logger.child({ module: 'media' });

/** A photo the shop will not take; its message says why, in words for the staff. */
export class MediaRejected extends Error {}

export interface StoredImage {
  key: string;
  /** What goes into a product's `images`: `/media/<key>`. */
  url: string;
  width: number;
  height: number;
}

const keyOf = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex').slice(0, 24);

const input = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' });

/** Reads a file's header: its format and size as shown (EXIF rotation applied), or why it is refused. */
export async function inspectImage(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  if (bytes.length === 0) throw new MediaRejected(MEDIA_TEXT.empty);
  if (bytes.length > MEDIA_LIMITS.maxBytes) throw new MediaRejected(MEDIA_TEXT.tooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new MediaRejected(MEDIA_TEXT.notImage);
  }
  if (!meta.format || !MEDIA_LIMITS.formats.includes(meta.format) || !meta.width || !meta.height)
    throw new MediaRejected(MEDIA_TEXT.notImage);
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (width * height > MEDIA_LIMITS.maxPixels) throw new MediaRejected(MEDIA_TEXT.tooBig(width, height));
  if (Math.min(width, height) < MEDIA_LIMITS.minSide) throw new MediaRejected(MEDIA_TEXT.tooSmall(width, height));
  // A header can lie: decode a small copy to be sure the pixels are there.
  try {
    await input(bytes).resize(32).raw().toBuffer();
  } catch {
    throw new MediaRejected(MEDIA_TEXT.notImage);
  }
  return { width, height, format: meta.format };
}

/**
 * The photo as the shop keeps it: turned upright and re-encoded without its metadata (EXIF with the
 * camera's GPS position, XMP, IPTC, comments), as PNG when it was drawn losslessly or has transparency,
 * otherwise as JPEG at a quality no product photo loses by.
 */
export async function strippedOriginal(bytes: Buffer): Promise<{ data: Buffer; format: 'png' | 'jpeg' }> {
  const image = input(bytes);
  const meta = await image.metadata();
  const lossless = meta.hasAlpha || ['png', 'gif', 'tiff'].includes(meta.format ?? '');
  // sharp writes no metadata unless asked to (`keepMetadata`), and `rotate()` applies the EXIF orientation.
  const upright = image.rotate();
  return lossless
    ? { data: await upright.png().toBuffer(), format: 'png' }
    : { data: await upright.jpeg({ quality: 92 }).toBuffer(), format: 'jpeg' };
}

/**
 * Stores a photo (once per content: the key names the file as given), after `inspectImage`'s checks,
 * as `strippedOriginal` keeps it.
 */
export async function storeImage(bytes: Buffer, sourceUrl: string | null = null): Promise<StoredImage> {
  const meta = await inspectImage(bytes);
  const key = keyOf(bytes);
  const db = await getDb();
  const [known] = await db.select({ key: mediaImages.key }).from(mediaImages).where(eq(mediaImages.key, key));
  if (!known) {
    const original = await withEncoder(() => strippedOriginal(bytes));
    await db
      .insert(mediaImages)
      .values({
        key,
        width: meta.width,
        height: meta.height,
        format: original.format,
        original: original.data,
        originalStripped: true,
      })
      .onConflictDoNothing();
  }
  if (sourceUrl) await db.insert(mediaSources).values({ url: sourceUrl, key }).onConflictDoNothing();
  return { key, url: storedImageUrl(key), width: meta.width, height: meta.height };
}

/**
 * Strips the originals stored before the shop kept them without metadata, a few at a time; answers how
 * many it stripped. A photo sharp cannot read again is logged and left for the next run.
 */
export async function stripKeptOriginals(): Promise<number> {
  const db = await getDb();
  const unreadable: string[] = [];
  let stripped = 0;
  for (;;) {
    const rows = await db
      .select({ key: mediaImages.key, original: mediaImages.original })
      .from(mediaImages)
      .where(
        and(
          isNotNull(mediaImages.original),
          eq(mediaImages.originalStripped, false),
          unreadable.length ? notInArray(mediaImages.key, unreadable) : undefined,
        ),
      )
      .limit(4);
    if (!rows.length) return stripped;
    for (const row of rows) {
      try {
        const kept = await withEncoder(() => strippedOriginal(Buffer.from(row.original!)));
        await db
          .update(mediaImages)
          .set({ original: kept.data, format: kept.format, originalStripped: true })
          .where(and(eq(mediaImages.key, row.key), eq(mediaImages.originalStripped, false)));
        stripped += 1;
      } catch (error) {
        unreadable.push(row.key);
        log.warn({ err: error, key: row.key }, 'A stored photo could not be stripped of its metadata');
      }
    }
  }
}

/** The stored photo an address was fetched from before, if any (an import names the same URL again). */
export async function imageFetchedFrom(url: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ key: mediaSources.key }).from(mediaSources).where(eq(mediaSources.url, url));
  return row ? storedImageUrl(row.key) : null;
}

/** Stores demo packs (drawn when first shown); returns their addresses, in order. */
export async function storeDemoPacks(db: Db, recipes: PackRecipe[]): Promise<string[]> {
  const rows = recipes.map((recipe) => ({
    key: keyOf(JSON.stringify(recipe)),
    width: 600,
    height: 600,
    format: 'svg',
    recipe: { ...recipe } as Record<string, string>,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(mediaImages)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  return rows.map((row) => storedImageUrl(row.key));
}

/** Which of these addresses are stored photos that exist (others are left to the caller to judge). */
export async function missingStoredImages(urls: readonly string[]): Promise<string[]> {
  const keys = [...new Set(urls.map(mediaKey).filter((key): key is string => key !== null))];
  if (!keys.length) return [];
  const db = await getDb();
  const found = new Set(
    (await db.select({ key: mediaImages.key }).from(mediaImages).where(inArray(mediaImages.key, keys))).map(
      (r) => r.key,
    ),
  );
  return urls.filter((url) => {
    const key = mediaKey(url);
    return key !== null && !found.has(key);
  });
}

// Encoding takes a core for up to a second: a few at a time per process, one job per variant.
let running = 0;
const waiting: (() => void)[] = [];
const inFlight = new Map<string, Promise<Buffer | null>>();

async function withEncoder<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MEDIA_LIMITS.encoders) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function encode(
  source: { original: Buffer | null; recipe: Record<string, string> | null },
  width: MediaWidth,
  format: MediaFormat,
): Promise<Buffer> {
  const image = source.original
    ? input(source.original)
    : // A drawn pack is 600 units wide: rendered at the density that makes it `width` pixels, sharp as a vector.
      sharp(Buffer.from(drawPack(source.recipe as unknown as PackRecipe)), { density: (72 * width) / 600 });
  const sized = image.rotate().resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
  return format === 'avif' ? sized.avif({ quality: 55, effort: 2 }).toBuffer() : sized.webp({ quality: 80 }).toBuffer();
}

/** A photo at one size in one format: stored, or encoded now and stored; null when there is no such photo. */
export function mediaVariant(key: string, width: MediaWidth, format: MediaFormat): Promise<Buffer | null> {
  if (!MEDIA_KEY.test(key)) return Promise.resolve(null);
  const id = `${key}/${width}.${format}`;
  const pending = inFlight.get(id);
  if (pending) return pending;
  const work = (async () => {
    const db = await getDb();
    const where = and(eq(mediaVariants.key, key), eq(mediaVariants.width, width), eq(mediaVariants.format, format));
    const [stored] = await db.select({ data: mediaVariants.data }).from(mediaVariants).where(where);
    if (stored) return stored.data;
    const [source] = await db
      .select({ original: mediaImages.original, recipe: mediaImages.recipe })
      .from(mediaImages)
      .where(eq(mediaImages.key, key));
    if (!source) return null;
    const data = await withEncoder(() => encode(source, width, format));
    // Another process may have encoded it meanwhile: the same bytes, so either copy will do.
    await db.insert(mediaVariants).values({ key, width, format, data }).onConflictDoNothing();
    return data;
  })().finally(() => inFlight.delete(id));
  inFlight.set(id, work);
  return work;
}
