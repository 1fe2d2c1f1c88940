import { describe, expect, it } from 'vitest';
import type { StockRow, StockRowProblem } from '../../../src/server/imports/import.types.ts';
import { markDuplicateSkus, readStockFile, type StockFileOptions } from '../../../src/server/imports/stock-file.ts';
import { chunked, collect, failure, fileBytes, workbook, type Encoding } from './files.ts';

async function readStock(bytes: Uint8Array, options: StockFileOptions & { chunk?: number } = {}) {
  const { facts, items } = readStockFile(chunked(bytes, options.chunk), options);
  const rows: StockRow[] = [];
  const problems: StockRowProblem[] = [];
  for (const item of await collect(items)) {
    if (item.kind === 'row') rows.push(item.value);
    else problems.push(item.value);
  }
  return { facts: (await facts).csv!, rows, problems };
}

function stockFile(lines: string[], encoding: Encoding = 'utf-8', bom = false, lineEnd = '\r\n'): Buffer {
  return fileBytes(lines.join(lineEnd) + lineEnd, encoding, bom);
}

/** The one error of a one-line file whose quantity (or SKU) cell is `cell`. */
async function errorOf(line: string) {
  const { problems } = await readStock(stockFile(['артикул;количество', line]));
  expect(problems).toHaveLength(1);
  expect(problems[0]!.errors).toHaveLength(1);
  return problems[0]!.errors[0]!;
}

async function quantityOf(cell: string) {
  const { rows } = await readStock(stockFile(['артикул;количество', `A-1;${cell}`]));
  return rows[0]?.quantity;
}

describe('reading a stock CSV', () => {
  it('reads a windows-1251 file with «;» as Excel saves «CSV (разделители — запятые)»', async () => {
    const bytes = stockFile(
      ['Артикул;Наименование;Количество', '004512;Композит «Filtek»;12', 'B-2;Бор;0'],
      'windows-1251',
    );
    const { facts, rows, problems } = await readStock(bytes);
    expect(facts).toEqual({
      encoding: 'windows-1251',
      bom: false,
      delimiter: ';',
      lineEnding: '\r\n',
      header: ['Артикул', 'Наименование', 'Количество'],
    });
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      { row: 2, sku: '004512', quantity: 12, quantityWas: null, cells: ['004512', 'Композит «Filtek»', '12'] },
      { row: 3, sku: 'B-2', quantity: 0, quantityWas: null, cells: ['B-2', 'Бор', '0'] },
    ]);
  });

  it('reads a UTF-16LE file with tabs and a BOM as Excel saves «Юникод-текст»', async () => {
    const bytes = stockFile(['Артикул\tНаименование\tКоличество', 'A-1\tШприц; 4 г\t7'], 'utf-16le', true);
    const { facts, rows } = await readStock(bytes);
    expect(facts).toMatchObject({ encoding: 'utf-16le', bom: true, delimiter: '\t', lineEnding: '\r\n' });
    expect(rows.map((r) => [r.sku, r.quantity])).toEqual([['A-1', 7]]);
  });

  it('reads UTF-16LE without a BOM and an old Mac file whose lines end in CR', async () => {
    const utf16 = await readStock(stockFile(['sku\tquantity', 'A-1\t2'], 'utf-16le'));
    expect(utf16.facts).toMatchObject({ encoding: 'utf-16le', bom: false, delimiter: '\t' });
    expect(utf16.rows).toEqual([expect.objectContaining({ sku: 'A-1', quantity: 2 })]);
    const mac = await readStock(stockFile(['sku;quantity', 'A-1;2', 'A-2;3'], 'windows-1251', false, '\r'));
    expect(mac.facts.lineEnding).toBe('\r\n');
    expect(mac.rows.map((r) => [r.row, r.sku])).toEqual([
      [2, 'A-1'],
      [3, 'A-2'],
    ]);
  });

  it('reads UTF-8 with a BOM and keeps the BOM out of the first header cell', async () => {
    const { facts, rows } = await readStock(stockFile(['sku;quantity', 'A-1;3'], 'utf-8', true));
    expect(facts).toMatchObject({ encoding: 'utf-8', bom: true, header: ['sku', 'quantity'] });
    expect(rows).toHaveLength(1);
  });

  it('reports LF line ends and a comma delimiter', async () => {
    const { facts, rows } = await readStock(stockFile(['sku,quantity', 'A-1,3'], 'utf-8', false, '\n'));
    expect(facts).toMatchObject({ delimiter: ',', lineEnding: '\n' });
    expect(rows[0]).toMatchObject({ sku: 'A-1', quantity: 3 });
  });

  it('matches headers without regard to case and spaces, with Russian aliases', async () => {
    for (const [sku, quantity] of [
      ['  АРТИКУЛ ', 'Кол-во'],
      ['Код товара', '  ОСТАТОК'],
      ['КОД', 'Количество'],
      ['SKU', 'Quantity'],
    ]) {
      const { rows } = await readStock(stockFile([`Наименование;${sku};${quantity}`, 'Бор;A-1;4']));
      expect(
        rows.map((r) => [r.sku, r.quantity]),
        `${sku} / ${quantity}`,
      ).toEqual([['A-1', 4]]);
    }
  });

  it('prefers «артикул» over «код» when a 1C export has both', async () => {
    const { rows } = await readStock(stockFile(['Код;Артикул;Количество', '00017;Z-550;4']));
    expect(rows[0]).toMatchObject({ sku: 'Z-550', quantity: 4 });
  });

  it('takes the delimiter from Excel’s «sep=» first line and the header from the next', async () => {
    const { facts, rows } = await readStock(
      stockFile(['sep=,', 'артикул,наименование;фасовка,количество', 'A-1,Бор;1 шт,5']),
    );
    expect(facts).toMatchObject({ delimiter: ',', header: ['артикул', 'наименование;фасовка', 'количество'] });
    expect(rows).toEqual([expect.objectContaining({ row: 3, sku: 'A-1', quantity: 5 })]);
    expect((await readStock(stockFile(['sep=\t', 'sku\tquantity', 'A\t1']))).facts.delimiter).toBe('\t');
    expect((await failure(readStock(stockFile(['sep=|', 'sku|quantity'])))).code).toBe('no_header');
  });

  it('refuses a header without the SKU or quantity column, naming the columns found', async () => {
    const error = await failure(readStock(stockFile(['Товар;Цена;Склад', 'A-1;100;5'])));
    expect(error.code).toBe('no_header');
    expect(error.message).toContain('количеством');
    expect(error.message).toContain('«Товар», «Цена», «Склад»');
  });

  it('refuses a header with the quantity column twice', async () => {
    const error = await failure(readStock(stockFile(['sku;Количество;количество', 'A-1;1;2'])));
    expect(error).toMatchObject({ code: 'no_header', message: expect.stringContaining('дважды') });
  });

  it('refuses an empty file and a file with only the header', async () => {
    expect((await failure(readStock(Buffer.alloc(0)))).code).toBe('empty');
    expect((await failure(readStock(fileBytes('\r\n\r\n')))).code).toBe('empty');
    expect((await failure(readStock(stockFile(['sku;quantity'])))).code).toBe('empty');
  });

  it('keeps leading zeros and trims spaces and NBSP around a SKU', async () => {
    const { rows } = await readStock(stockFile(['sku;quantity', '  000123\u00a0;1', '"0045 ";2']));
    expect(rows.map((r) => r.sku)).toEqual(['000123', '0045']);
  });

  it('unwraps a SKU written ="…" to stay text', async () => {
    const { rows } = await readStock(stockFile(['sku;quantity', '"=""004512""";1']));
    expect(rows[0]!.sku).toBe('004512');
  });

  it('calls a SKU Excel wrote as 4,60702E+12 a row error that says how to fix it', async () => {
    for (const cell of ['4,60702E+12', '4.60702E+12', '4,60702Е+12', '5E+12']) {
      const error = await errorOf(`${cell};5`);
      expect(error).toMatchObject({ row: 2, column: 'артикул', value: cell, code: 'sku_scientific' });
      expect(error.message).toContain('Текстовый');
    }
  });

  it('keeps a SKU that only looks a little like a number', async () => {
    const { rows } = await readStock(stockFile(['sku;quantity', '12E5;1', 'E+12;1', '1-2;1']));
    expect(rows.map((r) => r.sku)).toEqual(['12E5', 'E+12', '1-2']);
  });

  it('calls an empty SKU cell sku_missing', async () => {
    expect(await errorOf(';5')).toMatchObject({ code: 'sku_missing', value: '' });
  });

  it('calls an empty quantity cell quantity_missing: empty is not 0', async () => {
    const error = await errorOf('A-1;');
    expect(error).toMatchObject({ row: 2, column: 'количество', value: '', code: 'quantity_missing' });
    expect(error.message).toContain('не значит 0');
  });

  it('reads thousands separated by a space or an NBSP', async () => {
    expect(await quantityOf('1 200')).toBe(1200);
    expect(await quantityOf('1\u00a0200')).toBe(1200);
    expect(await quantityOf('"1 200 300"')).toBe(1200300);
  });

  it('reads a whole number written with zero decimals', async () => {
    expect(await quantityOf('12,0')).toBe(12);
    expect(await quantityOf('12.00')).toBe(12);
    expect(await quantityOf(' 7 ')).toBe(7);
  });

  it('calls a fraction quantity_invalid', async () => {
    const error = await errorOf('A-1;12,5');
    expect(error).toMatchObject({ code: 'quantity_invalid', value: '12,5' });
    expect(error.message).toContain('дробное');
  });

  it('calls a negative number quantity_invalid', async () => {
    expect(await errorOf('A-1;-3')).toMatchObject({
      code: 'quantity_invalid',
      message: expect.stringContaining('меньше нуля'),
    });
  });

  it('calls a number with a plus sign quantity_invalid: the file gives the stock, not a change', async () => {
    expect(await errorOf('A-1;+5')).toMatchObject({
      code: 'quantity_invalid',
      message: expect.stringContaining('не изменение'),
    });
  });

  it('calls three decimals quantity_invalid: «1,200» may be 1.2 or 1200', async () => {
    expect(await errorOf('A-1;1,200')).toMatchObject({
      code: 'quantity_invalid',
      message: expect.stringContaining('двумя способами'),
    });
  });

  it('calls text and huge numbers quantity_invalid', async () => {
    expect(await errorOf('A-1;много')).toMatchObject({ code: 'quantity_invalid', value: 'много' });
    expect(await errorOf('A-1;5 шт')).toMatchObject({ code: 'quantity_invalid' });
    expect(await errorOf('A-1;99999999999')).toMatchObject({
      code: 'quantity_invalid',
      message: expect.stringContaining('большое'),
    });
  });

  it('gives every error of a line at once', async () => {
    const { problems } = await readStock(stockFile(['sku;quantity', '4,60702E+12;-1']));
    expect(problems[0]!.errors.map((e) => e.code)).toEqual(['sku_scientific', 'quantity_invalid']);
  });

  it('reads the «было» column, empty as no check', async () => {
    const { rows, problems } = await readStock(stockFile(['артикул;количество;было', 'A-1;5;4', 'A-2;5;', 'A-3;5;x']));
    expect(rows.map((r) => [r.sku, r.quantityWas])).toEqual([
      ['A-1', 4],
      ['A-2', null],
    ]);
    expect(problems[0]!.errors[0]).toMatchObject({ row: 4, column: 'было', code: 'quantity_was_invalid' });
  });

  it('calls a line with fewer cells than the quantity column row_columns', async () => {
    const error = await errorOf('A-1');
    expect(error).toMatchObject({ code: 'row_columns', column: 'количество' });
    expect(error.message).toContain('«;»');
  });

  it('skips empty lines and Excel’s lines of bare delimiters, keeping real line numbers', async () => {
    const { rows } = await readStock(stockFile(['sku;quantity;name', '', 'A-1;1;x', ';;', '  ', 'A-2;2;y']));
    expect(rows.map((r) => [r.row, r.sku])).toEqual([
      [3, 'A-1'],
      [6, 'A-2'],
    ]);
  });

  it('counts the lines of a quoted cell with «;» and a line break', async () => {
    const bytes = stockFile([
      'артикул;наименование;количество',
      'A-1;"Пинцет; ""изогнутый""\r\nдлина 15 см";2',
      'A-2;Бор;x',
    ]);
    const { rows, problems } = await readStock(bytes);
    expect(rows).toEqual([
      {
        row: 2,
        sku: 'A-1',
        quantity: 2,
        quantityWas: null,
        cells: ['A-1', 'Пинцет; "изогнутый"\r\nдлина 15 см', '2'],
      },
    ]);
    expect(problems[0]!.row).toBe(4);
  });

  it('reads the same rows fed one byte at a time, Cyrillic letters split between chunks', async () => {
    for (const encoding of ['utf-8', 'windows-1251', 'utf-16le'] as const) {
      const bytes = stockFile(
        ['Артикул;Наименование;Количество', 'Ж-1;"Щётка; «мягкая»";3', 'Ё-2;Зонд;4'],
        encoding,
        true,
      );
      const whole = await readStock(bytes);
      expect(await readStock(bytes, { chunk: 1 }), encoding).toEqual(whole);
      expect(whole.rows.map((r) => r.sku)).toEqual(['Ж-1', 'Ё-2']);
    }
  });

  it('refuses more data lines than the cap', async () => {
    const bytes = stockFile(['sku;quantity', 'A;1', '', 'B;2', 'C;3']);
    expect((await readStock(bytes, { maxRows: 3 })).rows).toHaveLength(3);
    expect((await failure(readStock(bytes, { maxRows: 2 }))).code).toBe('too_many_rows');
  });

  it('gives the facts before the rows are read, and the rows without the facts', async () => {
    const bytes = stockFile(['sku;quantity', 'A;1']);
    const first = readStockFile(chunked(bytes));
    expect((await first.facts).header).toEqual(['sku', 'quantity']);
    expect(await collect(first.items)).toHaveLength(1);
    expect(await collect(readStockFile(chunked(bytes)).items)).toHaveLength(1);
  });

  it('refuses an Excel workbook and JSON-looking bytes that are no text', async () => {
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)]);
    const error = await failure(readStock(xlsx));
    expect(error.code).toBe('wrong_kind');
    const { facts } = readStockFile(chunked(xlsx));
    await expect(facts).rejects.toMatchObject({ code: 'wrong_kind' });
  });

  it('reads 100,000 lines', async () => {
    const lines = ['артикул;наименование;количество;было'];
    for (let i = 0; i < 100_000; i++)
      lines.push(`${String(i).padStart(8, '0')};Композит Filtek Z550, шприц ${i};${i % 500};${i % 500}`);
    const { rows, problems } = await readStock(stockFile(lines, 'windows-1251'));
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(100_000);
    expect(rows.at(-1)).toMatchObject({ row: 100_001, sku: '00099999', quantity: 499, quantityWas: 499 });
    // A correctness test of a big file, not a timing one (the bench times imports): room for a busy machine.
  }, 60_000);

  it('writes every message in Russian without «Ошибка:» or an exclamation mark', async () => {
    const { problems } = await readStock(
      stockFile([
        'sku;quantity;было',
        ';1',
        'A;',
        'B;12,5',
        'C;-3',
        'D;+5',
        'E;1,200',
        'F;x',
        'G;1;y',
        '4,6E+12;1',
        'H',
      ]),
    );
    const messages = problems.flatMap((p) => p.errors.map((e) => e.message));
    expect(messages).toHaveLength(10);
    for (const message of messages) {
      expect(message).toMatch(/[а-я]/);
      expect(message).not.toMatch(/Ошибка|!/);
    }
  });
});

describe('marking SKUs that are on several lines', () => {
  const row = (line: number, sku: string): StockRow => ({
    row: line,
    sku,
    quantity: 1,
    quantityWas: null,
    cells: [sku, '1'],
  });

  it('makes each line of a repeated SKU a duplicate_sku problem naming the other lines', () => {
    const { rows, problems } = markDuplicateSkus([row(2, 'A'), row(3, 'B'), row(5, 'A'), row(9, 'A')]);
    expect(rows.map((r) => r.sku)).toEqual(['B']);
    expect(problems.map((p) => p.row)).toEqual([2, 5, 9]);
    expect(problems[0]!.errors[0]).toMatchObject({ row: 2, code: 'duplicate_sku', value: 'A' });
    expect(problems[0]!.errors[0]!.message).toContain('строках 5, 9');
    expect(problems[1]!.errors[0]!.message).toContain('строках 2, 9');
    expect(problems[1]!.cells).toEqual(['A', '1']);
  });

  it('finds a SKU twice in a read file, on both lines', async () => {
    const { rows } = await readStock(stockFile(['артикул;количество', '004512;1', 'B;2', ' 004512 ;3']));
    const marked = markDuplicateSkus(rows);
    expect(marked.rows.map((r) => r.sku)).toEqual(['B']);
    expect(marked.problems.map((p) => [p.row, p.errors[0]!.message])).toEqual([
      [2, expect.stringContaining('строке 4')],
      [4, expect.stringContaining('строке 2')],
    ]);
  });

  it('tells SKUs apart by case and leading zeros', () => {
    expect(markDuplicateSkus([row(2, 'a'), row(3, 'A'), row(4, '0A')]).problems).toEqual([]);
  });
});

describe('reading a stock workbook', () => {
  it('reads numbers as Excel keeps them, an empty quantity cell as missing, and rows as Excel numbers them', async () => {
    const bytes = await workbook([
      ['Артикул', 'Наименование', 'Количество', 'Было', 'Склад'],
      [4607023450012, 'Композит', 12, 10],
      [],
      ['A-1', 'Бор'],
      ['B-2', 'Бор', 12.5],
      ['C-3', 'Бор', -1],
    ]);
    const { facts, items } = readStockFile(chunked(bytes, 400));
    const read = await collect(items);
    expect((await facts).unknownColumns).toEqual(['Склад']);
    expect(read[0]).toEqual({
      kind: 'row',
      value: {
        row: 2,
        sku: '4607023450012',
        quantity: 12,
        quantityWas: 10,
        cells: [4607023450012, 'Композит', 12, 10],
      },
    });
    expect(
      read.slice(1).map((item) => [item.value.row, item.kind === 'problem' ? item.value.errors[0]!.code : null]),
    ).toEqual([
      [4, 'quantity_missing'],
      [5, 'quantity_invalid'],
      [6, 'quantity_invalid'],
    ]);
  });

  it('refuses a row whose «страна» is not the upload’s', async () => {
    const bytes = stockFile(['артикул;количество;страна', 'A;1;Кыргызстан', 'B;2;KZ', 'C;3;']);
    const { rows, problems } = await readStock(bytes, { country: 'kg' });
    expect(rows.map((r) => r.sku)).toEqual(['A', 'C']);
    expect(problems[0]!.errors[0]).toMatchObject({ row: 3, column: 'страна', code: 'country_invalid' });
  });
});

describe('marking SKUs repeated on bad lines too', () => {
  it('gives a bad line that repeats a SKU the duplicate error beside its own, and takes the good line out', async () => {
    const { rows, problems } = await readStock(stockFile(['артикул;количество', 'A;1', 'A;x', 'B;2']));
    const marked = markDuplicateSkus(rows, problems);
    expect(marked.rows.map((r) => r.sku)).toEqual(['B']);
    expect(marked.problems.map((p) => [p.row, p.errors.map((e) => e.code)])).toEqual([
      [2, ['duplicate_sku']],
      [3, ['quantity_invalid', 'duplicate_sku']],
    ]);
  });
});
