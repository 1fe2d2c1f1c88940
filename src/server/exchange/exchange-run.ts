/** What each kind of exchange file is handed to run, and what it answers. */
import type { CatalogActor } from '../catalog/catalog-write.ts';

export interface ExchangeContext {
  taskId: string;
  sessionId: string;
  /** The file's name as 1C gave it (`import0_1.xml`). */
  filename: string;
  actor: CatalogActor;
  /** The file, chunk by chunk. */
  file(): AsyncIterable<Buffer>;
  /** Another file of the session (a picture), or null when 1C sent none of that name. */
  readFile(name: string): Promise<Buffer | null>;
  /** Reports how far the task got (outside the catalog change only). */
  progress(stage: string, current: number, total: number): Promise<void>;
  /** A fact worth telling staff (a picture skipped). */
  note(text: string): void;
}

export interface ExchangeOutcome {
  counts: { rows: number; created: number; updated: number; hidden: number; errors: number };
  notes: string[];
}

/** What went wrong with a file, in words 1C shows: the task fails with it and nothing is written. */
export class ExchangeFailure extends Error {
  override name = 'ExchangeFailure';
}
