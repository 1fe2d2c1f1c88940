import type { CurrencyCode } from '../../../shared/countries.ts';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { countries } from './catalog.ts';

export const courseCategories = pgTable('course_categories', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
  position: integer().notNull().default(0),
});

/**
 * Courses and seminars for dentists. Dates are the city's local calendar days; each day runs from
 * `day_starts` to `day_ends` local time (`shared/cities.ts` knows each city's time zone).
 */
export const courses = pgTable(
  'courses',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => courseCategories.id, { onDelete: 'restrict' }),
    /** City code of `shared/cities.ts` (ALMATY, BISHKEK...). */
    city: text().notNull(),
    venue: text().notNull(),
    address: text().notNull().default(''),
    startDate: date().notNull(),
    endDate: date().notNull(),
    /** Local time of day, `HH:MM`. */
    dayStarts: text().notNull().default('10:00'),
    dayEnds: text().notNull().default('18:00'),
    /** How the days are spent, as people read it («2 дня, 10:00–18:00, обед включён»). */
    schedule: text().notNull().default(''),
    price: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: text().$type<CurrencyCode>().notNull(),
    lecturer: text().notNull(),
    /** Who the lecturer is, in a line («врач-стоматолог-терапевт, к.м.н., Алматы»). */
    lecturerTitle: text().notNull().default(''),
    seatsTotal: integer().notNull(),
    seatsLeft: integer().notNull(),
    lead: text().notNull().default(''),
    /** Sanitised HTML. */
    description: text().notNull().default(''),
    cover: text(),
    isPublished: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.endDate, t.startDate), index().on(t.city, t.endDate), index().on(t.categoryId)],
);

/** The printing (3D printing and milling) price list: one row per service and material. */
export const printingPrices = pgTable('printing_prices', {
  id: serial().primaryKey(),
  service: text().notNull(),
  material: text().notNull(),
  /** What one price buys: «модель», «шт.», «единица»... */
  unit: text().notNull(),
  /** How long it takes, as people read it («2–3 рабочих дня»). */
  leadTime: text().notNull(),
  description: text().notNull().default(''),
  position: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
});

/** A printing price in a country's currency; a service without a row for a country is not offered there. */
export const printingPriceOffers = pgTable(
  'printing_price_offers',
  {
    printingPriceId: integer()
      .notNull()
      .references(() => printingPrices.id, { onDelete: 'cascade' }),
    country: text()
      .notNull()
      .references(() => countries.code),
    price: numeric({ precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.printingPriceId, t.country] })],
);

export const vacancies = pgTable(
  'vacancies',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    country: text()
      .notNull()
      .references(() => countries.code),
    /** City code of `shared/cities.ts`. */
    city: text().notNull(),
    employmentType: text({ enum: ['full_time', 'part_time', 'shift', 'internship'] }).notNull(),
    /** Monthly salary range in `salary_currency`; both null: «по договорённости». */
    salaryFrom: numeric({ precision: 12, scale: 2 }),
    salaryTo: numeric({ precision: 12, scale: 2 }),
    salaryCurrency: text().$type<CurrencyCode>(),
    lead: text().notNull().default(''),
    duties: jsonb().$type<string[]>().notNull().default([]),
    requirements: jsonb().$type<string[]>().notNull().default([]),
    conditions: jsonb().$type<string[]>().notNull().default([]),
    isOpen: boolean().notNull().default(true),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Applications are taken until this day (local); null: until the vacancy is closed. */
    validThrough: date(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.isOpen, t.publishedAt)],
);
