/**
 * Tables the shop hands staff to open in Excel: as an .xlsx workbook (exceljs' streaming writer: SKUs
 * kept as text, money and counts as numbers, the header frozen) or as a CSV in a chosen form. Rows
 * arrive as a stream and leave as one, so an export of the whole catalog never sits in memory.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from './exceljs.ts';
import { encodeCsv, excelSafe, type CsvForm } from '../csv.ts';
import type { TableCell } from './import.types.ts';
import { cellText } from './xlsx-table.ts';

/** What a column holds, for its format in a workbook: text stays text (leading zeros), money shows cents. */
export type ColumnKind = 'text' | 'money' | 'count';

export interface TableColumn {
  header: string;
  /** Absent: cells are written as they come, without a number format. */
  kind?: ColumnKind;
  /** Width in characters. */
  width?: number;
}

const NUMBER_FORMATS: Record<ColumnKind, string> = { text: '@', money: '#,##0.00', count: '0' };

/**
 * The rows as an .xlsx workbook of one sheet, written as they come. A text column's numbers are written
 * as text; a cell of another kind that is a number stays a number.
 */
export function xlsxStream(
  sheetName: string,
  columns: readonly TableColumn[],
  rows: AsyncIterable<TableCell[]>,
): Readable {
  const out = new PassThrough();
  // No shared strings: the table of them would hold every text of the export in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    width: column.width ?? Math.max(10, Math.min(50, column.header.length + 4)),
    ...(column.kind ? { style: { numFmt: NUMBER_FORMATS[column.kind] } } : {}),
  }));
  const write = async () => {
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    for await (const cells of rows) {
      sheet
        .addRow(cells.map((cell, i) => (columns[i]?.kind === 'text' && typeof cell === 'number' ? String(cell) : cell)))
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

function asText(cell: TableCell): string {
  return typeof cell === 'string' ? cell : cellText(cell);
}

/**
 * The rows as CSV in `form` (see encodeCsv), written as they come: cells as text, made safe from
 * Excel formulas. The cells of `textColumns` (SKUs) are written `="…"`, which Excel keeps as text (no
 * lost leading zeros, no 4,60702E+12) and the shop's readers unwrap; the quotes inside are doubled, so
 * nothing in the value can end the text and become a formula.
 */
export function csvStream(
  form: CsvForm,
  header: readonly string[],
  rows: AsyncIterable<TableCell[]>,
  options: { textColumns?: ReadonlySet<number> } = {},
): Readable {
  const text = options.textColumns ?? new Set<number>();
  const cell = (value: TableCell, column: number) =>
    text.has(column) ? `="${asText(value).replaceAll('"', '""')}"` : excelSafe(asText(value));
  async function* encode(): AsyncGenerator<Buffer> {
    yield encodeCsv(form, [header.map(excelSafe)]);
    const next = { ...form, bom: false };
    let batch: string[][] = [];
    for await (const cells of rows) {
      batch.push(cells.map(cell));
      if (batch.length === 1000) {
        yield encodeCsv(next, batch);
        batch = [];
      }
    }
    if (batch.length) yield encodeCsv(next, batch);
  }
  return Readable.from(encode(), { objectMode: false });
}

/** A stream read to its end, as one buffer. */
export async function streamBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
