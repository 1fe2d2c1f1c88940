/**
 * The stock file: a CSV of SKU and quantity per line, as Excel in this region saves it (see
 * text-encoding.ts for the encodings). Reads it as a stream into rows that read well and problems.
 */
import { CsvRecordReader, MAX_RECORD_CHARS, type CsvRecord } from './csv-records.ts';
import {
  ImportFileError,
  type CsvFacts,
  type RowError,
  type StockCsvItem,
  type StockRow,
  type StockRowProblem,
} from './import.types.ts';
import { COUNT_MESSAGES, parseStockCount, readSku, wasMessage } from './stock-cells.ts';
import {
  detectDelimiter,
  findColumns,
  findFirstLine,
  sepLineDelimiter,
  type FirstLine,
  type StockColumns,
} from './stock-header.ts';
import { decodeText } from './text-encoding.ts';

export { STOCK_HEADERS } from './stock-header.ts';

export interface StockCsvOptions {
  /** The most data lines a file may have (empty lines do not count); over it: `too_many_rows`. */
  maxRows?: number;
}

export interface StockCsv {
  /**
   * Settles once the header is read; rejects with the same `ImportFileError` reading `items` throws.
   * For a file plain ASCII in its first 64 kB, `encoding` may turn from 'utf-8' to 'windows-1251'
   * while `items` are read (see decodeText): read it after them to write a file back.
   */
  facts: Promise<CsvFacts>;
  /**
   * The data lines, in file order. Reading it throws `ImportFileError` (`invalid_csv`, `encoding`,
   * `too_many_rows`, `empty` when no data line follows the header). Iterate it to the end or break out
   * of the loop: that releases `chunks`.
   */
  items: AsyncIterable<StockCsvItem>;
}

function isBlank(cells: string[]): boolean {
  for (const cell of cells) if (cell !== '' && cell.trim() !== '') return false;
  return true;
}

function columnsMessage(cells: number, column: number, name: string, delimiter: string): string {
  const shown = delimiter === '\t' ? 'табуляция' : `«${delimiter}»`;
  return (
    `В строке ${cells === 1 ? 'один столбец' : `столбцов: ${cells}`}, а «${name}» — столбец ${column + 1}. ` +
    `Проверьте, что ячейки разделены так же, как в заголовке (${shown}).`
  );
}

type RowReader = (record: CsvRecord) => StockCsvItem;

function rowReader(facts: CsvFacts, columns: StockColumns): RowReader {
  const header = facts.header;
  const needed = Math.max(columns.sku, columns.quantity);
  const error = (row: number, column: number, value: string | null, code: RowError['code'], message: string) => ({
    row,
    column: header[column] ?? null,
    value,
    code,
    message,
  });
  return (record) => {
    const { line: row, cells } = record;
    if (cells.length <= needed) {
      const column = cells.length <= columns.sku ? columns.sku : columns.quantity;
      const name = header[column]!;
      const errors = [
        error(row, column, null, 'row_columns', columnsMessage(cells.length, column, name.trim(), facts.delimiter)),
      ];
      return { kind: 'problem', value: { row, cells, errors } };
    }
    const errors: RowError[] = [];
    const skuCell = cells[columns.sku]!;
    const sku = readSku(skuCell);
    if (typeof sku !== 'string') errors.push(error(row, columns.sku, skuCell, sku.code, sku.message));
    const quantityCell = cells[columns.quantity]!;
    const quantity = parseStockCount(quantityCell);
    if (typeof quantity !== 'number') {
      const code = quantity === 'missing' ? 'quantity_missing' : 'quantity_invalid';
      errors.push(error(row, columns.quantity, quantityCell, code, COUNT_MESSAGES[quantity](quantityCell.trim())));
    }
    let quantityWas: number | null = null;
    const wasCell = columns.quantityWas === -1 ? undefined : cells[columns.quantityWas];
    if (wasCell !== undefined) {
      const was = parseStockCount(wasCell);
      if (typeof was === 'number') quantityWas = was;
      else if (was !== 'missing') {
        errors.push(error(row, columns.quantityWas, wasCell, 'quantity_was_invalid', wasMessage(wasCell.trim())));
      }
    }
    if (errors.length > 0) return { kind: 'problem', value: { row, cells, errors } };
    return { kind: 'row', value: { row, sku: sku as string, quantity: quantity as number, quantityWas, cells } };
  };
}

async function openStockCsv(chunks: AsyncIterable<Uint8Array>): Promise<Opened> {
  const facts: CsvFacts = { encoding: 'utf-8', bom: false, delimiter: ';', lineEnding: '\r\n', header: [] };
  const decoded = await decodeText(chunks, {
    expected: 'csv',
    onEncodingChange: (encoding) => (facts.encoding = encoding),
  });
  facts.encoding = decoded.encoding;
  facts.bom = decoded.bom;
  const text = decoded.text[Symbol.asyncIterator]();
  try {
    return await readHeader(facts, text);
  } catch (error) {
    await text.return?.();
    throw error;
  }
}

async function readHeader(facts: CsvFacts, text: AsyncIterator<string>) {
  let head = '';
  let ended = false;
  let first: FirstLine | null = null;
  while ((first = findFirstLine(head, ended)) === null) {
    const next = await text.next();
    if (next.done) ended = true;
    else head += next.value;
    if (head.length > MAX_RECORD_CHARS) {
      throw new ImportFileError('invalid_csv', 'Первая строка файла длиннее мегабайта: это не таблица CSV.');
    }
  }
  if (first.line.trim() === '') {
    throw new ImportFileError('empty', 'Файл пустой. Загрузите таблицу с заголовком «артикул;количество» и строками.');
  }
  const sep = sepLineDelimiter(first.line);
  facts.delimiter = sep ?? detectDelimiter(first.line);
  facts.lineEnding = first.lineEnding;
  const reader = new CsvRecordReader(facts.delimiter, first.lineBreak);
  const records: CsvRecord[] = [];
  reader.push(head, records);
  if (ended) reader.end(records);
  // The header is the first line with text, or the next one after a `sep=` line.
  const findHeader = () => records.filter((r) => !isBlank(r.cells))[sep === null ? 0 : 1];
  let header = findHeader();
  while (header === undefined) {
    if (ended) throw new ImportFileError('empty', 'В файле нет строки заголовка «артикул;количество».');
    // The first line was complete as text but ends inside a quoted cell, or is a `sep=` line.
    const next = await text.next();
    if (next.done) {
      ended = true;
      reader.end(records);
    } else reader.push(next.value, records);
    header = findHeader();
  }
  const headerAt = records.indexOf(header);
  facts.header = records[headerAt]!.cells;
  const readRow = rowReader(facts, findColumns(facts.header));
  return { facts, records: records.slice(headerAt + 1), reader, text: ended ? null : text, readRow };
}

type Opened = Awaited<ReturnType<typeof readHeader>>;

async function* stockItems(opened: Promise<Opened>, options: StockCsvOptions): AsyncGenerator<StockCsvItem> {
  const start = await opened;
  const { reader, text, readRow } = start;
  let records = start.records;
  const maxRows = options.maxRows ?? Infinity;
  let rows = 0;
  let ended = text === null;
  try {
    for (;;) {
      for (const record of records) {
        if (isBlank(record.cells)) continue;
        if (++rows > maxRows) {
          throw new ImportFileError(
            'too_many_rows',
            `В файле больше ${maxRows} строк. Разделите его на несколько файлов и загрузите их по очереди.`,
          );
        }
        yield readRow(record);
      }
      if (ended) break;
      records = [];
      const next = await text!.next();
      if (next.done) {
        ended = true;
        reader.end(records);
      } else reader.push(next.value, records);
    }
  } finally {
    if (!ended) await text!.return?.();
  }
  if (rows === 0) {
    throw new ImportFileError('empty', 'В файле только заголовок. Добавьте строки с артикулом и количеством.');
  }
}

/**
 * Reads a stock CSV from its bytes: `;`, `,` or tab (told from the header line), CRLF or LF, any
 * encoding {@link decodeText} reads. The first line with text is the header (see {@link STOCK_HEADERS};
 * other columns, such as «наименование», are ignored). Starts reading at once.
 * @throws (through `facts` and `items`) ImportFileError `no_header`, `empty`, `encoding`, `wrong_kind`.
 */
export function readStockCsv(chunks: AsyncIterable<Uint8Array>, options: StockCsvOptions = {}): StockCsv {
  const opened = openStockCsv(chunks);
  const facts = opened.then((o) => o.facts);
  // The same failure reaches whoever reads `items`; `facts` alone may go unread.
  facts.catch(() => {});
  return { facts, items: stockItems(opened, options) };
}

/**
 * Takes out every row whose SKU is on another row too: each of them becomes a `duplicate_sku` problem
 * naming the other lines. Rows keep their order; problems are in line order.
 */
export function markDuplicateSkus(rows: StockRow[]): { rows: StockRow[]; problems: StockRowProblem[] } {
  const lines = new Map<string, number[]>();
  for (const row of rows) {
    const seen = lines.get(row.sku);
    if (seen) seen.push(row.row);
    else lines.set(row.sku, [row.row]);
  }
  const kept: StockRow[] = [];
  const problems: StockRowProblem[] = [];
  for (const row of rows) {
    const all = lines.get(row.sku)!;
    if (all.length === 1) {
      kept.push(row);
      continue;
    }
    const others = all.filter((line) => line !== row.row);
    const message =
      `Артикул «${row.sku}» есть и в ${others.length === 1 ? 'строке' : 'строках'} ${others.join(', ')}. ` +
      'Оставьте одну строку с этим артикулом и верным количеством.';
    problems.push({
      row: row.row,
      cells: row.cells,
      errors: [{ row: row.row, column: null, value: row.sku, code: 'duplicate_sku', message }],
    });
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows: kept, problems };
}
