import { absoluteApiUrl } from '../urls.ts';
import { importKindOf, IMPORT_LIMITS } from '../../imports/imports.options.ts';
import type { TaskDetails } from '../../imports/imports.service.ts';
import { IMPORT_TEXT } from '../../imports/imports.texts.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toTaskStartedJson(task: { id: string; status: string }) {
  return {
    task_id: task.id,
    status: task.status,
    status_url: absoluteApiUrl(`/products/task_checking/?task_id=${task.id}`),
  };
}

/** An import task as `task_checking` answers it. */
export function toTaskJson({ task, errors, changes, changesTotal, createdBy }: TaskDetails) {
  const options = task.options as { dry_run?: boolean; error_policy?: string; mode?: string };
  const kind = importKindOf(task.kind)!;
  const result = task.result as { message?: string } | null;
  const file = task.file as {
    name?: string;
    size?: number;
    sha256?: string;
    format?: 'json' | 'csv' | 'xlsx';
    encoding?: string;
    delimiter?: string;
    sheet?: string;
  };
  const ready = task.status === 'SUCCESS' || task.status === 'FAILURE';
  const outcome = result as {
    can_apply?: boolean;
    apply_refusal?: string | null;
    would?: Record<string, number>;
  } | null;
  const check = (options.dry_run ?? false) && ready;
  const canApply = check ? task.status === 'SUCCESS' && (outcome?.can_apply ?? true) && !task.appliedAt : null;
  const counts = task.counts as Record<string, number>;
  const base = `/staff/imports/${task.id}`;
  return {
    task_id: task.id,
    status: task.status,
    ready,
    result: task.status === 'FAILURE' ? (result?.message ?? null) : (result ?? null),
    kind,
    country: task.country,
    dry_run: options.dry_run ?? false,
    error_policy: options.error_policy ?? 'reject_everything',
    mode: kind === 'stock' ? (options.mode ?? 'merge') : null,
    progress: {
      current: task.progress.current,
      total: task.progress.total,
      percent: task.progress.total
        ? Math.min(100, Math.round((task.progress.current / task.progress.total) * 100))
        : ready
          ? 100
          : null,
      stage: task.progress.stage,
    },
    file: {
      name: file.name ?? '',
      size: file.size ?? 0,
      sha256: file.sha256 ?? '',
      format: file.format ?? null,
      encoding: file.encoding ?? null,
      delimiter: file.delimiter ?? null,
      sheet: file.sheet ?? null,
    },
    counts: {
      rows: counts.rows ?? 0,
      created: counts.created ?? 0,
      updated: counts.updated ?? 0,
      unchanged: counts.unchanged ?? 0,
      errors: counts.errors ?? 0,
    },
    errors: errors.slice(0, IMPORT_LIMITS.errorsListed).map((e) => ({
      row: e.row,
      item: e.item,
      column: e.column,
      value: e.value,
      code: e.code,
      message: e.message,
    })),
    errors_total: task.errorsTotal,
    errors_url: task.errorsTotal ? absoluteApiUrl(`${base}/errors/`) : null,
    changes: changes.map((c) => ({
      sku: c.sku,
      name: c.name,
      country: c.country,
      field: c.field,
      old: c.oldValue,
      new: c.newValue,
      field_label: c.label,
      old_text: c.oldText,
      new_text: c.newText,
    })),
    changes_total: changesTotal,
    changes_url: changesTotal && !task.detailsPrunedAt ? absoluteApiUrl(`${base}/changes/`) : null,
    notes: [
      ...(((result as { notes?: string[] } | null)?.notes ?? []) as string[]),
      ...(task.detailsPrunedAt ? [IMPORT_TEXT.detailsPruned] : []),
    ],
    created_by: createdBy,
    created_at: task.createdAt.toISOString(),
    started_at: iso(task.startedAt),
    finished_at: iso(task.finishedAt),
    applied_at: iso(task.appliedAt),
    undone_at: iso(task.undoneAt),
    details_pruned_at: iso(task.detailsPrunedAt),
    can_apply: canApply,
    apply_refusal: check && !task.appliedAt ? (outcome?.apply_refusal ?? null) : null,
    would:
      task.status === 'FAILURE' && outcome?.would
        ? {
            created: outcome.would.created ?? 0,
            updated: outcome.would.updated ?? 0,
            unchanged: outcome.would.unchanged ?? 0,
          }
        : null,
    apply_url: canApply ? absoluteApiUrl(`${base}/apply/`) : null,
    undo_url:
      !options.dry_run && task.appliedAt && !task.undoneAt && !task.detailsPrunedAt
        ? absoluteApiUrl(`${base}/undo/`)
        : null,
  };
}
