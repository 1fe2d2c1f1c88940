import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_COUNTRY } from '../../../shared/countries.ts';

/**
 * Shop accounts. The email is the login (stored in lower case); an account is inactive until its
 * email is confirmed. A deleted account keeps its row, emptied of personal data, so the shop's
 * records that point at it (orders) stay whole.
 */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    /** argon2id hash; null for a deleted account, which can never log in. */
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    /** The clinic's requisites for ordering by invoice, as last used (checkout fills them in again). */
    organisation: text().notNull().default(''),
    /** ИНН (Kyrgyzstan) or БИН (Kazakhstan) of `organisation`, digits only. */
    taxNumber: text().notNull().default(''),
    /** The storefront country the person uses (`kg`, `kz`): links in their mails lead there. */
    country: text().notNull().default(DEFAULT_COUNTRY),
    isActive: boolean().notNull().default(false),
    /**
     * When the email was confirmed (or staff created the account). An inactive account with this set
     * was blocked by staff: no activation link may undo that.
     */
    activatedAt: timestamp({ withTimezone: true }),
    /**
     * An account opened at checkout: usable at once, its address not confirmed yet. The confirmation
     * mail of its first order carries the link that clears this.
     */
    emailPending: boolean().notNull().default(false),
    /**
     * The address the person asked to move the login to (`set_email/`, `reset_email_confirm/`): the login
     * changes only once the mailed link to that address confirms it. Null when no change waits.
     */
    pendingEmail: text(),
    isStaff: boolean().notNull().default(false),
    /** Above staff, as in Django: only a superuser changes staff flags or blocks and deletes staff accounts. */
    isSuperuser: boolean().notNull().default(false),
    /** May run the exchange with 1C (HTTP Basic at `/api/v1/exchange/1c/`, `server/exchange/`). */
    canExchange: boolean().notNull().default(false),
    /**
     * Bumped whenever existing sessions must end (password changed, account deactivated or
     * deleted): access tokens carry the version they were issued with.
     */
    authVersion: integer().notNull().default(0),
    dateJoined: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index().on(t.dateJoined)],
);

/**
 * Issued refresh tokens, by their `jti`. A token is used once: refreshing revokes it and issues the
 * next one of the same family (one login session); logout, a password change or a detected reuse
 * revokes the rest.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** rotated, logout, password_changed, deactivated, deleted, reuse */
    revokedReason: text(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.familyId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
    index('refresh_tokens_active_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * An account's delivery addresses (issue 36): remembered from its courier orders and kept in the profile,
 * per storefront country (a city belongs to one). Checkout offers them, the one used last first.
 */
export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    country: text().notNull(),
    city: text().notNull(),
    address: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set by every order delivered there and by choosing it in the profile: checkout preselects the latest. */
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_addresses_user_place_idx').on(t.userId, t.country, t.city, t.address),
    index('delivery_addresses_user_used_idx').on(t.userId, t.lastUsedAt.desc()),
  ],
);
