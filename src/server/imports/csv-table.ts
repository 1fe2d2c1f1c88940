/**
 * A CSV file read as a table: its header (the first line with text, or the line after Excel's `sep=;`)
 * and its data records, as a stream. What the columns mean is the caller's (see table-columns.ts).
 */
import { CsvRecordReader, MAX_RECORD_CHARS, type CsvRecord } from './csv-records.ts';
import { ImportFileError, type CsvFacts } from './import.types.ts';
import { detectDelimiter, findFirstLine, sepLineDelimiter, type FirstLine } from './csv-header.ts';
import { decodeText } from './text-encoding.ts';

export interface TableReadOptions {
  /** The most data lines a file may have (empty lines do not count); over it: `too_many_rows`. */
  maxRows?: number;
  /** A header people can copy, for the messages of an empty file: «артикул;количество». */
  headerExample?: string;
}

export interface CsvTable {
  /**
   * Settles once the header is read; rejects with the same `ImportFileError` reading `records` throws.
   * For a file plain ASCII in its first 64 kB, `encoding` may turn from 'utf-8' to 'windows-1251'
   * while the records are read (see decodeText): read it after them to write a file back.
   */
  facts: Promise<CsvFacts>;
  /** The data records that are not blank, in file order, each with its line. */
  records: AsyncIterable<CsvRecord>;
}

/** Whether a record has no text in any cell (an empty line, or Excel's line of bare delimiters). */
export function isBlankRecord(cells: readonly unknown[]): boolean {
  for (const cell of cells) if (cell !== '' && cell !== null && String(cell).trim() !== '') return false;
  return true;
}

/** The refusal of a file with more data rows than `maxRows`. */
export function tooManyRows(maxRows: number): ImportFileError {
  return new ImportFileError(
    'too_many_rows',
    `В файле больше ${maxRows} строк. Разделите его на несколько файлов и загрузите их по очереди.`,
  );
}

/** The refusals of a file without data: no header at all, or only the header. */
export function emptyTable(headerExample: string, only: 'nothing' | 'header'): ImportFileError {
  return new ImportFileError(
    'empty',
    only === 'nothing'
      ? `Файл пустой. Загрузите таблицу с заголовком, например «${headerExample}», и строками.`
      : 'В файле только заголовок. Добавьте строки с данными под ним.',
  );
}

interface Opened {
  facts: CsvFacts;
  /** The records read with the header and after it. */
  records: CsvRecord[];
  reader: CsvRecordReader;
  /** The rest of the text; null when it has all been read. */
  text: AsyncIterator<string> | null;
}

async function open(chunks: AsyncIterable<Uint8Array>, options: TableReadOptions): Promise<Opened> {
  const facts: CsvFacts = { encoding: 'utf-8', bom: false, delimiter: ';', lineEnding: '\r\n', header: [] };
  const decoded = await decodeText(chunks, {
    expected: 'csv',
    onEncodingChange: (encoding) => (facts.encoding = encoding),
  });
  facts.encoding = decoded.encoding;
  facts.bom = decoded.bom;
  const text = decoded.text[Symbol.asyncIterator]();
  try {
    return await readHeader(facts, text, options.headerExample ?? 'артикул;количество');
  } catch (error) {
    await text.return?.();
    throw error;
  }
}

async function readHeader(facts: CsvFacts, text: AsyncIterator<string>, example: string): Promise<Opened> {
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
  if (first.line.trim() === '') throw emptyTable(example, 'nothing');
  const sep = sepLineDelimiter(first.line);
  facts.delimiter = sep ?? detectDelimiter(first.line);
  facts.lineEnding = first.lineEnding;
  const reader = new CsvRecordReader(facts.delimiter, first.lineBreak);
  const records: CsvRecord[] = [];
  reader.push(head, records);
  if (ended) reader.end(records);
  // The header is the first line with text, or the next one after a `sep=` line.
  const findHeader = () => records.filter((r) => !isBlankRecord(r.cells))[sep === null ? 0 : 1];
  let header = findHeader();
  while (header === undefined) {
    if (ended) throw new ImportFileError('empty', `В файле нет строки заголовка, например «${example}».`);
    // The first line was complete as text but ends inside a quoted cell, or is a `sep=` line.
    const next = await text.next();
    if (next.done) {
      ended = true;
      reader.end(records);
    } else reader.push(next.value, records);
    header = findHeader();
  }
  const headerAt = records.indexOf(header);
  facts.header = header.cells;
  return { facts, records: records.slice(headerAt + 1), reader, text: ended ? null : text };
}

async function* dataRecords(opened: Promise<Opened>, options: TableReadOptions): AsyncGenerator<CsvRecord> {
  const start = await opened;
  const { reader, text } = start;
  let records = start.records;
  const maxRows = options.maxRows ?? Infinity;
  let rows = 0;
  let ended = text === null;
  try {
    for (;;) {
      for (const record of records) {
        if (isBlankRecord(record.cells)) continue;
        if (++rows > maxRows) throw tooManyRows(maxRows);
        yield record;
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
  if (rows === 0) throw emptyTable(options.headerExample ?? 'артикул;количество', 'header');
}

/**
 * Reads a CSV file from its bytes: `;`, `,` or tab (told from the header line), CRLF, LF or CR, any
 * encoding {@link decodeText} reads. Starts reading at once.
 * @throws (through `facts` and `records`) ImportFileError `empty`, `encoding`, `invalid_csv`, `too_many_rows`.
 */
export function readCsvTable(chunks: AsyncIterable<Uint8Array>, options: TableReadOptions = {}): CsvTable {
  const opened = open(chunks, options);
  const facts = opened.then((o) => o.facts);
  // The same failure reaches whoever reads `records`; `facts` alone may go unread.
  facts.catch(() => {});
  return { facts, records: dataRecords(opened, options) };
}
