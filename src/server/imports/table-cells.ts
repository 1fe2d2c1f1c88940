/**
 * Cells of a table upload read as the values they hold: a workbook keeps numbers as numbers, a CSV as
 * text written the ways Excel writes them in this region (see stock-cells.ts and prices-file.ts).
 */
import { isStorableText } from '../../shared/control-characters.ts';
import { MAX_STOCK_COUNT, parseStockCount, readSku, type CountProblem, type SkuProblem } from './stock-cells.ts';
import { cellText, type TableCell } from './xlsx-table.ts';

/** Whether a cell holds nothing (empty, or only spaces). */
export function isEmptyCell(cell: TableCell | undefined): boolean {
  return cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

// A leading «'» is how the shop's CSVs keep a cell starting with = + - @ from running as a formula
// (excelSafe); read back, it goes again.
const GUARDED = /^'[=+\-@\t\r]/;

/** A cell as text, trimmed; a number as people write it here (decimal comma), a CSV's formula guard taken off. */
export function cellString(cell: TableCell | undefined): string {
  if (cell === undefined) return '';
  const text = cellText(cell).trim();
  return GUARDED.test(text) ? text.slice(1) : text;
}

/** A SKU from a cell: text as {@link readSku} reads it; a whole number as its digits (a workbook keeps 4607023450012 exactly). */
export function cellSku(cell: TableCell | undefined): string | SkuProblem {
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return readSku(cellString(cell));
}

/** A whole count from a cell: a number in a workbook, or text as {@link parseStockCount} reads it. */
export function cellCount(cell: TableCell | undefined): number | CountProblem {
  if (typeof cell !== 'number') return parseStockCount(cell === undefined ? '' : cellString(cell));
  if (cell < 0) return 'negative';
  const whole = Math.round(cell);
  if (Math.abs(cell - whole) > 1e-9) return 'fraction';
  return whole > MAX_STOCK_COUNT ? 'too_large' : whole;
}

/**
 * A price from a workbook's number: a decimal string with 2 places, or null when the number is not
 * above 0 or has more than 2 decimals (a float's last bits, 1250.1000000000001, are no decimals).
 */
export function numberPrice(value: number, maxDigits: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const cents = Math.round(value * 100);
  if (Math.abs(value * 100 - cents) > 1e-6 * Math.max(1, Math.abs(value))) return null;
  const whole = Math.floor(cents / 100);
  if (String(whole).length > maxDigits) return null;
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** The first cell holding what text cannot store (a NUL, half of a UTF-16 pair), or -1. */
export function unstorableCell(cells: readonly TableCell[]): number {
  return cells.findIndex((cell) => typeof cell === 'string' && !isStorableText(cell));
}

export { UNSTORABLE_MESSAGE } from './json-row-fields.ts';
