/** The journal's entries as the domain gives them (`journal.queries.ts`) and words and mappers read them. */
import type { CountryCode } from '../../shared/countries.ts';
import { IMPORT_KINDS } from '../imports/import.types.ts';
import { STAFF_ENTITIES } from './staff-changes.ts';

/** The imports the journal names: the staff's uploads and the exchange with 1C. */
export const JOURNAL_IMPORT_KINDS = [...IMPORT_KINDS, 'exchange'] as const;
export type JournalImportKind = (typeof JOURNAL_IMPORT_KINDS)[number];

export const JOURNAL_ENTITIES = ['product', 'import', ...STAFF_ENTITIES] as const;
export type JournalEntity = (typeof JOURNAL_ENTITIES)[number];
export type JournalAction = 'create' | 'update' | 'delete' | 'import' | 'undo';

export interface JournalPerson {
  id: number;
  email: string;
  /** First and last name; empty when the account has none. */
  name: string;
}

export interface JournalChange {
  field: string;
  /** What staff call the field («цена», or a specification's name). */
  label: string;
  before: unknown;
  after: unknown;
  /** Names of what ids refer to (a category, a brand), before and after, where the values are ids. */
  names?: [string | null, string | null];
}

export interface JournalEntry {
  id: string;
  at: Date;
  /** Who made the change; null for an account deleted since. */
  user: JournalPerson | null;
  entity: JournalEntity;
  /** A product's SKU, an import's task id, the id of anything else. */
  entityId: string;
  /** What the back office opens the record by (a SKU, an email, a task id, an id); null once it is gone. */
  linkId: string | null;
  /** What the record is called (a product's or a brand's name, a publication's title); null when unknown. */
  label: string | null;
  action: JournalAction;
  /** The country of the prices and stock changed. */
  country: CountryCode | null;
  source: 'staff' | 'import' | 'undo';
  changes: JournalChange[];
  /** The import the change came with: its task, kind, file and how many changes it made (or undid). */
  import: { taskId: string; kind: JournalImportKind | null; fileName: string | null; changes: number } | null;
}
