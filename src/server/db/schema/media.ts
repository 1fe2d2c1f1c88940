import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea } from './columns.ts';

/**
 * Product photos, kept in the database so every shop process serves the same ones (`server/media/`). A
 * photo is named by its content: `key` is the start of the SHA-256 of the file as uploaded or fetched, so
 * the same file uploaded twice is stored once and its URLs (`/media/<key>/<width>.<format>`) never change
 * meaning. An uploaded or imported photo keeps its `original`, turned upright and re-encoded without its
 * metadata (an imported one's address is in `media_sources`); a demo pack has a `recipe` instead (brand,
 * name and shade drawn on its kind's picture) and is drawn from it when first asked for.
 */
export const mediaImages = pgTable(
  'media_images',
  {
    key: text().primaryKey(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** The kept original's: jpeg or png (older rows: webp, avif, heif, gif or tiff too), or svg (a drawn demo pack). */
    format: text().notNull(),
    original: bytea(),
    /**
     * Whether `original` is kept without its metadata (`strippedOriginal`); the rows stored before the shop
     * did so are stripped by the media queue's upkeep (`server/media/media.queue.ts`).
     */
    originalStripped: boolean().notNull().default(false),
    recipe: jsonb().$type<Record<string, string>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('media_images_has_source', sql`${t.original} IS NOT NULL OR ${t.recipe} IS NOT NULL`),
    index('media_images_unstripped')
      .on(t.key)
      .where(sql`${t.original} IS NOT NULL AND NOT ${t.originalStripped}`),
  ],
);

/** One size of a photo in one format, encoded once, when first asked for, and kept for every process. */
export const mediaVariants = pgTable(
  'media_variants',
  {
    key: text()
      .notNull()
      .references(() => mediaImages.key, { onDelete: 'cascade' }),
    width: integer().notNull(),
    format: text().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.width, t.format] })],
);

/** Addresses imports fetched photos from: the next import naming one reuses its photo without fetching. */
export const mediaSources = pgTable('media_sources', {
  url: text().primaryKey(),
  key: text()
    .notNull()
    .references(() => mediaImages.key, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
