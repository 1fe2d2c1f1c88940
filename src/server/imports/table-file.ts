/**
 * A table upload, CSV or Excel, read the same way: the header as text and the data records with their
 * lines, as a stream. Which columns a kind of file needs is table-columns.ts's.
 */
import { readCsvTable, type TableReadOptions } from './csv-table.ts';
import type { CsvFacts } from './import.types.ts';
import { sniffUploadFormat, type UploadFormat } from './table-format.ts';
import { SNIFF_BYTES } from './text-encoding.ts';
import { readXlsxTable, type TableRecord } from './xlsx-table.ts';

export { cellText, type TableCell, type TableRecord } from './xlsx-table.ts';
export type { TableReadOptions } from './csv-table.ts';

export interface TableFacts {
  format: 'csv' | 'xlsx';
  /** The header cells as written. */
  header: string[];
  /**
   * How a CSV file was written (encoding, delimiter, line ends), to write its rows back the same way;
   * null for a workbook. Its `encoding` may still change while the records are read (see csv-table.ts).
   */
  csv: CsvFacts | null;
  /** The sheet a workbook's rows come from; null for CSV. */
  sheet: string | null;
}

export interface TableFile {
  /** Settles once the header is read; rejects with the same `ImportFileError` reading `records` throws. */
  facts: Promise<TableFacts>;
  /** The data records that are not blank, in file order. Iterate to the end or break: that releases the bytes. */
  records: AsyncIterable<TableRecord>;
}

/**
 * The format of an upload read as a stream (its first {@link SNIFF_BYTES}), and all its bytes again
 * from the start for the reader of that format.
 * @throws ImportFileError as sniffUploadFormat does.
 */
export async function sniffUpload(
  chunks: AsyncIterable<Uint8Array>,
): Promise<{ format: UploadFormat; chunks: AsyncIterable<Uint8Array> }> {
  const peeked = await peek(chunks, SNIFF_BYTES);
  try {
    return { format: sniffUploadFormat(peeked.head), chunks: peeked.chunks };
  } catch (error) {
    await peeked.chunks.return(undefined);
    throw error;
  }
}

/** The first chunks up to `bytes`, and all the chunks again from the start. */
async function peek(chunks: AsyncIterable<Uint8Array>, bytes: number) {
  const source = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    length += next.value.byteLength;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      yield* head;
      if (done) return;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      if (!done) await source.return?.();
    }
  }
  return { head: Buffer.concat(head), chunks: all() };
}

async function open(chunks: AsyncIterable<Uint8Array>, options: TableReadOptions) {
  const { format, chunks: all } = await sniffUpload(chunks);
  if (format === 'xlsx') {
    const table = readXlsxTable(all, options);
    const facts = await table.facts;
    return {
      facts: { format: 'xlsx', header: facts.header, csv: null, sheet: facts.sheet } satisfies TableFacts,
      records: table.records,
    };
  }
  const table = readCsvTable(all, options);
  const csv = await table.facts;
  return {
    facts: { format: 'csv', header: csv.header, csv, sheet: null } satisfies TableFacts,
    records: table.records,
  };
}

/**
 * Reads a table upload, an .xlsx workbook or a CSV file (told from its bytes). Starts reading at once.
 * @throws (through `facts` and `records`) ImportFileError as readCsvTable and readXlsxTable do, and
 *   `wrong_kind` for an .xls, .ods or other zip (see sniffUploadFormat).
 */
export function readTableFile(chunks: AsyncIterable<Uint8Array>, options: TableReadOptions = {}): TableFile {
  const opened = open(chunks, options);
  const facts = opened.then((o) => o.facts);
  facts.catch(() => {});
  async function* records(): AsyncGenerator<TableRecord> {
    yield* (await opened).records;
  }
  return { facts, records: records() };
}

/** What a task keeps of a table it read: the format, the sheet or the CSV's encoding and delimiter, the header. */
export function tableFileFacts(facts: TableFacts): Record<string, unknown> {
  return {
    format: facts.format,
    header: facts.header,
    ...(facts.csv
      ? { encoding: facts.csv.encoding, bom: facts.csv.bom, delimiter: facts.csv.delimiter }
      : { sheet: facts.sheet }),
  };
}
