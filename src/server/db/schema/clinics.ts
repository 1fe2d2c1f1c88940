import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { brands, categories, countries, products } from './catalog.ts';

/**
 * Clinics: a customer that is an organisation, with its requisites (the invoice of its orders is made out
 * to them), its people (`clinic_members`) and the owner's rules for its orders (`orderLimit`).
 */
export const clinics = pgTable(
  'clinics',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** ИНН (kg, 14 digits) or БИН (kz, 12 digits), digits only, as orders by invoice take them. */
    taxNumber: text().notNull(),
    country: text()
      .notNull()
      .references(() => countries.code),
    legalAddress: text().notNull().default(''),
    phone: text().notNull().default(''),
    /** Where the clinic takes deliveries, offered in checkout: `[{city, address}]`. */
    deliveryAddresses: jsonb().$type<{ city: string; address: string }[]>().notNull().default([]),
    /** Staff checked the ИНН/БИН against the registry. */
    verified: boolean().notNull().default(false),
    /** An order above this sum (the order's currency) waits for an owner's approval; null: no limit. */
    orderLimit: numeric({ precision: 16, scale: 2 }),
    /** The contract prices staff gave the clinic (a price list of the clinic's country); null: public prices. */
    priceListId: integer().references(() => priceLists.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clinics_tax_number_idx').on(t.country, t.taxNumber)],
);

/** Who belongs to a clinic, and as what: owner (everything), buyer (orders), assistant (orders for approval). */
export const clinicMembers = pgTable(
  'clinic_members',
  {
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member last chose to buy for this clinic (a person in several clinics of a country): the
     * latest chosen is the one whose prices they see and that checkout offers first; never chosen, the oldest.
     */
    chosenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clinicId, t.userId] }),
    index('clinic_members_user_idx').on(t.userId),
    check('clinic_members_role_check', sql`${t.role} in ('owner', 'buyer', 'assistant')`),
  ],
);

/**
 * An owner's invitation of a colleague by address: the mailed link carries a random token, of which only
 * the sha256 is kept. Used once (`acceptedAt`), until `expiresAt`.
 */
export const clinicInvitations = pgTable(
  'clinic_invitations',
  {
    id: serial().primaryKey(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clinic_invitations_token_idx').on(t.tokenHash),
    index('clinic_invitations_clinic_idx').on(t.clinicId, t.createdAt),
    check('clinic_invitations_role_check', sql`${t.role} in ('owner', 'buyer', 'assistant')`),
  ],
);

/**
 * Contract prices staff give clinics: a price list belongs to one country (its fixed prices are in that
 * country's currency) and is used by any number of that country's clinics (`clinics.priceListId`).
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    country: text()
      .notNull()
      .references(() => countries.code),
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('price_lists_name_idx').on(t.name)],
);

/**
 * A price list's discounts in percent off the public price: overall (`all`), for a brand or for a category
 * (the category's subtree). A fixed price of a SKU (`price_list_prices`) wins over every discount.
 */
export const priceListRules = pgTable(
  'price_list_rules',
  {
    id: serial().primaryKey(),
    priceListId: integer()
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    scope: text().notNull(),
    brandId: integer().references(() => brands.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    percent: numeric({ precision: 5, scale: 2 }).notNull(),
  },
  (t) => [
    index('price_list_rules_list_idx').on(t.priceListId),
    uniqueIndex('price_list_rules_target_idx').on(
      t.priceListId,
      t.scope,
      sql`coalesce(${t.brandId}, 0)`,
      sql`coalesce(${t.categoryId}, 0)`,
    ),
    check(
      'price_list_rules_scope_check',
      sql`(${t.scope} = 'all' and ${t.brandId} is null and ${t.categoryId} is null)
        or (${t.scope} = 'brand' and ${t.brandId} is not null and ${t.categoryId} is null)
        or (${t.scope} = 'category' and ${t.categoryId} is not null and ${t.brandId} is null)`,
    ),
    check('price_list_rules_percent_check', sql`${t.percent} > 0 and ${t.percent} < 100`),
  ],
);

/** A price list's fixed price of a product, in the list's country's currency. */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    priceListId: integer()
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    price: numeric({ precision: 14, scale: 2 }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.productId] }),
    check('price_list_prices_price_check', sql`${t.price} > 0`),
  ],
);

/** A clinic's named list of products with quantities («Реставрация — расходники»), shared by its members. */
export const clinicLists = pgTable(
  'clinic_lists',
  {
    id: serial().primaryKey(),
    clinicId: integer()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clinic_lists_name_idx').on(t.clinicId, t.name)],
);

/** A line of a clinic's list: a product and how many, in the order they were added (`position`). */
export const clinicListItems = pgTable(
  'clinic_list_items',
  {
    listId: integer()
      .notNull()
      .references(() => clinicLists.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    check('clinic_list_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);
