import { describe, expect, it } from 'vitest';
import type { ProductRow, RowError } from '../../../src/server/imports/import.types.ts';
import { readProductsFile } from '../../../src/server/imports/products-file.ts';
import { chunked, collect, failure, fileBytes, type Encoding } from './files.ts';

function productsFile(rows: unknown[], pretty = true): string {
  return JSON.stringify({ format: 'products@1', products: rows }, null, pretty ? 2 : undefined);
}

async function read(
  text: string,
  options: { chunk?: number; encoding?: Encoding; bom?: boolean; maxRows?: number } = {},
) {
  const bytes = fileBytes(text, options.encoding, options.bom);
  return collect(readProductsFile(chunked(bytes, options.chunk), { maxRows: options.maxRows }));
}

/** The product a one-row file reads as, or its errors. */
async function readOne(row: unknown): Promise<ProductRow | RowError[]> {
  const [item] = await read(productsFile([row]));
  return item!.kind === 'row' ? item!.value : item!.value.errors;
}

async function errorsOf(row: unknown): Promise<RowError[]> {
  const result = await readOne(row);
  if (!Array.isArray(result)) throw new Error(`expected errors, got ${JSON.stringify(result)}`);
  return result;
}

describe('reading a products file', () => {
  it('reads each product with the line its object starts on and its index', async () => {
    const text = productsFile([
      { sku: '004512', name: 'Композит Filtek Z550', category: 'kompozity', brand: '3M', is_active: true },
      { sku: 'B-2', family: '3M-Z550' },
    ]);
    expect(await read(text)).toEqual([
      {
        kind: 'row',
        value: {
          row: 4,
          index: 0,
          item: 'products[0]',
          sku: '004512',
          name: 'Композит Filtek Z550',
          category: 'kompozity',
          brand: '3M',
          isActive: true,
        },
      },
      { kind: 'row', value: { row: 11, index: 1, item: 'products[1]', sku: 'B-2', family: '3M-Z550' } },
    ]);
  });

  it('gives a minified file’s rows line 1', async () => {
    const items = await read(productsFile([{ sku: 'A' }, { sku: 'B' }], false));
    expect(items.map((i) => [i.value.row, i.value.index])).toEqual([
      [1, 0],
      [1, 1],
    ]);
  });

  it('reads a bare array of products', async () => {
    const items = await read('[\n  {"sku": "A", "name": "Бор"},\n  {"sku": "B"}\n]');
    expect(items.map((i) => i.value)).toEqual([
      { row: 2, index: 0, item: 'products[0]', sku: 'A', name: 'Бор' },
      { row: 3, index: 1, item: 'products[1]', sku: 'B' },
    ]);
  });

  it('leaves out the fields whose keys are absent', async () => {
    expect(await readOne({ sku: 'A' })).toEqual({ row: 4, index: 0, item: 'products[0]', sku: 'A' });
  });

  it('clears brand, family, description, images and specifications given as null', async () => {
    expect(
      await readOne({ sku: 'A', brand: null, family: null, description: null, images: null, specifications: null }),
    ).toMatchObject({ brand: null, family: null, description: '', images: [], specifications: {} });
  });

  it('refuses null for a field that cannot be empty', async () => {
    for (const key of ['name', 'category', 'sku', 'is_active', 'slug']) {
      const errors = await errorsOf({ sku: 'A', [key]: null });
      expect(errors, key).toEqual([expect.objectContaining({ column: key, value: 'null', code: 'field_invalid' })]);
    }
  });

  it('requires a SKU as a non-empty string of at most 64 characters without control characters', async () => {
    expect(await errorsOf({ name: 'x' })).toEqual([
      expect.objectContaining({ column: 'sku', value: null, code: 'field_required' }),
    ]);
    expect(await errorsOf({ sku: '  ' })).toEqual([expect.objectContaining({ code: 'field_required' })]);
    expect(await errorsOf({ sku: 4607020000012 })).toEqual([
      expect.objectContaining({
        value: '4607020000012',
        code: 'field_invalid',
        message: expect.stringContaining('в кавычках'),
      }),
    ]);
    expect(await errorsOf({ sku: 'x'.repeat(65) })).toEqual([expect.objectContaining({ code: 'field_invalid' })]);
    expect(await errorsOf({ sku: 'A\tB' })).toEqual([expect.objectContaining({ code: 'field_invalid' })]);
    expect(await readOne({ sku: ' 0045 ' })).toMatchObject({ sku: '0045' });
  });

  it('checks the name: a string of at most 300 characters, trimmed', async () => {
    expect(await readOne({ sku: 'A', name: '  Бор  ' })).toMatchObject({ name: 'Бор' });
    for (const name of ['', 'x'.repeat(301), 12, 'a\nb']) {
      expect(await errorsOf({ sku: 'A', name }), String(name)).toEqual([
        expect.objectContaining({ column: 'name', code: 'field_invalid' }),
      ]);
    }
  });

  it('checks the slug and the category slug: lowercase latin letters, digits and hyphens', async () => {
    expect(await readOne({ sku: 'A', slug: 'filtek-z550-a2', category: 'kompozity' })).toMatchObject({
      slug: 'filtek-z550-a2',
      category: 'kompozity',
    });
    for (const slug of ['Filtek', 'фильтек', 'a--b', '-a', 'a_b', 'a'.repeat(201)]) {
      expect(await errorsOf({ sku: 'A', slug }), slug).toEqual([
        expect.objectContaining({ column: 'slug', code: 'field_invalid' }),
      ]);
    }
    expect(await errorsOf({ sku: 'A', category: 'Композиты' })).toEqual([
      expect.objectContaining({ column: 'category', code: 'field_invalid' }),
    ]);
  });

  it('takes is_active as true or false only', async () => {
    expect(await readOne({ sku: 'A', is_active: false })).toMatchObject({ isActive: false });
    for (const value of ['true', 1, 'да']) {
      expect(await errorsOf({ sku: 'A', is_active: value })).toEqual([
        expect.objectContaining({ code: 'field_invalid' }),
      ]);
    }
  });

  it('refuses an empty brand or family, saying null removes it', async () => {
    const [error] = await errorsOf({ sku: 'A', brand: '' });
    expect(error).toMatchObject({ column: 'brand', code: 'field_invalid', message: expect.stringContaining('null') });
  });

  it('takes a description as HTML up to 100 kB', async () => {
    expect(await readOne({ sku: 'A', description: '<p>Светоотверждаемый</p>' })).toMatchObject({
      description: '<p>Светоотверждаемый</p>',
    });
    expect(await errorsOf({ sku: 'A', description: 'ж'.repeat(52_000) })).toEqual([
      expect.objectContaining({ column: 'description', code: 'field_invalid' }),
    ]);
  });

  it('takes images as up to 20 http(s) addresses or site paths', async () => {
    const images = ['https://cdn.example.com/a.jpg', 'http://example.com/b.png', '/media/c.webp'];
    expect(await readOne({ sku: 'A', images })).toMatchObject({ images });
    for (const bad of [
      ['//evil.example/a.jpg'],
      ['ftp://x/a.jpg'],
      ['javascript:alert(1)'],
      ['a.jpg'],
      ['/a b.jpg'],
      'https://x/a.jpg',
      Array(21).fill('/a.jpg'),
    ]) {
      expect(await errorsOf({ sku: 'A', images: bad }), JSON.stringify(bad)).toEqual([
        expect.objectContaining({ column: 'images', code: 'field_invalid' }),
      ]);
    }
  });

  it('reads specifications as lists of strings, numbers as written', async () => {
    const text =
      '[{"sku": "A", "specifications": {"obem": 4, "massa": 3.50, "ottenok-vita": ["A2", " A3 "], "strana": null}}]';
    expect((await read(text))[0]!.value).toMatchObject({
      specifications: { obem: ['4'], massa: ['3.50'], 'ottenok-vita': ['A2', 'A3'], strana: [] },
    });
  });

  it('refuses specifications that are not slug → value or list of values', async () => {
    for (const [specifications, column] of [
      [['obem'], 'specifications'],
      [{ Объём: 4 }, 'specifications.Объём'],
      [{ obem: { ml: 4 } }, 'specifications.obem'],
      [{ obem: [true] }, 'specifications.obem'],
      [{ obem: '' }, 'specifications.obem'],
    ] as const) {
      expect(await errorsOf({ sku: 'A', specifications }), JSON.stringify(specifications)).toEqual([
        expect.objectContaining({ column, code: 'field_invalid' }),
      ]);
    }
  });

  it('calls an unknown key unknown_field, naming the known keys and the likely one', async () => {
    const [error] = await errorsOf({ sku: 'A', nmae: 'Бор' });
    expect(error).toMatchObject({ column: 'nmae', value: 'Бор', code: 'unknown_field' });
    expect(error!.message).toContain('«name»');
    expect(error!.message).toContain(
      'sku, name, slug, category, brand, family, is_active, description, images, specifications',
    );
  });

  it('sends prices and stock in a products file to their own files', async () => {
    const errors = await errorsOf({ sku: 'A', price: 100, old_price: 120, quantity: 5, stock: 5 });
    expect(errors.map((e) => [e.column, e.code])).toEqual([
      ['price', 'unknown_field'],
      ['old_price', 'unknown_field'],
      ['quantity', 'unknown_field'],
      ['stock', 'unknown_field'],
    ]);
    expect(errors[0]!.message).toContain('загрузите его как цены');
    expect(errors[2]!.message).toContain('Остатки загружаются своим файлом');
  });

  it('treats __proto__ as an unknown key', async () => {
    const [item] = await read('[{"sku": "A", "__proto__": {"isActive": true}}]');
    expect(item!.kind).toBe('problem');
    expect(item!.kind === 'problem' && item!.value.errors[0]).toMatchObject({
      column: '__proto__',
      code: 'unknown_field',
    });
    expect(({} as Record<string, unknown>).isActive).toBeUndefined();
  });

  it('calls a row that is not an object not_an_object and goes on', async () => {
    const items = await read('[\n"A",\n{"sku": "B"}\n]');
    expect(items[0]).toEqual({
      kind: 'problem',
      value: { row: 2, index: 0, errors: [expect.objectContaining({ value: 'A', code: 'not_an_object' })] },
    });
    expect(items[1]).toMatchObject({ kind: 'row', value: { row: 3, sku: 'B' } });
  });

  it('reads the same rows fed one byte at a time, in UTF-16LE and windows-1251 as well', async () => {
    const text = productsFile([{ sku: 'Ж-1', name: 'Щётка «мягкая»' }, { sku: 'Ё' }]);
    const whole = await read(text);
    expect(whole.map((i) => i.value)).toMatchObject([{ name: 'Щётка «мягкая»' }, { sku: 'Ё' }]);
    expect(await read(text, { chunk: 1 })).toEqual(whole);
    expect(await read(text, { encoding: 'utf-16le', bom: true, chunk: 3 })).toEqual(whole);
    expect(await read(text, { encoding: 'windows-1251' })).toEqual(whole);
  });

  it('reads 20,000 products', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      sku: `SKU-${i}`,
      name: `Композит Filtek Z550, шприц ${i}`,
      category: 'kompozity',
      specifications: { obem: 4, 'ottenok-vita': ['A2', 'A3'] },
    }));
    const items = await read(productsFile(rows));
    expect(items.every((i) => i.kind === 'row')).toBe(true);
    expect(items.at(-1)!.value).toMatchObject({ index: 19_999, sku: 'SKU-19999', row: 4 + 19_999 * 12 });
  });
});

describe('refusing a products file as a whole', () => {
  it('refuses a wrong or missing format', async () => {
    expect(await failure(read('{"format": "products@2", "products": []}'))).toMatchObject({
      code: 'not_the_format',
      message: expect.stringContaining('"products@1"'),
    });
    expect(await failure(read('{"products": [{"sku": "A"}]}'))).toMatchObject({
      code: 'not_the_format',
      message: expect.stringContaining('format'),
    });
  });

  it('refuses a top level that is neither the format object nor an array', async () => {
    expect((await failure(read('"products"'))).code).toBe('not_the_format');
    expect((await failure(read('{"format": "products@1"}'))).code).toBe('not_the_format');
    expect((await failure(read('{"format": "products@1", "products": {"sku": "A"}}'))).code).toBe('not_the_format');
  });

  it('refuses an unknown top-level key and a key after the list', async () => {
    expect(await failure(read('{"format": "products@1", "exported": "2027-01-01", "products": []}'))).toMatchObject({
      code: 'not_the_format',
      message: expect.stringContaining('«exported»'),
    });
    expect(await failure(read('{"products": [], "format": "products@1"}'))).toMatchObject({ code: 'not_the_format' });
  });

  it('sends a prices file to the prices route', async () => {
    const error = await failure(read('{"format": "prices@1", "country": "kg", "currency": "KGS", "prices": []}'));
    expect(error).toMatchObject({ code: 'wrong_kind', message: expect.stringContaining('как цены') });
  });

  it('refuses JSON with a syntax error, naming its line', async () => {
    const text = '{\n  "format": "products@1",\n  "products": [\n    {"sku": "A"},\n    {"sku": "B",}\n  ]\n}';
    expect(await failure(read(text))).toMatchObject({
      code: 'invalid_json',
      message: expect.stringContaining('строка 5'),
    });
    expect(await failure(read('[\n{"sku": "A"}\n{"sku": "B"}\n]'))).toMatchObject({
      code: 'invalid_json',
      message: expect.stringContaining('строка 3'),
    });
    expect(await failure(read('[\n{"sku": "A"},\n'))).toMatchObject({
      code: 'invalid_json',
      message: expect.stringContaining('обрывается'),
    });
  });

  it('refuses an empty file and an empty list', async () => {
    expect((await failure(read(''))).code).toBe('empty');
    expect((await failure(read('  \n'))).code).toBe('empty');
    expect((await failure(read(productsFile([])))).code).toBe('empty');
  });

  it('refuses more rows than the cap', async () => {
    const text = productsFile([{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }]);
    expect(await read(text, { maxRows: 3 })).toHaveLength(3);
    expect((await failure(read(text, { maxRows: 2 }))).code).toBe('too_many_rows');
  });

  it('refuses an Excel workbook', async () => {
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100, 9)]);
    expect((await failure(collect(readProductsFile(chunked(xlsx))))).code).toBe('wrong_kind');
  });
});
