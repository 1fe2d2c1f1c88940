import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * What the shop publishes to be read: articles, news and site pages («О компании», «Доставка»...), one
 * table told apart by `kind` (the API lists each under its own path). An item is public once
 * `published_at` has come; a null date is a draft.
 */
export const publications = pgTable(
  'publications',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['article', 'news', 'page'] }).notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    lead: text().notNull().default(''),
    /** Sanitised HTML: sanitised once, when it is stored. */
    body: text().notNull().default(''),
    /** Site path or https URL of the cover image (1200×630). */
    cover: text(),
    coverAlt: text().notNull().default(''),
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    /** Words that relate items to each other («адгезия», «эндодонтия»...). */
    topics: jsonb().$type<string[]>().notNull().default([]),
    /** Reading time of the body, counted when it is stored. */
    readingMinutes: integer().notNull().default(1),
    publishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publications_kind_slug_idx').on(t.kind, t.slug),
    index('publications_kind_published_idx')
      .on(t.kind, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} IS NOT NULL`),
  ],
);
