/** What an upload may ask for, and the limits every import keeps. */
import { sql, type SQL } from 'drizzle-orm';
import { textArray } from '../db/client.ts';
import type { ImportKind } from './import.types.ts';

/** Days an import's audit rows are kept after it ended (`import-retention.ts`). */
export const IMPORT_DETAILS_KEPT_DAYS = 180;

export const ERROR_POLICIES = ['reject_everything', 'reject_failed_rows'] as const;
export type ErrorPolicy = (typeof ERROR_POLICIES)[number];

export const STOCK_MODES = ['merge', 'replace'] as const;
export type StockMode = (typeof STOCK_MODES)[number];

export interface ImportOptions {
  /** Compute everything, write nothing (the changes can be applied later without uploading again). */
  dryRun: boolean;
  /** `reject_everything`: one bad row and nothing is written; `reject_failed_rows`: the good rows are. */
  errorPolicy: ErrorPolicy;
  /** Stock only. `merge`: only the rows of the file; `replace`: every other offer of the country goes to 0. */
  mode: StockMode;
}

export const IMPORT_LIMITS = {
  /** The largest file an upload takes (413 above it, before it is read). */
  maxFileBytes: 50 * 1024 * 1024,
  /** Rows of one file. */
  maxRows: 250_000,
  /** Row errors the task answer lists; all of them are in the error CSV. */
  errorsListed: 100,
  /** Changes a dry run's answer lists; all of them are in its changes CSV. */
  changesListed: 100,
} as const;

/** The task kind of each import kind, in the `tasks` table. */
export const TASK_KIND: Record<ImportKind, string> = {
  products: 'import_products',
  prices: 'import_prices',
  stock: 'import_stock',
};

/** The staff imports' task kinds (1C's exchange runs tasks of its own, `import_1c`, listed elsewhere). */
export const IMPORT_TASK_KINDS: readonly string[] = Object.values(TASK_KIND);

/** The SQL condition that a task's `kind` column is a staff import's. */
export const isImportTask = (kind: SQL): SQL => sql`${kind} = any(${textArray(IMPORT_TASK_KINDS)}::text[])`;

export function importKindOf(taskKind: string): ImportKind | null {
  const found = (Object.entries(TASK_KIND) as [ImportKind, string][]).find(([, kind]) => kind === taskKind);
  return found ? found[0] : null;
}
