/**
 * Staff imports as tasks: an upload is checked at once, stored with its task and answered 202; a job
 * (`imports.queue.ts`) runs it in whichever shop process is free; the task records how far it got and
 * what it did. A dry run can be applied later from its stored file, and an applied import undone.
 */
import { storableText } from '../../shared/control-characters.ts';
import { safeFilename } from '../requests/attachments.ts';
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows } from '../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import {
  createTask,
  findTask,
  listRowErrors,
  listTasks,
  lockTask,
  RUNNING_STATUSES,
  sha256Of,
  storeTaskFile,
  updateTask,
  type Task,
  type TaskRowError,
} from '../jobs/tasks.ts';
import type { FieldChange } from '../catalog/catalog-write.ts';
import type { Paged, Paging } from '../paging.ts';
import { checkUploadKind } from './file-kind.ts';
import { ImportFileError, type ImportKind } from './import.types.ts';
import { describeChanges, type ChangeTexts } from './change-labels.ts';
import type { ImportCounts } from './import-run.ts';
import {
  IMPORT_LIMITS,
  IMPORT_TASK_KINDS,
  importKindOf,
  TASK_KIND,
  type ErrorPolicy,
  type ImportOptions,
} from './imports.options.ts';
import { queueImportTask } from './imports.queue.ts';
import { applyRefusal, importOptionsOf } from './imports.runner.ts';
import { IMPORT_TEXT } from './imports.texts.ts';

export interface UploadInput {
  kind: ImportKind;
  /** Stock: the upload's country; prices carry theirs in the file. */
  country: CountryCode | null;
  options: ImportOptions;
  /** The upload as received: on disk (`requests/multipart.ts`), read a chunk at a time. */
  file: { name: string; data: Blob };
  userId: number;
}

/**
 * Checks an upload at once (what can be told from its first bytes) and stores it as a task; the same
 * file, kind, country and options while such a task is still running answer that task.
 * @throws ValidationError `{file: [...]}` for the wrong kind of file or a top level that is not the format
 */
export async function startImport(input: UploadInput): Promise<{ task: Task; created: boolean }> {
  try {
    checkUploadKind(input.kind, Buffer.from(await input.file.data.slice(0, 64 * 1024).arrayBuffer()));
  } catch (error) {
    if (error instanceof ImportFileError) throw new ValidationError({ file: [error.message] });
    throw error;
  }
  const sha256 = await sha256Of(input.file.data);
  // The name as people read it: no path, no control or bidi characters (a NUL was a 500), no broken UTF-16.
  const name = storableText(safeFilename(input.file.name));
  const options = { dry_run: input.options.dryRun, error_policy: input.options.errorPolicy, mode: input.options.mode };
  const started = await createTask(
    {
      kind: TASK_KIND[input.kind],
      country: input.country,
      options,
      file: { name, size: input.file.data.size, sha256 },
      createdBy: input.userId,
      dedupeKey: [TASK_KIND[input.kind], input.country ?? '', sha256, JSON.stringify(options)].join(':'),
    },
    (db, taskId) => storeTaskFile(db, taskId, input.file.data),
  );
  if (started.created) await queueImportTask(started.task.id);
  return started;
}

/** An import task by id, or NotFoundError. */
export async function getImportTask(taskId: string): Promise<Task> {
  const task = await findTask(taskId);
  if (!task || !importKindOf(task.kind)) throw new NotFoundError(IMPORT_TEXT.notFound);
  return task;
}

/**
 * Applies a dry run: a new task runs the same file with the same options, writing this time (the
 * catalog may have changed since the preview; the new task reports what it did). `errorPolicy` may
 * turn a check's «reject everything» into «write the good rows».
 * @throws ConflictError (409) while the check runs, when it read no file, found errors it may not
 *   write past, changes nothing, or was applied already.
 */
export async function applyDryRun(
  taskId: string,
  userId: number,
  override: { errorPolicy?: ErrorPolicy } = {},
): Promise<Task> {
  const preview = await getImportTask(taskId);
  const options = importOptionsOf(preview);
  if (!options.dryRun) throw new ValidationError({ non_field_errors: [IMPORT_TEXT.applyNotDryRun] });
  if (RUNNING_STATUSES.includes(preview.status)) throw new ConflictError(IMPORT_TEXT.applyNotReady);
  if (preview.appliedAt) throw new ConflictError(IMPORT_TEXT.alreadyApplied);
  if (preview.status === 'FAILURE') throw new ConflictError(IMPORT_TEXT.applyFailed);
  const errorPolicy = override.errorPolicy ?? options.errorPolicy;
  const changes = Number((preview.result as { changes?: number } | null)?.changes ?? 0);
  const refusal = applyRefusal(
    { ...options, errorPolicy },
    {
      counts: { rows: 0, created: 0, updated: 0, unchanged: 0, errors: 0, ...preview.counts } as ImportCounts,
      changes,
    },
  );
  if (refusal) throw new ConflictError(refusal);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const locked = await lockTask(tx, taskId);
    if (locked?.appliedAt) throw new ConflictError(IMPORT_TEXT.alreadyApplied);
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into tasks (kind, country, options, file, created_by)
          values (${preview.kind}, ${preview.country},
                  ${JSON.stringify({ ...preview.options, dry_run: false, error_policy: errorPolicy, from_dry_run: preview.id })}::jsonb,
                  ${JSON.stringify(preview.file)}::jsonb, ${userId})
          returning id`,
    );
    await tx.execute(
      sql`insert into task_file_chunks (task_id, seq, data) select ${row!.id}::uuid, seq, data from task_file_chunks where task_id = ${taskId}::uuid`,
    );
    // The preview counts as applied from now: applying it twice would make two tasks of one file.
    await updateTask(taskId, { appliedAt: new Date(), appliedBy: userId }, tx);
    return row!.id;
  });
  await queueImportTask(created);
  return (await findTask(created))!;
}

/** A task with what its answer shows: its first row errors and changes, and who started it. */
export interface TaskDetails {
  task: Task;
  errors: TaskRowError[];
  /** The first changes, with the product's name and the field and values in words. */
  changes: (FieldChange & { name: string | null } & ChangeTexts)[];
  changesTotal: number;
  createdBy: { id: number; email: string } | null;
}

export async function getTaskDetails(taskId: string): Promise<TaskDetails> {
  const task = await getImportTask(taskId);
  const db = await getDb();
  const source = task.appliedAt && !(task.options as { dry_run?: boolean }).dry_run ? 'import' : 'preview';
  const [errors, changes, [total], creator] = await Promise.all([
    listRowErrors(taskId, IMPORT_LIMITS.errorsListed),
    queryRows<{
      product_id: number | null;
      sku: string;
      name: string | null;
      country: CountryCode | null;
      field: string;
      old_value: string | null;
      new_value: string | null;
    }>(
      db,
      sql`select c.product_id, c.sku, p.name, c.country, c.field, c.old_value, c.new_value
          from catalog_changes c left join products p on p.id = c.product_id
          where c.task_id = ${taskId}::uuid and c.source = ${source} order by c.id limit ${IMPORT_LIMITS.changesListed}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(changes), 0)::int as n from catalog_change_counts
          where task_id = ${taskId}::uuid and source = ${source}`,
    ),
    task.createdBy === null
      ? Promise.resolve([])
      : queryRows<{ id: number; email: string }>(db, sql`select id, email from users where id = ${task.createdBy}`),
  ]);
  const listed = changes.map((c) => ({
    productId: c.product_id,
    sku: c.sku,
    name: c.name,
    country: c.country,
    field: c.field,
    oldValue: c.old_value,
    newValue: c.new_value,
  }));
  const texts = await describeChanges(listed);
  return {
    task,
    errors,
    changes: listed.map((c, i) => ({ ...c, ...texts[i]! })),
    changesTotal: Number(total?.n ?? 0),
    createdBy: creator[0] ? { id: Number(creator[0].id), email: creator[0].email } : null,
  };
}

/** Import tasks by page, with the same details as one task's answer. */
export async function listImportTasks(
  filter: { kind?: ImportKind; country?: CountryCode; status?: Task['status']; dryRun?: boolean },
  paging: Paging,
): Promise<Paged<TaskDetails>> {
  const found = await listTasks(
    {
      kinds: IMPORT_TASK_KINDS,
      kind: filter.kind ? TASK_KIND[filter.kind] : undefined,
      country: filter.country,
      status: filter.status,
      dryRun: filter.dryRun,
    },
    paging,
  );
  return { items: await Promise.all(found.items.map((task) => getTaskDetails(task.id))), count: found.count };
}
