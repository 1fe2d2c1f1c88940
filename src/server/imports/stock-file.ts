/**
 * The stock file: a table of SKU and quantity per row, as an Excel workbook or a CSV as Excel in this
 * region saves it (see text-encoding.ts for the encodings). Read as a stream into rows that read well
 * and problems.
 */
import type { CountryCode } from '../../shared/countries.ts';
import { COUNTRIES } from '../../shared/countries.ts';
import type { RowError, StockCsvItem, StockRow, StockRowProblem } from './import.types.ts';
import { COUNT_MESSAGES, wasMessage } from './stock-cells.ts';
import { cellCount, cellSku, cellString, isEmptyCell, UNSTORABLE_MESSAGE, unstorableCell } from './table-cells.ts';
import { countryFromName, findTableColumns, HEADER_EXAMPLES, type ColumnField } from './table-columns.ts';
import { cellText, readTableFile, type TableCell, type TableFacts, type TableReadOptions } from './table-file.ts';

export interface StockFileOptions extends TableReadOptions {
  /** The upload's country: a «страна» column must name it on every row that names one. */
  country?: CountryCode;
}

/** What reading a stock file found: the table's facts and the columns nobody reads. */
export interface StockFacts extends TableFacts {
  unknownColumns: string[];
  /** Each read column's header as written. */
  columns: Partial<Record<ColumnField<'stock'>, string>>;
}

export interface StockFile {
  /**
   * Settles once the header is read; rejects with the same `ImportFileError` reading `items` throws.
   * A CSV's encoding may still change while the items are read (see csv-table.ts): read it after them.
   */
  facts: Promise<StockFacts>;
  /**
   * The data rows, in file order. Reading it throws `ImportFileError` (`invalid_csv`, `invalid_xlsx`,
   * `encoding`, `too_many_rows`, `empty` when no data row follows the header). Iterate it to the end or
   * break out of the loop: that releases the bytes.
   */
  items: AsyncIterable<StockCsvItem>;
}

function columnsMessage(cells: number, column: number, name: string, delimiter: string): string {
  const shown = delimiter === '\t' ? 'табуляция' : `«${delimiter}»`;
  return (
    `В строке ${cells === 1 ? 'один столбец' : `столбцов: ${cells}`}, а «${name}» — столбец ${column + 1}. ` +
    `Проверьте, что ячейки разделены так же, как в заголовке (${shown}).`
  );
}

type RowReader = (line: number, cells: TableCell[]) => StockCsvItem;

function rowReader(facts: TableFacts, options: StockFileOptions) {
  const header = facts.header;
  const found = findTableColumns('stock', header);
  const at = { sku: found.at.sku!, quantity: found.at.quantity!, was: found.at.quantityWas, country: found.at.country };
  const needed = Math.max(at.sku, at.quantity);
  const error = (row: number, column: number, value: string | null, code: RowError['code'], message: string) => ({
    row,
    column: header[column] ?? null,
    value,
    code,
    message,
  });
  const read: RowReader = (row, cells) => {
    // A workbook leaves a row's empty cells at its end out; a CSV line that is short was cut.
    if (facts.csv && cells.length <= needed) {
      const column = cells.length <= at.sku ? at.sku : at.quantity;
      const name = header[column]!;
      const errors = [
        error(row, column, null, 'row_columns', columnsMessage(cells.length, column, name.trim(), facts.csv.delimiter)),
      ];
      return { kind: 'problem', value: { row, cells, errors } };
    }
    const bad = unstorableCell(cells);
    if (bad !== -1) {
      const errors = [error(row, bad, null, 'field_invalid', UNSTORABLE_MESSAGE)];
      return { kind: 'problem', value: { row, cells, errors } };
    }
    const errors: RowError[] = [];
    const skuCell = cells[at.sku];
    const sku = cellSku(skuCell);
    if (typeof sku !== 'string') errors.push(error(row, at.sku, cellString(skuCell), sku.code, sku.message));
    const quantityCell = cells[at.quantity];
    const quantity = cellCount(quantityCell);
    if (typeof quantity !== 'number') {
      const code = quantity === 'missing' ? 'quantity_missing' : 'quantity_invalid';
      const text = cellString(quantityCell);
      errors.push(error(row, at.quantity, text, code, COUNT_MESSAGES[quantity](text)));
    }
    let quantityWas: number | null = null;
    const wasCell = at.was === undefined ? undefined : cells[at.was];
    if (!isEmptyCell(wasCell)) {
      const was = cellCount(wasCell);
      if (typeof was === 'number') quantityWas = was;
      else
        errors.push(error(row, at.was!, cellString(wasCell), 'quantity_was_invalid', wasMessage(cellString(wasCell))));
    }
    const countryCell = at.country === undefined ? undefined : cells[at.country];
    if (!isEmptyCell(countryCell)) {
      const named = countryFromName(cellString(countryCell));
      if (named === null || (options.country !== undefined && named !== options.country)) {
        const text = cellString(countryCell);
        errors.push(
          error(
            row,
            at.country!,
            text,
            'country_invalid',
            named === null
              ? `Страна «${text}» неизвестна: магазин работает в Кыргызстане (KG) и Казахстане (KZ).`
              : `В строке страна ${COUNTRIES[named].name}, а загружаются остатки для страны ${COUNTRIES[options.country!].name}. ` +
                  'Загрузите файл для своей страны или исправьте столбец «страна».',
          ),
        );
      }
    }
    const problemSku = typeof sku === 'string' ? sku : undefined;
    if (errors.length > 0) return { kind: 'problem', value: { row, sku: problemSku, cells, errors } };
    return { kind: 'row', value: { row, sku: sku as string, quantity: quantity as number, quantityWas, cells } };
  };
  return { read, unknown: found.unknown, columns: found.names };
}

/**
 * Reads a stock file from its bytes: an .xlsx workbook, or a CSV with `;`, `,` or tab (told from the
 * header line), CRLF or LF, in any encoding {@link decodeText} reads. The first row with text is the
 * header (see TABLE_COLUMNS.stock; a «наименование» column is expected and not read; other columns are
 * named in `unknownColumns`). Starts reading at once.
 * @throws (through `facts` and `items`) ImportFileError `no_header`, `empty`, `encoding`, `wrong_kind`,
 *   `invalid_csv`, `invalid_xlsx`, `too_many_rows`.
 */
export function readStockFile(chunks: AsyncIterable<Uint8Array>, options: StockFileOptions = {}): StockFile {
  const table = readTableFile(chunks, { headerExample: HEADER_EXAMPLES.stock, ...options });
  const opened = table.facts.then((facts) => ({ facts, ...rowReader(facts, options) }));
  const facts: Promise<StockFacts> = opened.then(({ facts, unknown, columns }) =>
    Object.assign(facts, { unknownColumns: unknown, columns }),
  );
  facts.catch(() => {});
  async function* items(): AsyncGenerator<StockCsvItem> {
    const { read } = await opened;
    for await (const record of table.records) yield read(record.line, record.cells);
  }
  return { facts, items: items() };
}

/** A stock file's cells as text, for the report of its bad rows. */
export function stockCellsText(cells: readonly TableCell[]): string[] {
  return cells.map((cell) => (typeof cell === 'string' ? cell : cellText(cell)));
}

/**
 * Takes out every row whose SKU is on another line too, a bad line included: each of them becomes a
 * `duplicate_sku` problem naming the other lines, and a bad line that repeats a SKU gets that error
 * beside its own. Rows keep their order; problems are in line order.
 */
export function markDuplicateSkus(
  rows: StockRow[],
  problems: StockRowProblem[] = [],
): { rows: StockRow[]; problems: StockRowProblem[] } {
  const lines = new Map<string, number[]>();
  const note = (sku: string, line: number) => {
    const seen = lines.get(sku);
    if (seen) seen.push(line);
    else lines.set(sku, [line]);
  };
  for (const row of rows) note(row.sku, row.row);
  for (const problem of problems) if (problem.sku !== undefined) note(problem.sku, problem.row);
  const duplicate = (sku: string, line: number): RowError => {
    const others = lines.get(sku)!.filter((other) => other !== line);
    const message =
      `Артикул «${sku}» есть и в ${others.length === 1 ? 'строке' : 'строках'} ${others.join(', ')}. ` +
      'Оставьте одну строку с этим артикулом и верным количеством.';
    return { row: line, column: null, value: sku, code: 'duplicate_sku', message };
  };
  const kept: StockRow[] = [];
  const marked: StockRowProblem[] = [];
  for (const row of rows) {
    if (lines.get(row.sku)!.length === 1) kept.push(row);
    else marked.push({ row: row.row, sku: row.sku, cells: row.cells, errors: [duplicate(row.sku, row.row)] });
  }
  for (const problem of problems) {
    if (problem.sku === undefined || lines.get(problem.sku)!.length === 1) marked.push(problem);
    else marked.push({ ...problem, errors: [...problem.errors, duplicate(problem.sku, problem.row)] });
  }
  marked.sort((a, b) => a.row - b.row);
  return { rows: kept, problems: marked };
}
