/**
 * The header line of a stock CSV: which delimiter it uses, how its lines end, and which columns hold
 * the SKU, the quantity and the quantity the file was made from.
 */
import type { LineBreak } from './csv-records.ts';
import { ImportFileError, type CsvFacts } from './import.types.ts';

/** Header names per column, without regard to case and spaces; where a file has two, the earlier one wins. */
export const STOCK_HEADERS = {
  sku: ['sku', 'артикул', 'код товара', 'код'],
  quantity: ['quantity', 'количество', 'остаток', 'кол-во'],
  quantityWas: ['quantity_was', 'было'],
} as const;

function normalizeHeader(cell: string): string {
  return cell.replace(/\s+/g, ' ').trim().toLowerCase();
}

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

function quoteList(names: readonly string[]): string {
  return names.map((name) => `«${name}»`).join(', ');
}

/** Column positions; `quantityWas` is -1 when the file has no «было» column. */
export interface StockColumns {
  sku: number;
  quantity: number;
  quantityWas: number;
}

function findColumn(normalized: string[], names: readonly string[]): number | 'twice' {
  for (const name of names) {
    const at = normalized.indexOf(name);
    if (at === -1) continue;
    return normalized.indexOf(name, at + 1) === -1 ? at : 'twice';
  }
  return -1;
}

/**
 * The columns of a header ({@link STOCK_HEADERS}).
 * @throws ImportFileError `no_header` without a SKU or quantity column (naming the columns found), or with one twice.
 */
export function findColumns(header: string[]): StockColumns {
  const normalized = header.map(normalizeHeader);
  const sku = findColumn(normalized, STOCK_HEADERS.sku);
  const quantity = findColumn(normalized, STOCK_HEADERS.quantity);
  const quantityWas = findColumn(normalized, STOCK_HEADERS.quantityWas);
  for (const [at, names] of [
    [sku, STOCK_HEADERS.sku],
    [quantity, STOCK_HEADERS.quantity],
    [quantityWas, STOCK_HEADERS.quantityWas],
  ] as const) {
    if (at === 'twice') {
      const name = names.find((n) => normalized.filter((h) => h === n).length > 1)!;
      throw new ImportFileError(
        'no_header',
        `Столбец «${name}» встречается в первой строке дважды. Оставьте один и загрузите файл ещё раз.`,
      );
    }
  }
  if (sku === -1 || quantity === -1) {
    const found = header.filter((cell) => cell.trim() !== '');
    const missing = [sku === -1 ? 'артикулом' : null, quantity === -1 ? 'количеством' : null]
      .filter(Boolean)
      .join(' и ');
    throw new ImportFileError(
      'no_header',
      `В первой строке файла нет столбца с ${missing}. ` +
        (found.length > 0 ? `Найдены столбцы: ${quoteList(found)}. ` : 'Первая строка пустая. ') +
        'Первая строка должна быть заголовком: «артикул» (или sku, код) и «количество» (или quantity, остаток), ' +
        'например «артикул;количество».',
    );
  }
  return { sku: sku as number, quantity: quantity as number, quantityWas: quantityWas as number };
}
