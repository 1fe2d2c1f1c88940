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
import { countries } from './catalog.ts';

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
