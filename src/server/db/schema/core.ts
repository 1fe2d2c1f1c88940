import { boolean, date, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { countries } from './catalog.ts';

/** Exchange rates: how many units of each currency one Kyrgyz som buys. The newest row is current. */
export const exchanges = pgTable('exchanges', {
  id: serial().primaryKey(),
  date: date().notNull(),
  kgs: numeric({ precision: 14, scale: 6 }).notNull().default('1'),
  kzt: numeric({ precision: 14, scale: 6 }).notNull(),
  usd: numeric({ precision: 14, scale: 6 }).notNull(),
  rub: numeric({ precision: 14, scale: 6 }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const banners = pgTable('banners', {
  id: serial().primaryKey(),
  title: text().notNull(),
  subtitle: text().notNull().default(''),
  image: text().notNull(),
  link: text().notNull().default(''),
  /** Shown only in this country; null for every country. */
  country: text().references(() => countries.code),
  position: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
});

export const contacts = pgTable('contacts', {
  id: serial().primaryKey(),
  country: text()
    .notNull()
    .references(() => countries.code),
  city: text().notNull(),
  address: text().notNull(),
  phones: jsonb().$type<string[]>().notNull().default([]),
  email: text().notNull().default(''),
  workingHours: text().notNull().default(''),
  /** A phone with WhatsApp (`+` and digits), or ''. */
  whatsapp: text().notNull().default(''),
  /** A Telegram username without `@`, or ''. */
  telegram: text().notNull().default(''),
  position: integer().notNull().default(0),
});

export const documents = pgTable('documents', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  documentType: text().notNull(),
  title: text().notNull(),
  /** Sanitised HTML. */
  content: text().notNull().default(''),
  file: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
