import { describe, expect, it } from 'vitest';
import type { ProductRow, RowProblem } from '../../../src/server/imports/import.types.ts';
import { readProductsTable } from '../../../src/server/imports/products-table.ts';
import { chunked, collect, failure, fileBytes, workbook } from './files.ts';

const SPECS = [
  { slug: 'ottenok-vita', name: 'Оттенок VITA', unit: null },
  { slug: 'obem', name: 'Объём', unit: 'мл' },
];

async function readProducts(bytes: Uint8Array) {
  const { facts, items } = readProductsTable(chunked(bytes, 300), { specifications: SPECS });
  const rows: ProductRow[] = [];
  const problems: RowProblem[] = [];
  for (const item of await collect(items)) {
    if (item.kind === 'row') rows.push(item.value);
    else problems.push(item.value);
  }
  return { facts: await facts, rows, problems };
}

describe('reading a products table', () => {
  it('reads every field and the specifications headed by name, name and unit, or slug', async () => {
    const bytes = await workbook([
      [
        'Артикул',
        'Наименование',
        'Категория',
        'Бренд',
        'Семейство',
        'Показывать',
        'Описание',
        'Фото',
        'Оттенок VITA',
        'Объём, мл',
      ],
      [
        '3M-Z250-A2',
        'Filtek Z250 A2',
        'Композиты',
        '3M',
        '3M-Z250',
        'да',
        '<p>Текст</p>',
        '/media/abc\n/media/def',
        'A2; A3',
        4,
      ],
      ['X-1', 'Бор', 'bory', '-', '-', 'нет', '-', '-', '-', null],
    ]);
    const { rows, problems, facts } = await readProducts(bytes);
    expect(problems).toEqual([]);
    expect(facts.unknownColumns).toEqual([]);
    expect(facts.specificationColumns).toEqual({ 'ottenok-vita': 'Оттенок VITA', obem: 'Объём, мл' });
    expect(rows).toEqual([
      {
        row: 2,
        index: 0,
        sku: '3M-Z250-A2',
        name: 'Filtek Z250 A2',
        category: 'Композиты',
        brand: '3M',
        family: '3M-Z250',
        isActive: true,
        description: '<p>Текст</p>',
        images: ['/media/abc', '/media/def'],
        specifications: { 'ottenok-vita': ['A2', 'A3'], obem: ['4'] },
      },
      {
        row: 3,
        index: 1,
        sku: 'X-1',
        name: 'Бор',
        category: 'bory',
        brand: null,
        family: null,
        isActive: false,
        description: '',
        images: [],
        specifications: { 'ottenok-vita': [] },
      },
    ]);
  });

  it('leaves a field whose cell is empty as it is, and reads only the SKU where that is all', async () => {
    const { rows } = await readProducts(fileBytes('артикул;наименование;бренд\r\nA;;\r\n', 'windows-1251'));
    expect(rows).toEqual([{ row: 2, index: 0, sku: 'A' }]);
  });

  it('names what is wrong in a cell, by the column as headed', async () => {
    const { problems } = await readProducts(
      fileBytes(
        [
          'Артикул;Наименование;Адрес;Показывать;Фото',
          'A;-;Не Slug;может быть;javascript:alert(1)',
          ';Без артикула;;;',
        ].join('\r\n'),
      ),
    );
    expect(problems.map((p) => p.errors.map((e) => [e.row, e.column, e.code]))).toEqual([
      [
        [2, 'Наименование', 'field_invalid'],
        [2, 'Адрес', 'field_invalid'],
        [2, 'Показывать', 'field_invalid'],
        [2, 'Фото', 'field_invalid'],
      ],
      [[3, 'Артикул', 'sku_missing']],
    ]);
  });

  it('names the columns nobody reads (prices and stock go in their own files)', async () => {
    const { facts } = await readProducts(fileBytes('артикул;наименование;цена;остаток\r\nA;Бор;5;1\r\n'));
    expect(facts.unknownColumns).toEqual(['цена', 'остаток']);
  });

  it('refuses a table without a SKU column', async () => {
    expect((await failure(readProducts(fileBytes('наименование;категория\r\nБор;bory\r\n')))).code).toBe('no_header');
  });
});
