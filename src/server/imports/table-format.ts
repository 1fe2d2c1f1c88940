/**
 * What an uploaded file is, told from its first bytes rather than its name: JSON, a text table (CSV in
 * any encoding the shop reads) or an Excel workbook (.xlsx). Old and foreign spreadsheets are refused
 * with what to save them as.
 */
import { ImportFileError } from './import.types.ts';
import { detectEncoding, SNIFF_BYTES, type DetectedEncoding } from './text-encoding.ts';

export type UploadFormat = 'json' | 'csv' | 'xlsx';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function includesAscii(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, 'latin1');
}

/** How to save a spreadsheet so the shop reads it. */
export const SAVE_AS_TABLE =
  'Сохраните таблицу как «Книга Excel (.xlsx)» или как CSV: в Excel «Файл», затем «Сохранить как» и тип «CSV UTF-8» или «CSV (разделители — запятые)».';

/**
 * The format of an upload from its first bytes (up to {@link SNIFF_BYTES}): a zip holding `xl/` is an
 * Excel workbook; text starting with `{` or `[` (after a BOM and spaces) is JSON; other text is a table.
 * @throws ImportFileError `wrong_kind` for an Excel 97–2003 file (.xls), an OpenDocument spreadsheet
 *   (.ods) or another zip (a Word file), `encoding` for bytes that are no text.
 */
export function sniffUploadFormat(firstBytes: Uint8Array): UploadFormat {
  const bytes = firstBytes.subarray(0, SNIFF_BYTES);
  if (startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP)) {
    if (includesAscii(bytes, 'xl/')) return 'xlsx';
    if (includesAscii(bytes, 'opendocument.spreadsheet')) {
      throw new ImportFileError('wrong_kind', `Это таблица OpenDocument (.ods). ${SAVE_AS_TABLE}`);
    }
    throw new ImportFileError('wrong_kind', `Это архив или документ, а не таблица. ${SAVE_AS_TABLE}`);
  }
  if (startsWith(bytes, OLE)) {
    throw new ImportFileError(
      'wrong_kind',
      `Это файл Excel 97–2003 (.xls): его формат магазин не читает. ${SAVE_AS_TABLE}`,
    );
  }
  const text = decodedPrefix(bytes, detectEncoding(bytes, 'csv')).trimStart();
  const first = text[0];
  return first === '{' || first === '[' ? 'json' : 'csv';
}

/** The start of a text file as text; a character cut at the end of the prefix is no fault of the file. */
export function decodedPrefix(bytes: Uint8Array, detected: DetectedEncoding): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const body = detected.bom ? buffer.subarray(detected.encoding === 'utf-8' ? 3 : 2) : buffer;
  if (detected.encoding === 'utf-8') return new TextDecoder('utf-8').decode(body);
  return new TextDecoder(detected.encoding === 'utf-16le' ? 'utf-16le' : 'windows-1251').decode(body);
}
