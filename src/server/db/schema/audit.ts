import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What staff changed outside the catalog (publications, vacancies, exchange rates, visitor requests):
 * who, when, which record, and each changed field as `[before, after]`. The catalog keeps its own,
 * field by field and per country (`catalog_changes`); orders keep theirs as the order's history.
 */
export const staffChanges = pgTable(
  'staff_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // No foreign key: the record of what someone did outlives their account.
    userId: integer(),
    /** `publication`, `vacancy`, `exchange`, `request`. */
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text({ enum: ['create', 'update', 'delete'] }).notNull(),
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull(),
  },
  (t) => [index().on(t.entity, t.entityId, t.at), index().on(t.at)],
);
