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
