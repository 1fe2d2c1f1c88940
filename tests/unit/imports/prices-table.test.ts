import { describe, expect, it } from 'vitest';
import type { PriceRow, RowProblem } from '../../../src/server/imports/import.types.ts';
import { readPricesTable, type PricesTableOptions } from '../../../src/server/imports/prices-table.ts';
import { chunked, collect, failure, fileBytes, workbook } from './files.ts';

async function readPrices(bytes: Uint8Array, options: PricesTableOptions = {}) {
  const { facts, items } = readPricesTable(chunked(bytes, 500), options);
  const rows: PriceRow[] = [];
  const problems: RowProblem[] = [];
  for (const item of await collect(items)) {
    if (item.kind === 'row') rows.push(item.value);
    else problems.push(item.value);
  }
  return { facts: await facts, rows, problems };
}

const csv1251 = (lines: string[]) => fileBytes(lines.join('\r\n') + '\r\n', 'windows-1251');

describe('reading a price list table', () => {
  it('reads the windows-1251 «;» price list Excel saves, «3 150,00» with a no-break space', async () => {
    const { facts, rows, problems } = await readPrices(
      csv1251([
        'Артикул;Наименование;Цена;Старая цена',
        '004512;Композит «Filtek»;3\u00a0150,00;3 500',
        'B-2;Бор;99,5;',
      ]),
      { country: 'kg' },
    );
    expect(problems).toEqual([]);
    expect(facts).toMatchObject({
      format: 'csv',
      csv: { encoding: 'windows-1251', delimiter: ';' },
      unknownColumns: [],
    });
    expect(rows).toEqual([
      { row: 2, index: 0, sku: '004512', country: 'kg', price: '3150.00', oldPrice: '3500.00' },
      { row: 3, index: 1, sku: 'B-2', country: 'kg', price: '99.50', oldPrice: null },
    ]);
  });

  it('reads a workbook: columns in any order, English headers, numbers as Excel keeps them, a country per row', async () => {
    const bytes = await workbook([
      ['price', 'country', 'SKU', 'old_price'],
      [1250.5, 'KZ', 4607023450012, 1400],
      [0.1 + 0.2, 'Кыргызстан', 'A-1'],
    ]);
    const { rows, problems } = await readPrices(bytes);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { row: 2, index: 0, sku: '4607023450012', country: 'kz', price: '1250.50', oldPrice: '1400.00' },
      { row: 3, index: 1, sku: 'A-1', country: 'kg', price: '0.30', oldPrice: null },
    ]);
  });

  it('takes the currency a column names and refuses one that is not the country’s', async () => {
    const kg = await readPrices(csv1251(['Артикул;Цена, сом', 'A;100']), { country: 'kg' });
    expect(kg.rows.map((r) => r.price)).toEqual(['100.00']);
    const kz = await readPrices(csv1251(['Артикул;Цена, сом', 'A;100']), { country: 'kz' });
    expect(kz.problems[0]!.errors).toMatchObject([{ row: 2, column: 'Цена, сом', code: 'currency_mismatch' }]);
    const column = await readPrices(csv1251(['Артикул;Цена;Валюта', 'A;100;KZT', 'B;5;сом']), { country: 'kg' });
    expect(column.rows.map((r) => r.sku)).toEqual(['B']);
    expect(column.problems[0]!.errors[0]).toMatchObject({
      row: 2,
      column: 'Валюта',
      value: 'KZT',
      code: 'currency_mismatch',
    });
  });

  it('leaves an empty price to the import (set nothing where the product is not sold), an empty old price removes it', async () => {
    const { rows } = await readPrices(csv1251(['артикул;цена;старая цена', 'A;;', 'B;10;']), { country: 'kg' });
    expect(rows).toEqual([
      { row: 2, index: 0, sku: 'A', country: 'kg', price: null, oldPrice: null },
      { row: 3, index: 1, sku: 'B', country: 'kg', price: '10.00', oldPrice: null },
    ]);
  });

  it('gives every error of a row with its line and the column as headed, keeping its SKU', async () => {
    const { problems } = await readPrices(
      csv1251(['Артикул;Цена;Старая цена;Страна', 'A;12,345;10;KG', 'B;-5;;KG', 'C;100;90;KG', 'D;5;;KZ', 'E;5;;Марс']),
      { country: 'kg' },
    );
    expect(problems.map((p) => [p.row, p.sku, p.errors.map((e) => [e.column, e.code])])).toEqual([
      [2, 'A', [['Цена', 'price_invalid']]],
      [3, 'B', [['Цена', 'price_invalid']]],
      [4, 'C', [['Старая цена', 'old_price_invalid']]],
      [5, 'D', [['Страна', 'country_invalid']]],
      [6, 'E', [['Страна', 'country_invalid']]],
    ]);
    expect(problems[3]!.errors[0]!.message).toContain('Казахстан');
  });

  it('names the columns nobody reads', async () => {
    const { facts } = await readPrices(csv1251(['Артикул;Наименование;Цена;Склад;Примечание', 'A;Бор;5;1;x']), {
      country: 'kg',
    });
    expect(facts.unknownColumns).toEqual(['Склад', 'Примечание']);
  });

  it('refuses a table without a country column uploaded without a country, and one without a price column', async () => {
    expect((await failure(readPrices(csv1251(['артикул;цена', 'A;5'])))).code).toBe('no_country');
    const noPrice = await failure(readPrices(csv1251(['артикул;количество', 'A;5']), { country: 'kg' }));
    expect(noPrice).toMatchObject({ code: 'no_header', message: expect.stringContaining('загрузите его как остатки') });
  });
});

describe('cells named like prototype members', () => {
  it('calls a country «constructor» and a currency «toString» what they are: unknown', async () => {
    const { problems } = await readPrices(
      csv1251(['артикул;цена;страна;валюта', 'A;5;constructor;KGS', 'B;5;KG;toString']),
    );
    expect(problems.map((p) => p.errors.map((e) => e.code))).toEqual([['country_invalid'], ['currency_mismatch']]);
  });
});
