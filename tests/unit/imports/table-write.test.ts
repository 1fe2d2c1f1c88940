import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { encodeCsv, excelSafe, type CsvForm } from '../../../src/server/csv.ts';
import { csvStream, streamBuffer, xlsxStream } from '../../../src/server/imports/table-write.ts';
import { readTableFile } from '../../../src/server/imports/table-file.ts';
import { chunked, collect, workbook } from './files.ts';

const WINDOWS_SEMICOLON: CsvForm = { encoding: 'windows-1251', bom: false, delimiter: ';', lineEnding: '\r\n' };

async function* rowsOf(rows: (string | number | boolean)[][]) {
  yield* rows;
}

describe('writing CSV in the uploader’s form', () => {
  it('quotes cells with the delimiter, quotes and line breaks only', () => {
    const bytes = encodeCsv({ ...WINDOWS_SEMICOLON, encoding: 'utf-8' }, [
      ['a;b', 'say "hi"', 'two\nlines', 'plain, comma'],
    ]);
    expect(bytes.toString()).toBe('"a;b";"say ""hi""";"two\nlines";plain, comma\r\n');
  });

  it('quotes commas when the delimiter is a comma, and uses LF when the file did', () => {
    const bytes = encodeCsv({ encoding: 'utf-8', bom: false, delimiter: ',', lineEnding: '\n' }, [['1,5', 'x;y']]);
    expect(bytes.toString()).toBe('"1,5",x;y\n');
  });

  it('writes windows-1251 without a BOM and UTF-16LE and UTF-8 with theirs', () => {
    const rows = [['Щётка', '1']];
    expect(iconv.decode(encodeCsv(WINDOWS_SEMICOLON, rows), 'windows-1251')).toBe('Щётка;1\r\n');
    const utf16 = encodeCsv({ encoding: 'utf-16le', bom: true, delimiter: '\t', lineEnding: '\r\n' }, rows);
    expect([...utf16.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(utf16.subarray(2).toString('utf16le')).toBe('Щётка\t1\r\n');
    const utf8 = encodeCsv({ encoding: 'utf-8', bom: true, delimiter: ';', lineEnding: '\r\n' }, rows);
    expect([...utf8.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('spells out in windows-1251 the signs it lacks instead of writing «?»', () => {
    const text = iconv.decode(
      encodeCsv(WINDOWS_SEMICOLON, [['«Формат ячеек → Текстовый»', '1 500 ₸']]),
      'windows-1251',
    );
    expect(text).toBe('«Формат ячеек -> Текстовый»;1 500 тенге\r\n');
    expect(text).not.toContain('?');
  });
});

describe('making cells safe for Excel', () => {
  it('puts an apostrophe before a cell Excel would run as a formula', () => {
    for (const cell of ['=cmd|"/c calc"!A1', '+5', '-3', '@SUM(A1)', '\tx', '\rx'])
      expect(excelSafe(cell)).toBe(`'${cell}`);
  });

  it('leaves other cells alone', () => {
    for (const cell of ['', 'A-1', '12', 'x=1', ' =1']) expect(excelSafe(cell)).toBe(cell);
  });
});

describe('a table written as a stream', () => {
  it('writes CSV rows with formulas made safe, and a text column as ="…" that nothing inside can break out of', async () => {
    const bytes = await streamBuffer(
      csvStream(
        WINDOWS_SEMICOLON,
        ['артикул', 'наименование', 'цена'],
        rowsOf([
          ['00123', '=HYPERLINK("x")', '3150,50'],
          ['A"&HYPERLINK("u")&"', '="" & HYPERLINK(""u"")', 12.5],
        ]),
        { textColumns: new Set([0]) },
      ),
    );
    const text = iconv.decode(bytes, 'windows-1251');
    expect(text.split('\r\n')).toEqual([
      'артикул;наименование;цена',
      '"=""00123""";"\'=HYPERLINK(""x"")";3150,50',
      '"=""A""""&HYPERLINK(""""u"""")&""""""";"\'="""" & HYPERLINK(""""u"""")";12,5',
      '',
    ]);
  });

  it('writes a workbook that reads back as it was: text SKUs with their zeros, money and counts as numbers', async () => {
    const workbook = await streamBuffer(
      xlsxStream(
        'Цены',
        [
          { header: 'Артикул', kind: 'text' },
          { header: 'Наименование', kind: 'text' },
          { header: 'Цена, сом', kind: 'money' },
          { header: 'Количество', kind: 'count' },
        ],
        rowsOf([
          ['00123', 'Композит «A2»', 3150.5, 12],
          [4607023450012, '=1+1', 99, 0],
        ]),
      ),
    );
    const table = readTableFile(chunked(workbook, 1000));
    expect(await table.facts).toMatchObject({
      format: 'xlsx',
      sheet: 'Цены',
      header: ['Артикул', 'Наименование', 'Цена, сом', 'Количество'],
    });
    expect(await collect(table.records)).toEqual([
      { line: 2, cells: ['00123', 'Композит «A2»', 3150.5, 12] },
      { line: 3, cells: ['4607023450012', '=1+1', 99, 0] },
    ]);
  });
});

describe('reading what Excel wrote, whole', () => {
  it('keeps every Cyrillic letter of a workbook whose texts span many chunks, and entity-like text as written', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [
      `SKU-${i}`,
      `Низкая растворимость и минимальная усадка, эндодонтическое лечение №${i} «ёжик» — ${'щ'.repeat(i % 37)}`,
      i % 7 === 0 ? 'текст &quot; и &amp; <p>' : `Ёмкость ${i}`,
    ]);
    const bytes = await workbook([['Артикул', 'Наименование', 'Описание'], ...rows]);
    const table = readTableFile(chunked(bytes, 7777));
    const read = await collect(table.records);
    expect(read.map((r) => r.cells)).toEqual(rows);
  });
});
