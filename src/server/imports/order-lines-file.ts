/**
 * A quick order's lines from a CSV or `.xlsx` file (issue 37), read by the readers of every table upload
 * (`table-file.ts`): the first row is a header when it reads as one («Артикул;Количество»), else the
 * first line of the list; each row's first cell names the product and its second the quantity.
 */
import { MAX_ORDER_LINES, parseLine, type ParsedLine } from '../catalog/order-lines.ts';
import { ValidationError } from '../errors.ts';
import { ImportFileError } from './import.types.ts';
import { cellText, readTableFile, type TableCell } from './table-file.ts';

/** A row's cells as one line of pasted text (cells apart by tabs, as Excel copies them). */
const asText = (cells: readonly TableCell[]) => cells.map(cellText).join('\t');

/**
 * The parsed lines of a quick order's file, numbered as the file's rows.
 * @throws ValidationError `{file: […]}` for a file that is not a table, is empty or has more than
 *   {@link MAX_ORDER_LINES} rows.
 */
export async function parseOrderFile(chunks: AsyncIterable<Uint8Array>): Promise<ParsedLine[]> {
  try {
    const table = readTableFile(chunks, { maxRows: MAX_ORDER_LINES, headerExample: 'артикул;количество' });
    const { header } = await table.facts;
    const first = parseLine(1, asText(header));
    const lines: ParsedLine[] = first ? [first] : [];
    for await (const record of table.records) {
      const line = parseLine(record.line, asText(record.cells));
      if (line) lines.push(line);
    }
    return lines;
  } catch (error) {
    if (error instanceof ImportFileError) throw new ValidationError({ file: [error.message] });
    throw error;
  }
}
