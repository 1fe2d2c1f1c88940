import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { encodeCsv, excelSafe, renderErrorCsv, renderStockTemplate } from '../../../src/server/imports/csv-write.ts';
import type { CsvFacts } from '../../../src/server/imports/import.types.ts';
import { readStockCsv } from '../../../src/server/imports/stock-csv.ts';
import { chunked, collect } from './files.ts';

const WINDOWS_SEMICOLON: CsvFacts = {
  encoding: 'windows-1251',
  bom: false,
  delimiter: ';',
  lineEnding: '\r\n',
  header: ['артикул', 'количество'],
};

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

describe('the error CSV', () => {
  it('gives the bad rows in windows-1251 with «;», an «ошибка» column and formulas made safe', () => {
    const bytes = renderErrorCsv(
      WINDOWS_SEMICOLON,
      ['артикул', 'количество'],
      [
        { cells: ['=cmd|"/c calc"!A1', '5'], messages: ['Нет такого артикула.'] },
        { cells: ['B-2', '-3'], messages: ['Количество «-3» меньше нуля.', 'Второе сообщение.'] },
      ],
    );
    expect(iconv.decode(bytes, 'windows-1251')).toBe(
      'артикул;количество;ошибка\r\n' +
        '"\'=cmd|""/c calc""!A1";5;Нет такого артикула.\r\n' +
        'B-2;\'-3;"Количество «-3» меньше нуля.\nВторое сообщение."\r\n',
    );
  });

  it('keeps the messages in one column when rows have fewer or more cells than the header', () => {
    const bytes = renderErrorCsv(
      { ...WINDOWS_SEMICOLON, encoding: 'utf-8' },
      ['sku', 'quantity'],
      [
        { cells: ['A'], messages: ['m1'] },
        { cells: ['B', '1', 'extra'], messages: ['m2'] },
      ],
    );
    expect(bytes.toString()).toBe('sku;quantity;;ошибка\r\nA;;;m1\r\nB;1;extra;m2\r\n');
  });
});

describe('the stock template', () => {
  const stock = [
    { sku: '004512', name: 'Композит; «Filtek» "Z550"', quantity: 12 },
    { sku: '4607020000012', name: '=Шприц', quantity: 0 },
    { sku: 'A"1', name: 'Бор', quantity: 1200 },
  ];

  it('writes UTF-8 with a BOM, «;» and CRLF, «было» repeating the quantity', () => {
    const bytes = renderStockTemplate(stock.slice(0, 1));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString()).toBe(
      'артикул;наименование;количество;было\r\n"=""004512""";"Композит; «Filtek» ""Z550""";12;12\r\n',
    );
  });

  it('reads back as the same rows, unchanged', async () => {
    const { facts, items } = readStockCsv(chunked(renderStockTemplate(stock), 7));
    const rows = (await collect(items)).map((item) => {
      if (item.kind !== 'row') throw new Error(JSON.stringify(item.value.errors));
      return {
        sku: item.value.sku,
        quantity: item.value.quantity,
        was: item.value.quantityWas,
        name: item.value.cells[1],
      };
    });
    expect(await facts).toEqual({
      encoding: 'utf-8',
      bom: true,
      delimiter: ';',
      lineEnding: '\r\n',
      header: ['артикул', 'наименование', 'количество', 'было'],
    });
    expect(rows).toEqual([
      { sku: '004512', quantity: 12, was: 12, name: 'Композит; «Filtek» "Z550"' },
      { sku: '4607020000012', quantity: 0, was: 0, name: "'=Шприц" },
      { sku: 'A"1', quantity: 1200, was: 1200, name: 'Бор' },
    ]);
  });

  it('is only the header for a country without stock', async () => {
    expect(renderStockTemplate([]).subarray(3).toString()).toBe('артикул;наименование;количество;было\r\n');
  });
});
