/**
 * The audit of staff changes outside the catalog (the staff tables, and accounts changed by someone
 * else): recorded in the same transaction as the change, so a change and its record are written
 * together or not at all, and read back by the back office (`journal.queries.ts`).
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { staffChanges, users } from '../db/schema/index.ts';

export const STAFF_ENTITIES = [
  'publication',
  'vacancy',
  'exchange',
  'request',
  'category',
  'brand',
  'course',
  'banner',
  'contact',
  'course_category',
  'specification',
  'document',
  'printing_price',
  'user',
  'clinic',
  'price_list',
  'exchange_mapping',
] as const;
export type StaffEntity = (typeof STAFF_ENTITIES)[number];
export type StaffAction = 'create' | 'update' | 'delete';

/** Bookkeeping columns that change with every write and say nothing of what staff did. */
const IGNORED = new Set(['updatedAt', 'createdAt', 'readingMinutes']);
/** Long texts (a publication's body) are kept up to this length in the audit, with «…» after. */
const MAX_TEXT = 2000;

function auditValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && value.length > MAX_TEXT) return `${value.slice(0, MAX_TEXT)}…`;
  return value ?? null;
}

/** The fields that differ between two versions of a record, as `[before, after]`; a missing side is null. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, [unknown, unknown]> {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (IGNORED.has(field) || field === 'id') continue;
    const old = auditValue(before?.[field]);
    const now = auditValue(after?.[field]);
    if (JSON.stringify(old) !== JSON.stringify(now)) changes[field] = [old, now];
  }
  return changes;
}

export interface StaffChangeInput {
  userId: number;
  entity: StaffEntity;
  entityId: string | number;
  action: StaffAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Records a change, inside the caller's transaction; an update that changed nothing leaves no row. */
export async function recordStaffChange(db: Db, input: StaffChangeInput): Promise<void> {
  const changes = changedFields(input.before, input.after);
  if (input.action === 'update' && Object.keys(changes).length === 0) return;
  await db.insert(staffChanges).values({
    userId: input.userId,
    entity: input.entity,
    entityId: String(input.entityId),
    action: input.action,
    changes,
  });
}

export interface StaffChange {
  id: number;
  at: Date;
  user: { id: number; email: string } | null;
  entity: string;
  entityId: string;
  action: StaffAction;
  changes: Record<string, [unknown, unknown]>;
}

export interface StaffChangeFilters {
  entity?: StaffEntity;
  entityId?: string;
  userId?: number;
  limit: number;
  offset: number;
}

/** The audit, newest first. */
export async function listStaffChanges(filters: StaffChangeFilters): Promise<{ count: number; items: StaffChange[] }> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [
    filters.entity ? eq(staffChanges.entity, filters.entity) : undefined,
    filters.entityId ? eq(staffChanges.entityId, filters.entityId) : undefined,
    filters.userId ? eq(staffChanges.userId, filters.userId) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ change: staffChanges, email: users.email })
      .from(staffChanges)
      .leftJoin(users, eq(users.id, staffChanges.userId))
      .where(where)
      .orderBy(desc(staffChanges.at), desc(staffChanges.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(staffChanges).where(where),
  ]);
  return {
    count: total?.n ?? 0,
    items: rows.map(({ change, email }) => ({
      id: change.id,
      at: change.at,
      user: change.userId !== null && email !== null ? { id: change.userId, email } : null,
      entity: change.entity,
      entityId: change.entityId,
      action: change.action,
      changes: change.changes,
    })),
  };
}

/**
 * Empties the values of `fields` in a record's audit rows, keeping which fields changed, when and by
 * whom: a deleted account's name and phone leave the journal with the account.
 */
export async function forgetStaffChangeValues(
  db: Db,
  entity: StaffEntity,
  entityId: string | number,
  fields: readonly string[],
): Promise<void> {
  let changes = sql`changes`;
  // jsonb_set without create_missing leaves rows that never changed the field as they are.
  for (const field of fields)
    changes = sql`jsonb_set(${changes}, array[${field}]::text[], '[null, null]'::jsonb, false)`;
  await db.execute(
    sql`update staff_changes set changes = ${changes} where entity = ${entity} and entity_id = ${String(entityId)}`,
  );
}
