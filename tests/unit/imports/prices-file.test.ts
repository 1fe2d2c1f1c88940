import { describe, expect, it } from 'vitest';
import type { PriceRow, RowError } from '../../../src/server/imports/import.types.ts';
import { JsonNumber } from '../../../src/server/imports/json-values.ts';
import { normalizePrice, readPricesFile } from '../../../src/server/imports/prices-file.ts';
import { chunked, collect, failure, fileBytes } from './files.ts';

const KG = { format: 'prices@1', country: 'kg', currency: 'KGS' };

function pricesFile(rows: unknown[], head: object = KG): string {
  return JSON.stringify({ ...head, prices: rows }, null, 2);
}

async function read(text: string, chunk?: number) {
  const { header, items } = readPricesFile(chunked(fileBytes(text), chunk));
  const all = await collect(items);
  return { header: await header, items: all };
}

async function readOne(row: unknown, head: object = KG): Promise<PriceRow | RowError[]> {
  const { items } = await read(pricesFile([row], head));
  return items[0]!.kind === 'row' ? items[0]!.value : items[0]!.value.errors;
}

async function errorsOf(row: unknown, head: object = KG): Promise<RowError[]> {
  const result = await readOne(row, head);
  if (!Array.isArray(result)) throw new Error(`expected errors, got ${JSON.stringify(result)}`);
  return result;
}

describe('normalising a price', () => {
  it('writes a price with two decimals', () => {
    expect(normalizePrice('1250')).toBe('1250.00');
    expect(normalizePrice(new JsonNumber('1250.5'))).toBe('1250.50');
    expect(normalizePrice(1250.25)).toBe('1250.25');
    expect(normalizePrice(' 0125 ')).toBe('125.00');
    expect(normalizePrice('0.5')).toBe('0.50');
  });

  it('reads a decimal comma and spaces between thousands in a string', () => {
    expect(normalizePrice('1 250,50')).toBe('1250.50');
    expect(normalizePrice('1\u00a0250\u00a0000,5')).toBe('1250000.50');
    expect(normalizePrice('12,3')).toBe('12.30');
  });

  it('refuses zero, negatives, three decimals, exponents, text and other types', () => {
    for (const value of [
      '0',
      '0.00',
      '-5',
      '12.345',
      '1,250',
      '1.250,50',
      '1,250.50',
      '1 25',
      'abc',
      '',
      '12 сом',
      true,
      null,
    ]) {
      expect(normalizePrice(value), String(value)).toBeNull();
    }
    for (const text of ['0', '-1', '1e3', '1.999']) expect(normalizePrice(new JsonNumber(text)), text).toBeNull();
    expect(normalizePrice(new JsonNumber('1234567890123'))).toBeNull();
    expect(normalizePrice(new JsonNumber('123456789012.99'))).toBe('123456789012.99');
  });
});

describe('reading a prices file', () => {
  it('reads the header and each row with its line, the country from the file', async () => {
    const { header, items } = await read(
      pricesFile([
        { sku: '004512', price: 1250.5, old_price: '1 500' },
        { sku: 'B', price: '99' },
      ]),
    );
    expect(header).toEqual({ country: 'kg', currency: 'KGS' });
    expect(items).toEqual([
      {
        kind: 'row',
        value: {
          row: 6,
          index: 0,
          item: 'prices[0]',
          sku: '004512',
          country: 'kg',
          price: '1250.50',
          oldPrice: '1500.00',
        },
      },
      { kind: 'row', value: { row: 11, index: 1, item: 'prices[1]', sku: 'B', country: 'kg', price: '99.00' } },
    ]);
  });

  it('gives the header before the rows are read, and the rows without the header', async () => {
    const text = pricesFile([{ sku: 'A', price: 1 }]);
    const first = readPricesFile(chunked(fileBytes(text)));
    expect(await first.header).toEqual({ country: 'kg', currency: 'KGS' });
    expect(await collect(first.items)).toHaveLength(1);
    expect(await collect(readPricesFile(chunked(fileBytes(text))).items)).toHaveLength(1);
  });

  it('reads a bare array whose rows give their own country', async () => {
    const { header, items } = await read(
      '[\n{"sku": "A", "country": "kz", "price": 5000},\n{"sku": "A", "country": "kg", "price": 900}\n]',
    );
    expect(header).toEqual({ country: null, currency: null });
    expect(items.map((i) => i.value)).toEqual([
      { row: 2, index: 0, item: 'prices[0]', sku: 'A', country: 'kz', price: '5000.00' },
      { row: 3, index: 1, item: 'prices[1]', sku: 'A', country: 'kg', price: '900.00' },
    ]);
  });

  it('requires a country for a row when the file has none', async () => {
    const { items } = await read('[{"sku": "A", "price": 5}]');
    expect(items[0]!.kind === 'problem' && items[0]!.value.errors).toEqual([
      expect.objectContaining({ column: 'country', code: 'field_required' }),
    ]);
  });

  it('calls a row country the shop does not sell in country_invalid', async () => {
    expect(await errorsOf({ sku: 'A', price: 5, country: 'ru' })).toEqual([
      expect.objectContaining({ column: 'country', value: 'ru', code: 'country_invalid' }),
    ]);
  });

  it('calls a row of another country than the file’s currency currency_mismatch', async () => {
    expect(await errorsOf({ sku: 'A', price: 5, country: 'kz' })).toEqual([
      expect.objectContaining({ column: 'country', value: 'kz', code: 'currency_mismatch' }),
    ]);
  });

  it('lets a row give its own currency with its own country', async () => {
    expect(await readOne({ sku: 'A', price: 5, country: 'kz', currency: 'KZT' })).toMatchObject({ country: 'kz' });
    expect(await errorsOf({ sku: 'A', price: 5, currency: 'KZT' })).toEqual([
      expect.objectContaining({ column: 'currency', value: 'KZT', code: 'currency_mismatch' }),
    ]);
  });

  it('calls a bad price price_invalid and a missing one field_required', async () => {
    expect(await errorsOf({ sku: 'A', price: '12,345' })).toEqual([
      expect.objectContaining({
        column: 'price',
        value: '12,345',
        code: 'price_invalid',
        message: expect.stringContaining('«12,345»'),
      }),
    ]);
    expect(await errorsOf({ sku: 'A', price: null })).toEqual([expect.objectContaining({ code: 'price_invalid' })]);
    expect(await errorsOf({ sku: 'A' })).toEqual([
      expect.objectContaining({ column: 'price', code: 'field_required' }),
    ]);
  });

  it('takes old_price as null, and leaves it out when the key is absent', async () => {
    expect(await readOne({ sku: 'A', price: 5, old_price: null })).toMatchObject({ oldPrice: null });
    expect(await readOne({ sku: 'A', price: 5 })).not.toHaveProperty('oldPrice');
  });

  it('calls an old price not above the price old_price_invalid', async () => {
    for (const old_price of [5, '5.00', 4.99, 'дорого']) {
      expect(await errorsOf({ sku: 'A', price: 5, old_price }), String(old_price)).toEqual([
        expect.objectContaining({ column: 'old_price', code: 'old_price_invalid' }),
      ]);
    }
    expect(await readOne({ sku: 'A', price: 5, old_price: 5.01 })).toMatchObject({ oldPrice: '5.01' });
  });

  it('calls unknown keys unknown_field and sends stock to the CSV', async () => {
    const errors = await errorsOf({ sku: 'A', price: 5, prise: 6, quantity: 3 });
    expect(errors.map((e) => [e.column, e.code])).toEqual([
      ['prise', 'unknown_field'],
      ['quantity', 'unknown_field'],
    ]);
    expect(errors[0]!.message).toContain('«price»');
    expect(errors[1]!.message).toContain('Остатки загружаются своим файлом');
  });

  it('requires a SKU', async () => {
    expect(await errorsOf({ price: 5 })).toEqual([expect.objectContaining({ column: 'sku', code: 'field_required' })]);
  });

  it('reads the same rows fed one byte at a time', async () => {
    const text = pricesFile([
      { sku: 'Щ-1', price: '1 250,50' },
      { sku: 'Ё', price: 7 },
    ]);
    expect(await read(text, 1)).toEqual(await read(text));
  });
});

describe('refusing a prices file as a whole', () => {
  it('refuses a currency that is not the file’s country’s: country_mismatch', async () => {
    const text = pricesFile([{ sku: 'A', price: 5 }], { format: 'prices@1', country: 'kg', currency: 'KZT' });
    const { header, items } = readPricesFile(chunked(fileBytes(text)));
    await expect(header).rejects.toMatchObject({ code: 'country_mismatch', message: expect.stringContaining('KGS') });
    expect((await failure(collect(items))).code).toBe('country_mismatch');
  });

  it('refuses a file country the shop does not sell in, and a missing currency', async () => {
    expect((await failure(read(pricesFile([], { format: 'prices@1', country: 'ru', currency: 'RUB' })))).code).toBe(
      'not_the_format',
    );
    expect((await failure(read(pricesFile([], { format: 'prices@1', country: 'kg' })))).code).toBe('not_the_format');
  });

  it('sends a products file to the products route', async () => {
    const error = await failure(read('{"format": "products@1", "products": [{"sku": "A"}]}'));
    expect(error).toMatchObject({ code: 'wrong_kind', message: expect.stringContaining('как товары') });
  });

  it('refuses the header after the rows', async () => {
    expect((await failure(read('{"format": "prices@1", "prices": [], "country": "kg", "currency": "KGS"}'))).code).toBe(
      'not_the_format',
    );
  });

  it('refuses JSON with a syntax error, naming its line', async () => {
    const error = await failure(
      read('{"format": "prices@1", "currency": "KGS",\n"prices": [\n{"sku": "A" "price": 5}\n]}'),
    );
    expect(error).toMatchObject({ code: 'invalid_json', message: expect.stringContaining('строка 3') });
  });
});
