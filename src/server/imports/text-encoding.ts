/**
 * The encoding of an uploaded text file, told from its first bytes, and its text decoded as a stream.
 * What Excel writes in this region: windows-1251 («CSV (разделители — запятые)»), UTF-8 with a BOM
 * («CSV UTF-8»), UTF-16LE with a BOM and tabs («Юникод-текст»); editors and scripts write UTF-8
 * without a BOM.
 */
import { isAscii, isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ImportFileError, type CsvFacts } from './import.types.ts';

export type TextEncoding = CsvFacts['encoding'];

export interface DetectedEncoding {
  encoding: TextEncoding;
  /** The bytes start with a byte order mark. */
  bom: boolean;
}

/** What the file should be, for the advice in an error message. */
export type ExpectedText = 'csv' | 'json';

/** How many first bytes the detection reads. */
export const SNIFF_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

const SAVE_AS: Record<ExpectedText, string> = {
  csv: 'Сохраните таблицу как «Книга Excel (.xlsx)» или как CSV: в Excel «Файл», затем «Сохранить как» и тип «CSV UTF-8» или «CSV (разделители — запятые)».',
  json: 'Здесь нужен текстовый файл JSON в кодировке UTF-8.',
};

function notText(expected: ExpectedText): ImportFileError {
  return new ImportFileError('encoding', `Файл не похож на текст: в нём двоичные данные. ${SAVE_AS[expected]}`);
}

/** The bytes that are the start of a character cut off at the end of a prefix. */
function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if (b < 0x80) return 0;
    if (b >= 0xc0) {
      const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return length > back ? back : 0;
    }
  }
  return 0;
}

function isUtf8Prefix(bytes: Uint8Array): boolean {
  return isUtf8(bytes.subarray(0, bytes.length - incompleteUtf8Tail(bytes)));
}

// UTF-16LE text of this shop: ASCII (high byte 0), Cyrillic (high byte 4) and punctuation such as
// «—» and «№» (high bytes 0x20, 0x21); its low bytes are rarely 0.
function looksUtf16le(bytes: Uint8Array): boolean {
  const pairs = bytes.length >> 1;
  if (pairs < 2) return false;
  let zeroHigh = 0;
  let textHigh = 0;
  let zeroLow = 0;
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const high = bytes[i + 1]!;
    if (bytes[i] === 0) zeroLow++;
    if (high === 0) zeroHigh++;
    if (high === 0 || high === 0x04 || high === 0x20 || high === 0x21) textHigh++;
  }
  return zeroHigh > 0 && textHigh >= pairs * 0.9 && zeroLow <= pairs * 0.05;
}

// In windows-1251 the letters are 0xC0–0xFF (Ё 0xA8, ё 0xB8); NBSP 0xA0, «» 0xAB 0xBB, № 0xB9 and the
// dashes 0x96 0x97 are common too. Text in other single-byte encodings (cp866, KOI8-R) is mostly elsewhere.
function looksWindows1251(bytes: Uint8Array): boolean {
  let high = 0;
  let cyrillic = 0;
  for (const b of bytes) {
    if (b < 0x80) continue;
    high++;
    if (b >= 0xc0 || b === 0xa0 || b === 0xa8 || b === 0xb8 || b === 0xab || b === 0xbb || b === 0xb9) cyrillic++;
    else if (b === 0x96 || b === 0x97) cyrillic++;
  }
  return cyrillic >= high * 0.6;
}

// Control bytes other than tab, line feed, form feed and carriage return (and 0x1A, the old end-of-file mark).
function controlBytes(bytes: Uint8Array): number {
  let count = 0;
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) count++;
  }
  return count;
}

/**
 * The encoding of a file from its first bytes (up to {@link SNIFF_BYTES}; a character cut at the end is
 * fine). Order: a BOM; UTF-16LE without a BOM (0 as every second byte); valid UTF-8 (plain ASCII
 * included); windows-1251 when the other bytes look like Russian text in it.
 * @throws ImportFileError `wrong_kind` for an Excel workbook (.xlsx, .xls), `encoding` for bytes that
 *   are no text in these encodings (a picture, a PDF, UTF-16BE, cp866).
 */
export function detectEncoding(firstBytes: Uint8Array, expected: ExpectedText = 'csv'): DetectedEncoding {
  const bytes = firstBytes.subarray(0, SNIFF_BYTES);
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', bom: true };
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: 'utf-16le', bom: true };
  if (startsWith(bytes, ZIP) || startsWith(bytes, OLE)) {
    const advice =
      expected === 'csv' ? SAVE_AS.csv : 'Здесь нужен файл JSON; остатки из таблицы загружаются отдельно, файлом CSV.';
    throw new ImportFileError('wrong_kind', `Это книга Excel (.xlsx или .xls), а не текстовый файл. ${advice}`);
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    throw new ImportFileError(
      'encoding',
      `Файл в кодировке UTF-16BE, её магазин не читает. ${expected === 'csv' ? SAVE_AS.csv : 'Сохраните файл в UTF-8.'}`,
    );
  }
  if (bytes.includes(0)) {
    if (looksUtf16le(bytes)) return { encoding: 'utf-16le', bom: false };
    throw notText(expected);
  }
  if (controlBytes(bytes) > bytes.length / 200) throw notText(expected);
  if (isAscii(bytes) || isUtf8Prefix(bytes)) return { encoding: 'utf-8', bom: false };
  if (looksWindows1251(bytes)) return { encoding: 'windows-1251', bom: false };
  throw new ImportFileError(
    'encoding',
    `Не удалось определить кодировку файла: это не UTF-8 и не windows-1251. ${expected === 'csv' ? SAVE_AS.csv : 'Сохраните файл в UTF-8.'}`,
  );
}

/** A file's text as a stream, with what its encoding turned out to be. */
export interface DecodedText {
  /**
   * Detected from the first bytes. A file whose first {@link SNIFF_BYTES} are plain ASCII reads as
   * 'utf-8' and turns 'windows-1251' (with `onEncodingChange` called) if later bytes are windows-1251.
   */
  encoding: TextEncoding;
  bom: boolean;
  /** The text without the BOM, in pieces of any length; no character is split between two pieces. */
  text: AsyncIterable<string>;
}

export interface DecodeOptions {
  expected?: ExpectedText;
  /** Called when a file detected as plain ASCII turns out windows-1251 further on. */
  onEncodingChange?: (encoding: TextEncoding) => void;
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

interface Decoder {
  write(bytes: Buffer): string;
  end(): string;
}

function utf8Decoder(expected: ExpectedText): Decoder {
  // fatal: a byte that is no UTF-8 stops the import instead of turning into «�» inside a SKU.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const fail = (): never => {
    throw new ImportFileError(
      'encoding',
      `Файл начинается как UTF-8, но дальше в нём байты другой кодировки. ${expected === 'csv' ? SAVE_AS.csv : 'Сохраните файл целиком в UTF-8.'}`,
    );
  };
  return {
    write(bytes) {
      try {
        return decoder.decode(bytes, { stream: true });
      } catch {
        return fail();
      }
    },
    end() {
      try {
        return decoder.decode();
      } catch {
        return fail();
      }
    },
  };
}

function iconvDecoder(encoding: 'windows-1251' | 'utf-16le'): Decoder {
  const decoder = iconv.getDecoder(encoding);
  return { write: (bytes) => decoder.write(bytes), end: () => decoder.end() ?? '' };
}

/**
 * Reads the first bytes of `chunks` (up to {@link SNIFF_BYTES}), detects their encoding and gives the
 * whole file as text. A file of no bytes gives no text.
 * @throws ImportFileError as {@link detectEncoding} does; reading `text` throws `encoding` when bytes
 *   further on do not decode.
 */
export async function decodeText(chunks: AsyncIterable<Uint8Array>, options: DecodeOptions = {}): Promise<DecodedText> {
  const expected = options.expected ?? 'csv';
  const source = chunks[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLength = 0;
  let exhausted = false;
  while (headLength < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      exhausted = true;
      break;
    }
    head.push(asBuffer(next.value));
    headLength += next.value.byteLength;
  }
  const headBytes = head.length === 1 ? head[0]! : Buffer.concat(head);
  let detected: DetectedEncoding;
  try {
    detected = detectEncoding(headBytes, expected);
  } catch (error) {
    if (!exhausted) await source.return?.();
    throw error;
  }
  const result: DecodedText = { ...detected, text: decodeChunks() };
  // Plain ASCII reads the same in every encoding here: the choice can wait for the first other byte.
  let undecided = detected.encoding === 'utf-8' && !detected.bom && isAscii(headBytes);

  async function* decodeChunks(): AsyncGenerator<string> {
    let decoder: Decoder = result.encoding === 'utf-8' ? utf8Decoder(expected) : iconvDecoder(result.encoding);
    const decode = (bytes: Buffer): string => {
      if (undecided && !isAscii(bytes)) {
        undecided = false;
        if (!isUtf8Prefix(bytes) && looksWindows1251(bytes)) {
          result.encoding = 'windows-1251';
          decoder = iconvDecoder('windows-1251');
          options.onEncodingChange?.('windows-1251');
        }
      }
      return decoder.write(bytes);
    };
    try {
      if (headBytes.length > 0) yield decode(headBytes);
      if (!exhausted) {
        for (;;) {
          const next = await source.next();
          if (next.done) break;
          const text = decode(asBuffer(next.value));
          if (text !== '') yield text;
        }
      }
      const rest = decoder.end();
      if (rest !== '') yield rest;
    } finally {
      if (!exhausted) await source.return?.();
    }
  }

  return result;
}
