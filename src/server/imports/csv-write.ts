/**
 * CSV files the shop gives back: the rows of an upload that did not read (in the uploader's own
 * encoding and delimiter, so their Excel opens it as it opened theirs) and the stock template.
 */
import iconv from 'iconv-lite';
import type { CsvFacts } from './import.types.ts';

export type CsvForm = Pick<CsvFacts, 'encoding' | 'bom' | 'delimiter' | 'lineEnding'>;

/** The header of the stock template, a valid stock upload header. */
export const STOCK_TEMPLATE_HEADER = ['артикул', 'наименование', 'количество', 'было'] as const;

/** The column the error CSV adds. */
export const ERROR_COLUMN = 'ошибка';

const TEMPLATE_FORM: CsvForm = { encoding: 'utf-8', bom: true, delimiter: ';', lineEnding: '\r\n' };

const BOMS: Record<CsvForm['encoding'], Buffer> = {
  'utf-8': Buffer.from([0xef, 0xbb, 0xbf]),
  'utf-16le': Buffer.from([0xff, 0xfe]),
  'windows-1251': Buffer.alloc(0),
};

function quote(cell: string, delimiter: string): string {
  const needsQuotes = cell.includes(delimiter) || cell.includes('"') || cell.includes('\n') || cell.includes('\r');
  return needsQuotes ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * Rows as CSV bytes in a file's form: cells quoted when they hold the delimiter, a quote or a line
 * break; every row ends with the line ending; a BOM first when the form has one. Characters the
 * encoding lacks (windows-1251 has no «ә») become «?».
 */
export function encodeCsv(form: CsvForm, rows: readonly (readonly string[])[]): Buffer {
  const text = rows
    .map((cells) => cells.map((cell) => quote(cell, form.delimiter)).join(form.delimiter) + form.lineEnding)
    .join('');
  const body = iconv.encode(text, form.encoding);
  return form.bom ? Buffer.concat([BOMS[form.encoding], body]) : body;
}

/**
 * A cell Excel shows as text and never runs: one starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading `'` (OWASP, CSV injection).
 */
export function excelSafe(cell: string): string {
  const first = cell[0];
  return first === '=' || first === '+' || first === '-' || first === '@' || first === '\t' || first === '\r'
    ? `'${cell}`
    : cell;
}

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
