/** Uploads made in the test: bytes in any encoding, fed in chunks of a chosen size. */
import iconv from 'iconv-lite';

export type Encoding = 'utf-8' | 'windows-1251' | 'utf-16le';

/** Text as a file's bytes, with the BOM the encoding's Excel writes when `bom` is set. */
export function fileBytes(text: string, encoding: Encoding = 'utf-8', bom = false): Buffer {
  return iconv.encode(text, encoding, { addBOM: bom });
}

/** The bytes as an upload's stream, `size` bytes at a time (1: byte by byte). */
export async function* chunked(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield Buffer.from(bytes.subarray(at, at + size));
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Rejects with what `promise` throws, so a test can look at the error's code and message. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a failure');
}

/**
 * An .xlsx workbook as Excel saves one: `rows` from the first row down, `null` and `undefined` cells
 * left out of the file (as Excel leaves empty cells), numbers as numbers.
 */
export async function workbook(
  rows: (string | number | boolean | null | undefined)[][],
  sheetName = 'Лист1',
): Promise<Buffer> {
  const { default: ExcelJS } = await import('../../../src/server/imports/exceljs.ts');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  rows.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (cell !== null && cell !== undefined) sheet.getCell(r + 1, c + 1).value = cell;
    }),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}
