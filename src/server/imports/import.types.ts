/**
 * The shapes every part of a staff import shares: what a file is, what reading it found, a row as read
 * and what was wrong with one. The formats themselves are in the README ("Staff imports").
 */
import type { CountryCode } from '../../shared/countries.ts';

export const IMPORT_KINDS = ['products', 'prices', 'stock'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** One bad row (or cell) of a file: `row` is the line people see in their spreadsheet or editor (1-based). */
export interface RowError {
  row: number;
  /** The column (CSV header as written, or the JSON key); null for the row as a whole. */
  column: string | null;
  /** The offending value as written; null when there is none (a missing key, an empty cell is ''). */
  value: string | null;
  code: ImportErrorCode;
  /** Russian, for people: what is wrong and what to do. */
  message: string;
  /** A JSON file's element (`products[41]`), which tells rows apart when several start on one line. */
  item?: string | null;
}

/**
 * Every row error code (the README lists them with their messages). File-level problems are not row
 * errors: they throw `ImportFileError`.
 */
export const IMPORT_ERROR_CODES = [
  // stock CSV
  'sku_missing', // empty SKU cell
  'sku_scientific', // a SKU Excel turned into 4,60702E+12
  'quantity_missing', // empty quantity cell (empty is not 0)
  'quantity_invalid', // text, a fraction (12,5), a negative number
  'quantity_was_invalid', // the `было` cell is not a whole number ≥ 0
  'duplicate_sku', // the same SKU on several lines of one file (each line gets it)
  'row_columns', // a line with fewer cells than the header needs
  'stock_conflict', // `было` differs from the stock now
  // any kind
  'unknown_sku', // no product with this SKU (stock, prices)
  'no_offer', // stock for a SKU without a price in that country: load prices first
  // prices JSON
  'price_invalid', // not a number > 0 with at most 2 decimals
  'old_price_invalid', // not null, or not above price
  'country_invalid', // a row's country the shop does not sell in
  'currency_mismatch', // a row's country whose currency is not the file's
  'unknown_price_list', // a «прайс-лист» cell naming no price list
  // products JSON
  'not_an_object', // a row that is not a JSON object
  'unknown_field', // a key the format does not have (a typo must not pass silently)
  'field_invalid', // a value of the wrong type or form
  'field_required', // a new product without name or category; a row without sku
  'category_unknown',
  'brand_unknown', // a brand slug that does not exist (an unknown brand *name* creates the brand)
  'specification_unknown', // names the known ones in the message
  'slug_taken', // a slug another product already has
  'image_unavailable', // a photo's URL that could not be fetched, or what it gave is not a photo
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** A problem with the file as a whole: the upload answers 400, or the task fails, with this message. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  readonly code: ImportFileErrorCode;
  // A field, not a parameter property: server code is erasable TypeScript (node runs it by type stripping).
  constructor(code: ImportFileErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export type ImportFileErrorCode =
  | 'empty' // no bytes, or no rows after the header
  | 'wrong_kind' // a JSON file sent to the CSV route, a stock CSV to a JSON route...
  | 'not_the_format' // JSON whose top level is neither the format object nor a bare array; a wrong `format`
  | 'invalid_json' // JSON that does not parse (with the line)
  | 'invalid_csv' // CSV that does not split into rows: a quote never closed (with the line)
  | 'encoding' // bytes that are no text in any encoding we read
  | 'no_header' // a CSV without the sku and quantity columns (names the columns found)
  | 'country_mismatch' // a prices file whose `currency` is not its `country`'s
  | 'too_many_rows' // over the row cap
  | 'invalid_xlsx' // a workbook that does not unzip or parse
  | 'no_country'; // a price table without a country column, uploaded without a country

/** What reading a CSV file found out about it; error CSVs are written back the same way. */
export interface CsvFacts {
  encoding: 'utf-8' | 'windows-1251' | 'utf-16le';
  /** A byte order mark was there (and is written back). */
  bom: boolean;
  delimiter: ';' | ',' | '\t';
  lineEnding: '\r\n' | '\n';
  /** The header cells as written. */
  header: string[];
}

/** A cell of a table upload as it holds it: text, a number (a workbook's, as stored) or a logical value. */
export type TableCell = string | number | boolean;

/** A data row of a table upload: its cells, and the row number Excel shows (or the CSV's line). */
export interface TableRecord {
  line: number;
  cells: TableCell[];
}

/** A data row of a stock file that read well. `cells` are the row's cells as written (for the error file). */
export interface StockRow {
  row: number;
  sku: string;
  quantity: number;
  /** The `было` column: the stock the file was made from; null when the file has no such column. */
  quantityWas: number | null;
  cells: TableCell[];
}

/** A data row of a stock file that did not read: its errors and its cells as written. */
export interface StockRowProblem {
  row: number;
  /** The line's SKU cell as written (trimmed), when it has one: `replace` mode leaves that product alone. */
  sku?: string;
  cells: TableCell[];
  errors: RowError[];
}

export type StockCsvItem = { kind: 'row'; value: StockRow } | { kind: 'problem'; value: StockRowProblem };

/**
 * A products file's row as read: only the keys the row has (absent = leave as is, null = clear a
 * nullable field). Values are checked for type and form; whether a category, brand or specification
 * exists is the import's to check against the database.
 */
export interface ProductRow {
  row: number;
  /** Position in the `products` array (or among a table's data rows), from 0. */
  index: number;
  /** A JSON file's element, `products[41]`; absent for a table's row. */
  item?: string;
  sku: string;
  name?: string;
  slug?: string;
  /** Category slug; a table's row may also name it as it is called. */
  category?: string;
  /** Brand slug or exact name; null removes the brand. */
  brand?: string | null;
  family?: string | null;
  isActive?: boolean;
  /** HTML as sent; the import sanitises it. */
  description?: string;
  images?: string[];
  /** Specification slug → values (a single value becomes a list of one). */
  specifications?: Record<string, string[]>;
}

export interface PriceRow {
  row: number;
  index: number;
  /** A JSON file's element, `prices[41]`; absent for a table's row. */
  item?: string;
  sku: string;
  country: CountryCode;
  /** Decimal string, 2 places: "1250.00"; null for a table's empty cell (set nothing where the product is not sold). */
  price: string | null;
  /** Decimal string, 2 places, or null (no old price); undefined: leave as is. */
  oldPrice?: string | null;
  /**
   * A table's «прайс-лист» cell (its name or id): the price is that list's fixed price of the product, not
   * the public one. Its country is the list's; `countryStated` says the row (or the upload) named one too.
   */
  priceList?: string;
  countryStated?: boolean;
}

/** The header of a prices file, read before its rows. */
export interface PricesFileHeader {
  country: CountryCode | null;
  currency: string | null;
}

/**
 * An item of a read file: a row that read well, or the errors of one that did not, with its SKU (and
 * country) when those read, so a SKU repeated on a bad line is still found.
 */
export type RowItem<T> = { kind: 'row'; value: T } | { kind: 'problem'; value: RowProblem };

export interface RowProblem {
  row: number;
  index: number;
  errors: RowError[];
  sku?: string;
  country?: CountryCode;
}
