import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding } from '../../../src/server/imports/text-encoding.ts';
import { chunked, collect, failure, fileBytes } from './files.ts';

const RUSSIAN = 'артикул;наименование;количество\r\n004512;Композит Филтек «Z550» — шприц 4 г;12\r\n';

async function decodeAll(bytes: Uint8Array, size?: number) {
  const decoded = await decodeText(chunked(bytes, size));
  const text = (await collect(decoded.text)).join('');
  return { encoding: decoded.encoding, bom: decoded.bom, text };
}

describe('detecting the encoding of an upload', () => {
  it('reads a UTF-8 BOM as UTF-8 with a BOM', () => {
    expect(detectEncoding(fileBytes(RUSSIAN, 'utf-8', true))).toEqual({ encoding: 'utf-8', bom: true });
  });

  it('reads a UTF-16LE BOM as UTF-16LE, as Excel saves «Юникод-текст»', () => {
    expect(detectEncoding(fileBytes(RUSSIAN, 'utf-16le', true))).toEqual({ encoding: 'utf-16le', bom: true });
  });

  it('tells UTF-16LE without a BOM by the zero bytes at odd offsets', () => {
    expect(detectEncoding(fileBytes(RUSSIAN, 'utf-16le'))).toEqual({ encoding: 'utf-16le', bom: false });
    expect(detectEncoding(fileBytes('sku\tquantity\r\nA-1\t5\r\n', 'utf-16le'))).toEqual({
      encoding: 'utf-16le',
      bom: false,
    });
  });

  it('reads valid UTF-8 without a BOM as UTF-8', () => {
    expect(detectEncoding(fileBytes(RUSSIAN))).toEqual({ encoding: 'utf-8', bom: false });
    expect(detectEncoding(fileBytes('sku;quantity\n'))).toEqual({ encoding: 'utf-8', bom: false });
  });

  it('reads bytes that are no UTF-8 but Russian letters in windows-1251 as windows-1251', () => {
    expect(detectEncoding(fileBytes(RUSSIAN, 'windows-1251'))).toEqual({ encoding: 'windows-1251', bom: false });
  });

  it('still reads UTF-8 when the first bytes end in the middle of a letter', () => {
    const bytes = fileBytes('а'.repeat(40_000));
    expect(detectEncoding(bytes.subarray(0, 64 * 1024 + 1))).toEqual({ encoding: 'utf-8', bom: false });
  });

  it('refuses an Excel workbook as text and says how to save a table', () => {
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100, 1)]);
    expect(() => detectEncoding(xlsx)).toThrow(expect.objectContaining({ code: 'wrong_kind' }));
    expect(() => detectEncoding(xlsx)).toThrow(/Сохраните таблицу как «Книга Excel \(\.xlsx\)» или как CSV/);
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    expect(() => detectEncoding(xls)).toThrow(expect.objectContaining({ code: 'wrong_kind' }));
  });

  it('refuses binary bytes that are not UTF-16 text', () => {
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0,
    ]);
    expect(() => detectEncoding(png)).toThrow(expect.objectContaining({ code: 'encoding' }));
  });

  it('refuses a single-byte text that is not windows-1251', () => {
    const cp866 = Buffer.from([0x80, 0x90, 0x92, 0x88, 0x8a, 0x93, 0x8b, 0x3b, 0x8a, 0x8e, 0x8b, 0x0d, 0x0a]);
    expect(() => detectEncoding(cp866)).toThrow(expect.objectContaining({ code: 'encoding' }));
  });
});

describe('decoding an upload as a stream', () => {
  it('decodes windows-1251 fed one byte at a time', async () => {
    expect(await decodeAll(fileBytes(RUSSIAN, 'windows-1251'), 1)).toEqual({
      encoding: 'windows-1251',
      bom: false,
      text: RUSSIAN,
    });
  });

  it('never splits a Cyrillic letter of UTF-8 fed one byte at a time, and drops the BOM', async () => {
    expect(await decodeAll(fileBytes(RUSSIAN, 'utf-8', true), 1)).toEqual({
      encoding: 'utf-8',
      bom: true,
      text: RUSSIAN,
    });
  });

  it('decodes UTF-16LE with a BOM fed in odd-sized chunks, without the BOM', async () => {
    expect(await decodeAll(fileBytes(RUSSIAN, 'utf-16le', true), 3)).toEqual({
      encoding: 'utf-16le',
      bom: true,
      text: RUSSIAN,
    });
  });

  it('turns to windows-1251 when a file plain ASCII in its first 64 kB has windows-1251 letters later', async () => {
    const ascii = 'sku;quantity\r\n' + 'A-1;5\r\n'.repeat(12_000);
    const text = ascii + 'Б-1;7\r\n';
    expect(await decodeAll(fileBytes(text, 'windows-1251'), 4096)).toEqual({
      encoding: 'windows-1251',
      bom: false,
      text,
    });
  });

  it('stops a UTF-8 file that has other bytes further on', async () => {
    const bytes = Buffer.concat([fileBytes('артикул;количество\n'.repeat(5000)), fileBytes('Б;1\n', 'windows-1251')]);
    const error = await failure(decodeAll(bytes, 4096));
    expect(error.code).toBe('encoding');
  });

  it('gives no text for no bytes', async () => {
    expect(await decodeAll(Buffer.alloc(0))).toEqual({ encoding: 'utf-8', bom: false, text: '' });
  });
});
