import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { countries } from './catalog.ts';
import { bytea } from './columns.ts';

/**
 * Background tasks people wait for and look back at (staff imports): pg-boss only dispatches them and
 * forgets finished jobs, so what a task is, how far it got and what it did is kept here, readable by
 * every shop process. `status` follows Celery's words: PENDING → STARTED → PROGRESS → SUCCESS | FAILURE.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** `import_products`, `import_prices`, `import_stock`. */
    kind: text().notNull(),
    status: text({ enum: ['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE'] })
      .notNull()
      .default('PENDING'),
    country: text().references(() => countries.code),
    /** What the uploader chose: dry run, error policy, mode. */
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The file as uploaded: name, size, sha256, and what reading it found (encoding, delimiter). */
    file: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Tells a repeated upload (same file, kind, country and options) while the first is not done yet. */
    dedupeKey: text(),
    progress: jsonb()
      .$type<{ current: number; total: number; stage: string }>()
      .notNull()
      .default({ current: 0, total: 0, stage: 'queued' }),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** The summary when it succeeded, `{ message }` when it failed. */
    result: jsonb().$type<Record<string, unknown>>(),
    errorsTotal: integer().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    /** Set every few seconds while a process runs the task: a task whose beat stops has lost its process. */
    heartbeatAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** When its changes were written (at once, or later from a dry run), and by whom. */
    appliedAt: timestamp({ withTimezone: true }),
    appliedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    undoneAt: timestamp({ withTimezone: true }),
    undoneBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When an import's field-by-field audit rows went (`imports/import-retention.ts`): it can no longer be undone. */
    detailsPrunedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.kind, t.createdAt),
    uniqueIndex('tasks_dedupe_key_running_idx')
      .on(t.dedupeKey)
      .where(sql`status in ('PENDING', 'STARTED', 'PROGRESS')`),
  ],
);

/** A task's uploaded file in chunks, so any process can read it as a stream. */
export const taskFileChunks = pgTable(
  'task_file_chunks',
  {
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.seq] })],
);

/** What was wrong with a row of a task's file: the line people see in their spreadsheet, the column, why. */
export const taskRowErrors = pgTable(
  'task_row_errors',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    taskId: uuid()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    row: integer().notNull(),
    column: text(),
    value: text(),
    code: text().notNull(),
    message: text().notNull(),
    /** A JSON file's element (`products[41]`): rows of a file written on one line share their line. */
    item: text(),
  },
  (t) => [index().on(t.taskId, t.row)],
);
