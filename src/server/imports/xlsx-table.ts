/**
 * An Excel workbook (.xlsx) read as a table, as a stream (exceljs' streaming reader): the first sheet
 * with text, its header (the first row with text) and its data rows with the row numbers Excel shows.
 */
import { Readable } from 'node:stream';
import ExcelJS from './exceljs.ts';
import { emptyTable, isBlankRecord, tooManyRows, type TableReadOptions } from './csv-table.ts';
import { ImportFileError, type TableCell, type TableRecord } from './import.types.ts';

export type { TableCell, TableRecord };

export interface XlsxFacts {
  /** The sheet the rows come from. */
  sheet: string;
  /** The header cells as text. */
  header: string[];
}

export interface XlsxTable {
  facts: Promise<XlsxFacts>;
  records: AsyncIterable<TableRecord>;
}

type RichText = { richText: { text: string }[] };

function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}

/** A cell value of exceljs as a {@link TableCell}: a formula gives its result, rich text its text, a date ISO text. */
export function xlsxCell(value: unknown): TableCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    if ('richText' in value) return (value as RichText).richText.map((part) => part.text).join('');
    if ('result' in value) return xlsxCell((value as { result: unknown }).result);
    if ('formula' in value || 'sharedFormula' in value) return '';
    if ('text' in value) return xlsxCell((value as { text: unknown }).text);
    if ('error' in value) return String((value as { error: unknown }).error);
  }
  return String(value);
}

/** exceljs' row values (1-based, sparse) as cells from the first column. */
function rowCells(values: unknown): TableCell[] {
  if (!Array.isArray(values)) return [];
  const cells: TableCell[] = [];
  for (let i = 1; i < values.length; i++) cells.push(xlsxCell(values[i]));
  return cells;
}

function unreadable(): ImportFileError {
  return new ImportFileError(
    'invalid_xlsx',
    'Файл Excel не читается: он повреждён или сохранён не до конца. Откройте его в Excel и сохраните заново ' +
      'как «Книга Excel (.xlsx)» или как CSV.',
  );
}

/** The rows of the first sheet that has any text (blank rows left out), each with its row number. */
async function* sheetRows(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<{ sheet: string } & TableRecord> {
  const input = Readable.from(chunks, { objectMode: false });
  // A broken zip also fails the input stream; the failure is the reader's to report.
  input.on('error', () => {});
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  try {
    for await (const sheet of workbook) {
      const name = (sheet as unknown as { name?: string }).name ?? '';
      for await (const row of sheet) {
        const cells = rowCells(row.values);
        if (isBlankRecord(cells)) continue;
        found = true;
        yield { sheet: name, line: row.number, cells };
      }
      if (found) return;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw unreadable();
  } finally {
    input.destroy();
  }
}

/**
 * Reads an .xlsx workbook: the first sheet with text, its first row with text as the header, the rows
 * below it as data (blank rows skipped, row numbers as Excel shows them). Starts reading at once.
 * @throws (through `facts` and `records`) ImportFileError `invalid_xlsx`, `empty`, `too_many_rows`.
 */
export function readXlsxTable(chunks: AsyncIterable<Uint8Array>, options: TableReadOptions = {}): XlsxTable {
  const rows = sheetRows(chunks);
  const example = options.headerExample ?? 'артикул;количество';
  const first = rows.next();
  const facts = first.then(async (next) => {
    if (next.done) throw emptyTable(example, 'nothing');
    return { sheet: next.value.sheet, header: next.value.cells.map((cell) => cellText(cell)) };
  });
  facts.catch(() => {});
  async function* records(): AsyncGenerator<TableRecord> {
    await facts;
    const maxRows = options.maxRows ?? Infinity;
    let count = 0;
    try {
      for await (const row of rows) {
        if (++count > maxRows) throw tooManyRows(maxRows);
        yield { line: row.line, cells: row.cells };
      }
    } finally {
      await rows.return(undefined);
    }
    if (count === 0) throw emptyTable(example, 'header');
  }
  return { facts, records: records() };
}

/** A cell as text, as a person would type it here: numbers with a decimal comma, logical values as да/нет. */
export function cellText(cell: TableCell): string {
  if (typeof cell === 'number') return String(cell).replace('.', ',');
  if (typeof cell === 'boolean') return cell ? 'да' : 'нет';
  return cell;
}
