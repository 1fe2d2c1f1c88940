/** What each kind of import is handed to run, and what it answers. */
import type { CountryCode } from '../../shared/countries.ts';
import type { CatalogActor, CatalogWrite, FieldChange } from '../catalog/catalog-write.ts';
import type { RowError } from './import.types.ts';
import type { ImportOptions } from './imports.options.ts';

export interface ImportContext {
  taskId: string;
  /** The upload's country (stock); prices carry theirs in the file; products have none. */
  country: CountryCode | null;
  options: ImportOptions;
  actor: CatalogActor;
  /** The uploaded file, chunk by chunk. */
  file(): AsyncIterable<Buffer>;
  /**
   * Reports how far the task got. Only outside the catalog change: on the embedded database a write from
   * outside the open transaction would wait for it to end.
   */
  progress(stage: ImportStage, current: number, total: number): Promise<void>;
  /** Called first inside the catalog change: waits for other imports of the same kind and country. */
  enter(write: CatalogWrite): Promise<void>;
  /**
   * Called inside the catalog change right before anything is written: locks the task and refuses
   * to write twice (a retried run after a crash). Throws when it must not write.
   */
  beforeWrite(write: CatalogWrite): Promise<void>;
}

export type ImportStage = 'reading' | 'checking' | 'writing' | 'done';

export interface ImportCounts {
  /** Data rows of the file. */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Rows with at least one error. */
  errors: number;
}

export interface ImportOutcome {
  counts: ImportCounts;
  /** Every row error, in file order. */
  errors: RowError[];
  /** What was written, or in a dry run (or when errors stopped it) what would have been. */
  changes: FieldChange[];
  /** Whether the changes were written. */
  applied: boolean;
  /** What reading the file found (encoding, delimiter...), kept with the task. */
  file: Record<string, unknown>;
  /** Facts worth telling (brands created, offers zeroed by `replace`). */
  notes: string[];
}

/** Whether an import writes: not in a dry run, and with errors only when the policy keeps the good rows. */
export function mayWrite(options: ImportOptions, errorRows: number): boolean {
  return !options.dryRun && (errorRows === 0 || options.errorPolicy === 'reject_failed_rows');
}

/** How many distinct rows `errors` name. */
export function errorRowCount(errors: readonly RowError[]): number {
  return new Set(errors.map((e) => e.row)).size;
}

/** Errors in file order (rows, then as found within a row). */
export function sortErrors(errors: RowError[]): RowError[] {
  return errors
    .map((e, i) => [e, i] as const)
    .sort((a, b) => a[0].row - b[0].row || a[1] - b[1])
    .map(([e]) => e);
}

/** A row or bad row of a file as a duplicate check sees it. */
interface KeyedRow {
  row: number;
  item?: string | null;
}

/** Where rows are, as a message says it: «строки 3, 7», or the elements of a JSON file written on one line. */
export function placesOf(refs: readonly KeyedRow[]): string {
  const lines = new Set(refs.map((r) => r.row));
  if (lines.size === refs.length || refs.some((r) => !r.item))
    return `${refs.length === 1 ? 'строка' : 'строки'} ${refs.map((r) => r.row).join(', ')}`;
  return refs.map((r) => r.item).join(', ');
}

/**
 * Finds the keys (a SKU, or a country and a SKU) on several rows of a file, bad rows included, and gives
 * each such row a `duplicate_sku` error naming the others: good rows leave the list (their error goes to
 * `errors`), a bad row gets the error beside its own. Answers the rows that stay.
 */
export function takeDuplicates<R extends KeyedRow & { sku: string }>(
  rows: readonly R[],
  problems: readonly (KeyedRow & { sku?: string; errors: RowError[] })[],
  keyOf: (row: { sku: string; country?: string }) => string,
  message: (sku: string, others: string) => string,
  errors: RowError[],
): R[] {
  const byKey = new Map<string, KeyedRow[]>();
  const note = (key: string, ref: KeyedRow) => {
    const seen = byKey.get(key);
    if (seen) seen.push(ref);
    else byKey.set(key, [ref]);
  };
  for (const row of rows) note(keyOf(row as R & { country?: string }), row);
  const keyed = problems.filter((p): p is typeof p & { sku: string } => p.sku !== undefined);
  for (const problem of keyed) note(keyOf(problem as { sku: string; country?: string }), problem);
  const duplicate = (ref: KeyedRow, sku: string, key: string): RowError => ({
    row: ref.row,
    column: null,
    value: sku,
    code: 'duplicate_sku',
    message: message(sku, placesOf(byKey.get(key)!.filter((other) => other !== ref))),
    item: ref.item ?? null,
  });
  for (const problem of keyed) {
    const key = keyOf(problem as { sku: string; country?: string });
    if (byKey.get(key)!.length > 1) errors.push(duplicate(problem, problem.sku, key));
  }
  return rows.filter((row) => {
    const key = keyOf(row as R & { country?: string });
    if (byKey.get(key)!.length === 1) return true;
    errors.push(duplicate(row, row.sku, key));
    return false;
  });
}
