/**
 * CSV files the shop gives back: the rows of an upload that did not read (in the uploader's own
 * encoding and delimiter, so their Excel opens it as it opened theirs) and the stock template.
 */
import { encodeCsv, excelSafe, type CsvForm } from '../csv.ts';

export { encodeCsv, excelSafe, type CsvForm };

/** The header of the stock template, a valid stock upload header. */
export const STOCK_TEMPLATE_HEADER = ['артикул', 'наименование', 'количество', 'было'] as const;

/** The column the error CSV adds. */
export const ERROR_COLUMN = 'ошибка';

const TEMPLATE_FORM: CsvForm = { encoding: 'utf-8', bom: true, delimiter: ';', lineEnding: '\r\n' };

/**
 * The error CSV of an upload: its header and an «ошибка» column, then each bad row's cells as written
 * and its messages (one per line of the cell). Rows are padded to one width so the messages stay in
 * one column; every cell is {@link excelSafe}.
 */
export function renderErrorCsv(
  form: CsvForm,
  header: readonly string[],
  problems: readonly { cells: readonly string[]; messages: readonly string[] }[],
): Buffer {
  const width = Math.max(header.length, ...problems.map((p) => p.cells.length));
  const pad = (cells: readonly string[]): string[] => {
    const padded = cells.map(excelSafe);
    while (padded.length < width) padded.push('');
    return padded;
  };
  const rows = [[...pad(header), ERROR_COLUMN]];
  for (const problem of problems) rows.push([...pad(problem.cells), excelSafe(problem.messages.join('\n'))]);
  return encodeCsv(form, rows);
}

/**
 * A country's stock in the upload form (UTF-8 with a BOM, `;`, CRLF), header
 * {@link STOCK_TEMPLATE_HEADER}: «было» repeats the quantity, so uploading the template unchanged
 * changes nothing and an old copy is caught. SKUs are written `="…"` so Excel keeps them as text
 * (no lost leading zeros, no 4,60702E+12); the stock reader unwraps them.
 */
export function renderStockTemplate(rows: readonly { sku: string; name: string; quantity: number }[]): Buffer {
  const lines: string[][] = [[...STOCK_TEMPLATE_HEADER]];
  for (const row of rows) {
    const quantity = String(row.quantity);
    lines.push([`="${row.sku.replaceAll('"', '""')}"`, excelSafe(row.name), quantity, quantity]);
  }
  return encodeCsv(TEMPLATE_FORM, lines);
}
