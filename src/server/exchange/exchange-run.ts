/** What each kind of exchange file is handed to run, and what it answers. */
import type { CountryCode } from '../../shared/countries.ts';
import type { CatalogActor } from '../catalog/catalog-write.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';

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
  /**
   * A full package split in numbered parts (`import0_1.xml`, `offers0_2.xml`): what it held, so the session's
   * end (`mode=complete`) hides the products (or zeroes the stock) that none of the parts held.
   */
  deferred?: { kind: 'catalog'; products: string[] } | { kind: 'offers'; products: number[]; countries: CountryCode[] };
}

/** Where in a file the exchange stopped, for staff: the line, the element (`Товар 1b2c…`) and why. */
export interface FailurePlace {
  line: number | null;
  element: string | null;
  reason: string;
}

/** What went wrong with a file, in words 1C shows: the task fails with it and nothing is written. */
export class ExchangeFailure extends Error {
  override name = 'ExchangeFailure';
  readonly place: FailurePlace | null;
  constructor(message: string, place: FailurePlace | null = null) {
    super(message);
    this.place = place;
  }
}

/** A failure at an element of the file: «import.xml, строка 12: у товара … нет Ид.» */
export function elementFailure(filename: string, line: number, reason: string, element: string | null = null) {
  return new ExchangeFailure(EXCHANGE_TEXT.element(filename, line, reason), { line, element, reason });
}

/** A file that is not XML at all. */
export function xmlFailure(filename: string, line: number, reason: string) {
  return new ExchangeFailure(EXCHANGE_TEXT.notXml(filename, line, reason), {
    line,
    element: null,
    reason: `не XML: ${reason}`,
  });
}

/** `offers0_1.xml`, `import0_2.xml`: one of the numbered packages newer 1C versions split an exchange into. */
export const isPackagePart = (filename: string) => /\d+_\d+\.xml$/i.test(filename);
