/**
 * The first line of a CSV file: which delimiter it uses (or Excel's `sep=` line names), and how its
 * lines end. Which columns it has is table-columns.ts's.
 */
import type { LineBreak } from './csv-records.ts';
import { ImportFileError, type CsvFacts } from './import.types.ts';

/** The delimiter a header line uses most, outside quotes: tab, then `;`, then `,` on a tie; `;` for none. */
export function detectDelimiter(line: string): CsvFacts['delimiter'] {
  let tabs = 0;
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '\t') tabs++;
    else if (ch === ';') semicolons++;
    else if (ch === ',') commas++;
  }
  if (tabs > 0 && tabs >= semicolons && tabs >= commas) return '\t';
  if (commas > semicolons) return ',';
  return ';';
}

const SEP_LINE = /^"?sep=(.)"?$/i;

/**
 * The delimiter an Excel `sep=;` first line names (Excel reads it and hides the line); null for a
 * line that is no such hint.
 * @throws ImportFileError `no_header` when the line names a delimiter other than `;`, `,` or tab.
 */
export function sepLineDelimiter(line: string): CsvFacts['delimiter'] | null {
  // Not trim(): it would take the tab of `sep=<tab>`.
  const match = SEP_LINE.exec(line.replace(/^ +| +$/g, ''));
  if (!match) return null;
  const delimiter = match[1]!;
  if (delimiter === ';' || delimiter === ',' || delimiter === '\t') return delimiter;
  throw new ImportFileError(
    'no_header',
    `Первая строка «${line.trim()}» задаёт разделитель «${delimiter}», а магазин читает «;», «,» или табуляцию. ` +
      'Сохраните таблицу как CSV ещё раз.',
  );
}

export interface FirstLine {
  line: string;
  lineBreak: LineBreak;
  lineEnding: CsvFacts['lineEnding'];
}

/** The first line with text, once its line break has arrived (or the text ended); null to wait. */
export function findFirstLine(text: string, ended: boolean): FirstLine | null {
  const start = text.search(/\S/);
  if (start === -1) return ended ? { line: '', lineBreak: '\n', lineEnding: '\r\n' } : null;
  const lineStart = Math.max(text.lastIndexOf('\n', start), text.lastIndexOf('\r', start)) + 1;
  const end = text.slice(start).search(/[\r\n]/);
  if (end === -1) return ended ? { line: text.slice(lineStart), lineBreak: '\n', lineEnding: '\r\n' } : null;
  const at = start + end;
  const line = text.slice(lineStart, at);
  if (text[at] === '\n') return { line, lineBreak: '\n', lineEnding: '\n' };
  if (at + 1 === text.length && !ended) return null;
  // A lone CR ends lines in old Mac files; written back with CRLF, which every Excel reads.
  return text[at + 1] === '\n'
    ? { line, lineBreak: '\n', lineEnding: '\r\n' }
    : { line, lineBreak: '\r', lineEnding: '\r\n' };
}
