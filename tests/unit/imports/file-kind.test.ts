import { describe, expect, it } from 'vitest';
import { checkUploadKind } from '../../../src/server/imports/file-kind.ts';
import { sniffUploadFormat } from '../../../src/server/imports/table-format.ts';
import type { ImportKind } from '../../../src/server/imports/import.types.ts';
import { fileBytes } from './files.ts';

const PRODUCTS = '{\n  "format": "products@1",\n  "products": [{"sku": "A", "name": "Бор"}]\n}';
const PRICES = '{"format": "prices@1", "country": "kg", "currency": "KGS", "prices": [{"sku": "A", "price": 5}]}';
const STOCK = 'артикул;количество\r\nA;5\r\n';
// The start of a workbook as Excel writes it: a zip whose first entries name xl/ parts.
const XLSX = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.alloc(26, 0),
  Buffer.from('[Content_Types].xml xl/workbook.xml', 'latin1'),
]);
const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(300, 0)]);
const ODS = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.alloc(26, 0),
  Buffer.from('mimetypeapplication/vnd.oasis.opendocument.spreadsheet', 'latin1'),
]);
const DOCX = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.alloc(26, 0),
  Buffer.from('[Content_Types].xml word/document.xml', 'latin1'),
]);

function refusal(kind: ImportKind, bytes: Uint8Array): { code: string; message: string } | null {
  try {
    checkUploadKind(kind, bytes);
    return null;
  } catch (error) {
    return error as { code: string; message: string };
  }
}

describe('sniffing the format of a file', () => {
  it('calls text starting with { or [ JSON, after a BOM and spaces', () => {
    expect(sniffUploadFormat(fileBytes(PRODUCTS))).toBe('json');
    expect(sniffUploadFormat(fileBytes('\r\n  [{"sku": "A"}]', 'utf-8', true))).toBe('json');
    expect(sniffUploadFormat(fileBytes(PRICES, 'utf-16le', true))).toBe('json');
  });

  it('calls other text CSV', () => {
    expect(sniffUploadFormat(fileBytes(STOCK, 'windows-1251'))).toBe('csv');
    expect(sniffUploadFormat(fileBytes('sku\tquantity\r\n', 'utf-16le', true))).toBe('csv');
  });

  it('calls a zip with xl/ parts an Excel workbook', () => {
    expect(sniffUploadFormat(XLSX)).toBe('xlsx');
  });

  it('refuses an .xls, an .ods, a Word file and other bytes, saying what to save them as', () => {
    for (const bytes of [XLS, ODS, DOCX]) {
      expect(() => sniffUploadFormat(bytes)).toThrow(
        expect.objectContaining({ code: 'wrong_kind', message: expect.stringContaining('.xlsx') }),
      );
    }
    expect(() => sniffUploadFormat(XLS)).toThrow(/97–2003/);
    expect(() => sniffUploadFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2, 3]))).toThrow(
      expect.objectContaining({ code: 'encoding' }),
    );
  });
});

describe('checking an upload is the kind its route takes', () => {
  it('lets each kind of file through its own route', () => {
    expect(refusal('products', fileBytes(PRODUCTS))).toBeNull();
    expect(refusal('prices', fileBytes(PRICES, 'utf-8', true))).toBeNull();
    expect(refusal('stock', fileBytes(STOCK, 'windows-1251'))).toBeNull();
    expect(refusal('products', fileBytes('[{"sku": "A", "name": "Бор"}]'))).toBeNull();
    expect(refusal('prices', fileBytes('[{"sku": "A", "country": "kg", "price": 5}]'))).toBeNull();
  });

  it('refuses no bytes and only spaces as empty', () => {
    for (const kind of ['products', 'prices', 'stock'] as const) {
      expect(refusal(kind, Buffer.alloc(0))?.code).toBe('empty');
      expect(refusal(kind, fileBytes(' \r\n', 'utf-8', true))?.code).toBe('empty');
    }
  });

  it('sends a products or prices JSON sent as stock to its kind of upload, in words, not API paths', () => {
    expect(refusal('stock', fileBytes(PRODUCTS))).toMatchObject({
      code: 'wrong_kind',
      message: expect.stringContaining('Загрузите его как товары'),
    });
    expect(refusal('stock', fileBytes(PRICES))).toMatchObject({
      code: 'wrong_kind',
      message: expect.stringContaining('Загрузите его как цены'),
    });
    expect(refusal('stock', fileBytes('{"a": 1}'))).toMatchObject({
      code: 'wrong_kind',
      message: expect.stringContaining('.xlsx'),
    });
    for (const kind of ['stock', 'prices', 'products'] as const)
      expect(
        refusal(kind, fileBytes(kind === 'stock' ? PRODUCTS : kind === 'prices' ? PRODUCTS : PRICES))?.message,
      ).not.toContain('/api/');
  });

  it('takes a table, CSV or .xlsx, on every route: its columns are the task’s to read', () => {
    for (const kind of ['products', 'prices', 'stock'] as const) {
      expect(refusal(kind, fileBytes(STOCK, 'windows-1251'))).toBeNull();
      expect(refusal(kind, XLSX)).toBeNull();
      expect(refusal(kind, XLS)?.code).toBe('wrong_kind');
    }
  });

  it('sends a products file sent as prices to the products upload, and back', () => {
    expect(refusal('prices', fileBytes(PRODUCTS))).toMatchObject({
      code: 'wrong_kind',
      message: expect.stringContaining('как товары'),
    });
    expect(refusal('products', fileBytes(PRICES))).toMatchObject({
      code: 'wrong_kind',
      message: expect.stringContaining('как цены'),
    });
  });

  it('tells bare arrays of prices and of products apart by their first row', () => {
    expect(refusal('products', fileBytes('[\n  {"sku": "A", "price": 5, "country": "kg"}\n]'))?.code).toBe(
      'wrong_kind',
    );
    expect(refusal('prices', fileBytes('[{"sku": "A", "name": "Бор", "category": "bory"}]'))?.code).toBe('wrong_kind');
    expect(refusal('products', fileBytes('[{"sku": "A", "name": "Бор", "price": 5}]'))).toBeNull();
  });

  it('refuses an unknown format and a format that is not a string', () => {
    expect(refusal('products', fileBytes('{"format": "goods@1", "goods": []}'))?.code).toBe('not_the_format');
    expect(refusal('prices', fileBytes('{"format": 1, "prices": []}'))?.code).toBe('not_the_format');
  });

  it('tells a file without format by its list key', () => {
    expect(refusal('products', fileBytes('{"prices": [{"sku": "A", "price": 1}]}'))?.code).toBe('wrong_kind');
    expect(refusal('products', fileBytes('{"products": [{"sku": "A"}]}'))?.code).toBe('not_the_format');
  });

  it('looks at the first 64 kB only, however the file goes on', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `{"sku": "A-${i}", "name": "Композит ${i}"}`).join(',\n');
    const big = fileBytes(`{"format": "products@1", "products": [\n${rows}\n]}`);
    expect(big.length).toBeGreaterThan(64 * 1024);
    expect(refusal('products', big)).toBeNull();
    expect(refusal('prices', big)?.code).toBe('wrong_kind');
  });

  it('leaves a syntax error to the reader, which names its line', () => {
    expect(refusal('products', fileBytes('{"format": "products@1", "products": [{"sku": "A",}]}'))).toBeNull();
  });
});
