import type { CurrencyCode } from '../../../shared/countries.ts';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Countries the shop sells in; prices and stock are kept per country. */
export const countries = pgTable('countries', {
  code: text().primaryKey(),
  name: text().notNull(),
  currency: text().$type<CurrencyCode>().notNull(),
  position: integer().notNull().default(0),
});

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
    description: text().notNull().default(''),
    image: text(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index().on(t.parentId)],
);

/**
 * «С этим покупают» by category: what a buyer of this category's products also needs (a composite's
 * adhesive, etching gel and polishing discs), not what replaces it. Staff keep the list per category.
 */
export const categoryCompanions = pgTable(
  'category_companions',
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    companionId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.companionId] })],
);

export const brands = pgTable('brands', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  /** Country the brand comes from, in Russian ("Германия"). */
  origin: text().notNull().default(''),
  description: text().notNull().default(''),
  logo: text(),
});

/** A characteristic products can have (Объём, Оттенок по VITA...); `kind` decides how values compare. */
export const specifications = pgTable('specifications', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  unit: text(),
  kind: text({ enum: ['number', 'text'] })
    .notNull()
    .default('text'),
  isFilter: boolean().notNull().default(true),
  position: integer().notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    sku: text().notNull().unique(),
    name: text().notNull(),
    /** Sanitised HTML. */
    description: text().notNull().default(''),
    brandId: integer().references(() => brands.id, { onDelete: 'set null' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    isActive: boolean().notNull().default(true),
    /** A product line's shared key (e.g. "3M-Z250"): the shades, sizes and packs of one product carry the same family. */
    family: text(),
    images: jsonb().$type<string[]>().notNull().default([]),
    /** Plain text indexed for search besides the name: brand, category, description without tags. */
    searchText: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('russian', coalesce(${products.name}, '') || ' ' || coalesce(${products.sku}, '')), 'A') || setweight(to_tsvector('russian', coalesce(${products.searchText}, '')), 'B')`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.categoryId),
    index().on(t.brandId),
    index().on(t.family),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('products_sku_lower_idx').on(sql`lower(${t.sku}) text_pattern_ops`),
    index().on(t.createdAt),
  ],
);

/** Price and stock of a product in one country; no row means the product is not sold there. */
export const productOffers = pgTable(
  'product_offers',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    country: text()
      .notNull()
      .references(() => countries.code),
    price: numeric({ precision: 14, scale: 2 }).notNull(),
    oldPrice: numeric({ precision: 14, scale: 2 }),
    quantity: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.country] }), index().on(t.country, t.price)],
);

export const productSpecifications = pgTable(
  'product_specifications',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    specificationId: integer()
      .notNull()
      .references(() => specifications.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    /** The value as a number, for numeric specifications (sorting values, range filters later). */
    valueNumber: numeric({ precision: 14, scale: 4 }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.specificationId, t.value] }), index().on(t.specificationId, t.value)],
);

/**
 * Per country, category (the product's own, not its ancestors) and brand (0 for none): how many active
 * products are sold and their price range. A summary recomputed by `refreshCatalogStats` after catalog
 * writes: the filters of an unfiltered listing read it instead of counting thousands of products, so
 * their cost follows the size of the taxonomy, not of the catalog.
 */
export const categoryBrandStats = pgTable(
  'category_brand_stats',
  {
    country: text()
      .notNull()
      .references(() => countries.code),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    brandId: integer().notNull(),
    products: integer().notNull(),
    minPrice: numeric({ precision: 14, scale: 2 }).notNull(),
    maxPrice: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.categoryId, t.brandId] })],
);

/** Like `category_brand_stats`, per specification value: how many active products sold in the country have it. */
export const categorySpecStats = pgTable(
  'category_spec_stats',
  {
    country: text()
      .notNull()
      .references(() => countries.code),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    brandId: integer().notNull(),
    specificationId: integer()
      .notNull()
      .references(() => specifications.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    valueNumber: numeric({ precision: 14, scale: 4 }),
    products: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.categoryId, t.brandId, t.specificationId, t.value] })],
);

/**
 * A category page as it opens (no filters), answered in one row: the product count of the category and
 * everything below it, and its facets as `facetsFromStats` computes them. Written with the summary.
 */
export const categoryListingStats = pgTable(
  'category_listing_stats',
  {
    country: text()
      .notNull()
      .references(() => countries.code),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    products: integer().notNull(),
    facets: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.categoryId] })],
);

/**
 * Every change staff make to the catalog, field by field (who, when, product, country, old, new), and
 * the changes an import would make (`source` `preview`, for its dry run) or made (`import`, which undo
 * reads back). Orders and cancellations are not staff changes: their stock moves are in the orders.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `staff` (a single edit), `import`, `preview`, `undo`. */
    source: text().notNull(),
    userId: integer(),
    taskId: uuid(),
    // No foreign key: the record outlives a deleted product (its SKU says which it was), and an import
    // writes 100,000 of these rows, where a key check per row would cost as much as the rows.
    productId: integer(),
    sku: text().notNull(),
    country: text(),
    /** `quantity`, `price`, `old_price`, `offer` (sold or not), or a product field (`name`, `category`...). */
    field: text().notNull(),
    oldValue: text(),
    newValue: text(),
  },
  (t) => [
    index().on(t.taskId),
    index().on(t.productId, t.at),
    // The journal pages through hand edits newest first; imports, many rows each, are read by task.
    index('catalog_changes_staff_at_idx')
      .on(t.at)
      .where(sql`source = 'staff'`),
  ],
);

/**
 * How many audit rows each import (or its dry run, or its undoing) wrote, per country: the journal and an
 * import's page show the number without counting a daily exchange's 200,000 rows again on every view.
 * Kept by `insertChanges` in the transaction that writes the rows (a dry run's go when it is applied).
 */
export const catalogChangeCounts = pgTable(
  'catalog_change_counts',
  {
    taskId: uuid().notNull(),
    /** `import`, `preview`, `undo`. */
    source: text().notNull(),
    /** Null for changes of products themselves (not of a country's offers). */
    country: text(),
    changes: integer().notNull(),
  },
  (t) => [unique('catalog_change_counts_key').on(t.taskId, t.source, t.country).nullsNotDistinct()],
);

/**
 * The products whose searchable data changed (name, SKU, search text, state, category, brand, or the
 * countries they are sold in), in commit-safe order: written by triggers on `products` and
 * `product_offers` (migration 0036), whoever writes (the shop, an import, psql), and read by every
 * process's search index (`catalog/search-index.ts`) to reload only those products. Rows older than a
 * day are pruned; a process that fell further behind rebuilds its index.
 */
export const searchIndexChanges = pgTable('search_index_changes', {
  seq: bigserial({ mode: 'number' }).primaryKey(),
  productId: integer().notNull(),
  /** Only the product's offers changed (a price, a country): the index sets them in place (migration 0055). */
  offersOnly: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
