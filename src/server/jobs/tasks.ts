/**
 * Background tasks people wait for (staff imports), kept in the `tasks` table: what was asked, how far
 * it got, what it did. pg-boss carries the work to whichever process is free (`tasks.queue.ts` of the
 * area); this module is the record every process reads the same. A task's file is stored with it in
 * 256 kB chunks, so the process that runs it reads it as a stream.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { storableText } from '../../shared/control-characters.ts';
import { getDb, intArray, queryRows, textArray, type Db } from '../db/client.ts';
import { nextTurn } from '../event-loop.ts';
import { taskFileChunks, taskRowErrors, tasks } from '../db/schema/index.ts';
import type { Paged, Paging } from '../paging.ts';

export type Task = typeof tasks.$inferSelect;

// On globalThis: the start script and the built server each load this module, and both must see the
// tasks this process runs.
const running: Set<string> = ((
  globalThis as typeof globalThis & { __shopRunningTasks?: Set<string> }
).__shopRunningTasks ??= new Set<string>());

/** The tasks this process is running now (the watchdog leaves them alone, whatever their heartbeat). */
export function runningTasks(): ReadonlySet<string> {
  return running;
}

/** Marks a task as run by this process until `done` is called, beating its heartbeat meanwhile. */
export function startRunning(id: string): () => void {
  running.add(id);
  const stop = keepTaskAlive(id);
  return () => {
    stop();
    running.delete(id);
  };
}
export type TaskStatus = Task['status'];

/** Statuses of a task that has not ended: a repeated upload answers the task in one of them. */
export const RUNNING_STATUSES: readonly TaskStatus[] = ['PENDING', 'STARTED', 'PROGRESS'];

// A quarter of a megabyte: on the embedded database storing a chunk holds every request, so it stays short.
const CHUNK_BYTES = 256 * 1024;

export interface NewTask {
  kind: string;
  country: string | null;
  options: Record<string, unknown>;
  file: Record<string, unknown>;
  createdBy: number | null;
  /** Same key while the first is running: that task is answered instead of a new one. */
  dedupeKey: string | null;
}

/** How often a running task's process says it is alive, and after how long without a beat it is taken for dead. */
export const TASK_HEARTBEAT = { everyMs: 10_000, deadAfterSeconds: 60 } as const;

/** What a task that lost its process says. */
export const TASK_STALLED_MESSAGE =
  'Загрузка прервалась: процесс магазина, который её выполнял, остановился. Ничего не записано — загрузите файл ещё раз.';

/**
 * Ends as FAILURE the started tasks whose heartbeat stopped (their process crashed or was killed),
 * except those this process runs (`runningHere`), optionally only those with `dedupeKey`. A task whose
 * writer still holds its row waits here until that writer ends, and is then left alone unless it is
 * still unfinished. Answers the ids ended.
 */
export async function endStalledTasks(
  db: Db,
  options: { kindPrefix: string; runningHere?: Iterable<string>; dedupeKey?: string; deadAfterSeconds?: number },
): Promise<string[]> {
  const here = [...(options.runningHere ?? [])];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update tasks set status = 'FAILURE', finished_at = now(),
               result = ${JSON.stringify({ message: TASK_STALLED_MESSAGE, code: 'stalled' })}::jsonb,
               progress = jsonb_set(progress, '{stage}', '"done"')
        where kind like ${`${options.kindPrefix}%`} and status in ('STARTED', 'PROGRESS')
          and coalesce(heartbeat_at, started_at, created_at)
              < now() - make_interval(secs => ${options.deadAfterSeconds ?? TASK_HEARTBEAT.deadAfterSeconds})
          and ${options.dedupeKey === undefined ? sql`true` : sql`dedupe_key = ${options.dedupeKey}`}
          and not (id::text = any(${textArray(here)}::text[]))
        returning id`,
  );
  return rows.map((r) => r.id);
}

/**
 * Beats the task's heartbeat every {@link TASK_HEARTBEAT}.everyMs until the returned function is called.
 * A beat that fails (the database busy or away) is tried again at the next tick.
 */
export function keepTaskAlive(id: string): () => void {
  const beat = async () => {
    try {
      const db = await getDb();
      await db.execute(
        sql`update tasks set heartbeat_at = now() where id = ${id}::uuid and status in ('PENDING', 'STARTED', 'PROGRESS')`,
      );
    } catch {
      // The next beat tries again; the watchdog waits a minute before it gives up on a task.
    }
  };
  const timer = setInterval(() => void beat(), TASK_HEARTBEAT.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Creates a task, or answers the running task with the same `dedupeKey` (`created` false); a running
 * task with that key whose process died is ended first, so it never holds a new upload back. The file
 * is stored by `store` inside the same transaction, so a task never exists without its file.
 */
export async function createTask(
  input: NewTask,
  store: (db: Db, taskId: string) => Promise<void>,
): Promise<{ task: Task; created: boolean }> {
  const db = await getDb();
  if (input.dedupeKey !== null) {
    await endStalledTasks(db, { kindPrefix: input.kind, dedupeKey: input.dedupeKey, runningHere: runningTasks() });
  }
  const started = await db.transaction(async (tx) => {
    const [inserted] = await queryRows<{ id: string }>(
      tx,
      sql`insert into tasks (kind, country, options, file, created_by, dedupe_key)
          values (${input.kind}, ${input.country}, ${JSON.stringify(input.options)}::jsonb,
                  ${JSON.stringify(input.file)}::jsonb, ${input.createdBy}, ${input.dedupeKey})
          on conflict (dedupe_key) where status in ('PENDING', 'STARTED', 'PROGRESS') do nothing
          returning id`,
    );
    if (!inserted) {
      const [running] = await tx
        .select()
        .from(tasks)
        .where(and(eq(tasks.dedupeKey, input.dedupeKey!), inArray(tasks.status, [...RUNNING_STATUSES])));
      return { task: running!, created: false };
    }
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, inserted.id));
    return { task: task!, created: true };
  });
  if (!started.created) return started;
  // The file outside the task's transaction, a chunk at a time: on the embedded database a transaction
  // holds every other request, and a 20 MB file stored in one held them for seconds. The task is queued
  // only once this returns; a worker reads the file checked against its size (`readTaskFile`).
  try {
    await store(db, started.task.id);
  } catch (error) {
    await db.delete(tasks).where(eq(tasks.id, started.task.id));
    throw error;
  }
  return started;
}

/** A file's bytes, a chunk at a time, with a turn of the event loop between two chunks. */
async function* chunksOf(data: Blob): AsyncGenerator<Buffer> {
  for (let start = 0; start < data.size; start += CHUNK_BYTES) {
    // Other requests are answered between two chunks (the embedded database stores one synchronously).
    if (start > 0) await nextTurn();
    yield Buffer.from(await data.slice(start, start + CHUNK_BYTES).arrayBuffer());
  }
}

/**
 * Stores a file's bytes as the task's chunks, in order, reading one chunk at a time (an upload is a
 * `Blob` on disk: a 20 MB file is never whole in memory). An empty file is one empty chunk.
 */
export async function storeTaskFile(db: Db, taskId: string, data: Blob): Promise<void> {
  let seq = 0;
  for await (const chunk of chunksOf(data)) await db.insert(taskFileChunks).values({ taskId, seq: seq++, data: chunk });
  if (seq === 0) await db.insert(taskFileChunks).values({ taskId, seq, data: Buffer.alloc(0) });
}

/** A file's SHA-256 in hex, read a chunk at a time. */
export async function sha256Of(data: Blob): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of chunksOf(data)) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * The task's file, chunk by chunk (one chunk in memory at a time). With `size` (what the upload
 * received), a file stored only in part (its process stopped while storing it) throws once read.
 */
export async function* readTaskFile(taskId: string, expected: { size?: number } = {}): AsyncGenerator<Buffer> {
  const db = await getDb();
  let bytes = 0;
  for (let seq = 0; ; seq += 1) {
    if (seq > 0) await nextTurn();
    const [chunk] = await db
      .select({ data: taskFileChunks.data })
      .from(taskFileChunks)
      .where(and(eq(taskFileChunks.taskId, taskId), eq(taskFileChunks.seq, seq)));
    if (!chunk) break;
    bytes += chunk.data.length;
    if (chunk.data.length) yield chunk.data;
  }
  if (expected.size !== undefined && bytes !== expected.size)
    throw new Error(`The file of task ${taskId} is stored in part: ${bytes} of ${expected.size} bytes`);
}

export async function findTask(id: string, db?: Db): Promise<Task | null> {
  const database = db ?? (await getDb());
  const [task] = await database.select().from(tasks).where(eq(tasks.id, id));
  return task ?? null;
}

/** The task's row, locked until the transaction ends (a retried run waits for, then sees, the first). */
export async function lockTask(tx: Db, id: string): Promise<Task | null> {
  const [row] = await queryRows<{ id: string }>(tx, sql`select id from tasks where id = ${id} for update`);
  return row ? findTask(row.id, tx) : null;
}

export async function updateTask(id: string, set: Partial<Omit<Task, 'id' | 'createdAt'>>, db?: Db): Promise<void> {
  const database = db ?? (await getDb());
  await database.update(tasks).set(set).where(eq(tasks.id, id));
}

/**
 * Updates a task only while it has not ended: what its runner reports never revives a task the
 * watchdog ended (`endStalledTasks`). Answers whether it was still running.
 */
export async function updateRunningTask(
  id: string,
  set: Partial<Omit<Task, 'id' | 'createdAt'>>,
  db?: Db,
): Promise<boolean> {
  const database = db ?? (await getDb());
  const updated = await database
    .update(tasks)
    .set(set)
    .where(and(eq(tasks.id, id), inArray(tasks.status, [...RUNNING_STATUSES])))
    .returning({ id: tasks.id });
  return updated.length > 0;
}

/** Stores a task's row errors in one statement per 20,000 (they are read back by page). */
export async function storeRowErrors(
  db: Db,
  taskId: string,
  errors: readonly {
    row: number;
    column: string | null;
    value: string | null;
    code: string;
    message: string;
    item?: string | null;
  }[],
): Promise<void> {
  const CHUNK = 20_000;
  // A value as written may hold what text cannot store (a NUL): kept as near to it as text allows.
  const text = (value: string | null | undefined) =>
    value === null || value === undefined ? null : storableText(value);
  for (let start = 0; start < errors.length; start += CHUNK) {
    const part = errors.slice(start, start + CHUNK).map((e) => ({
      ...e,
      column: text(e.column),
      value: text(e.value),
      message: storableText(e.message),
      item: text(e.item),
    }));
    await db.execute(sql`
      insert into task_row_errors (task_id, row, "column", value, code, message, item)
      select ${taskId}::uuid, e.row, e.col, e.value, e.code, e.message, e.item
      from unnest(${intArray(part.map((e) => e.row))}::int[], ${textArray(part.map((e) => e.column))}::text[],
                  ${textArray(part.map((e) => e.value))}::text[], ${textArray(part.map((e) => e.code))}::text[],
                  ${textArray(part.map((e) => e.message))}::text[], ${textArray(part.map((e) => e.item ?? null))}::text[])
        as e(row, col, value, code, message, item)`);
  }
}

export async function clearRowErrors(db: Db, taskId: string): Promise<void> {
  await db.delete(taskRowErrors).where(eq(taskRowErrors.taskId, taskId));
}

export type TaskRowError = typeof taskRowErrors.$inferSelect;

/** A task's row errors in file order, after the one with id `after` (for reading them all in pages). */
export async function listRowErrors(taskId: string, limit: number, after = 0): Promise<TaskRowError[]> {
  const db = await getDb();
  return db
    .select()
    .from(taskRowErrors)
    .where(and(eq(taskRowErrors.taskId, taskId), gt(taskRowErrors.id, after)))
    .orderBy(asc(taskRowErrors.id))
    .limit(limit);
}

/**
 * Tasks of the given kinds, newest first, optionally of one kind, country or status,
 * or only those whose options say `dry_run` is (or is not) set.
 */
export async function listTasks(
  filter: { kinds: readonly string[]; kind?: string; country?: string; status?: TaskStatus; dryRun?: boolean },
  paging: Paging,
): Promise<Paged<Task>> {
  const db = await getDb();
  const conditions: SQL[] = [inArray(tasks.kind, [...filter.kinds])];
  if (filter.kind) conditions.push(eq(tasks.kind, filter.kind));
  if (filter.country) conditions.push(eq(tasks.country, filter.country));
  if (filter.status) conditions.push(eq(tasks.status, filter.status));
  if (filter.dryRun !== undefined)
    conditions.push(sql`coalesce((${tasks.options}->>'dry_run')::boolean, false) = ${filter.dryRun}`);
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db.select().from(tasks).where(where).orderBy(desc(tasks.createdAt)).limit(paging.limit).offset(paging.offset),
    db.select({ value: count() }).from(tasks).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}
