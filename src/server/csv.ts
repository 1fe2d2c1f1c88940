/**
 * CSV files the shop writes (import reports, the stock template, the newsletter export): cells quoted
 * where they must be, in a chosen encoding and delimiter, and cells made safe from Excel formulas.
 */
import iconv from 'iconv-lite';

export interface CsvForm {
  encoding: 'utf-8' | 'utf-16le' | 'windows-1251';
  bom: boolean;
  delimiter: string;
  lineEnding: string;
}

/** What Russian-language Excel opens as it is: UTF-8 with a BOM, `;`, CRLF. */
export const EXCEL_CSV: CsvForm = { encoding: 'utf-8', bom: true, delimiter: ';', lineEnding: '\r\n' };

const BOMS: Record<CsvForm['encoding'], Buffer> = {
  'utf-8': Buffer.from([0xef, 0xbb, 0xbf]),
  'utf-16le': Buffer.from([0xff, 0xfe]),
  'windows-1251': Buffer.alloc(0),
};

function quote(cell: string, delimiter: string): string {
  const needsQuotes = cell.includes(delimiter) || cell.includes('"') || cell.includes('\n') || cell.includes('\r');
  return needsQuotes ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * Rows as CSV bytes in a file's form: cells quoted when they hold the delimiter, a quote or a line
 * break; every row ends with the line ending; a BOM first when the form has one. Characters the
 * encoding lacks (windows-1251 has no «ә») become «?».
 */
export function encodeCsv(form: CsvForm, rows: readonly (readonly string[])[]): Buffer {
  const text = rows
    .map((cells) => cells.map((cell) => quote(cell, form.delimiter)).join(form.delimiter) + form.lineEnding)
    .join('');
  const body = iconv.encode(form.encoding === 'windows-1251' ? inWindows1251(text) : text, form.encoding);
  return form.bom ? Buffer.concat([BOMS[form.encoding], body]) : body;
}

// Characters windows-1251 lacks that the shop's own words use, written the way a typist would.
const WINDOWS_1251_SPELLINGS: Record<string, string> = { '→': '->', '←': '<-', '₸': 'тенге', '⃀': 'сом', '≈': '~' };

/** Text with the characters windows-1251 lacks spelled out, so they do not turn into «?». */
function inWindows1251(text: string): string {
  return text.replace(/[→←₸⃀≈]/g, (ch) => WINDOWS_1251_SPELLINGS[ch] ?? ch);
}

/**
 * A cell Excel shows as text and never runs: one starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return gets a leading `'` (OWASP, CSV injection).
 */
export function excelSafe(cell: string): string {
  const first = cell[0];
  return first === '=' || first === '+' || first === '-' || first === '@' || first === '\t' || first === '\r'
    ? `'${cell}`
    : cell;
}
