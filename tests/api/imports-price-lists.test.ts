import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import ExcelJS from '../../src/server/imports/exceljs.ts';
import { api, dbRows } from '../helpers/api.ts';
import { download, downloadName, importFile, offers, someOffers, staffAccess } from '../helpers/imports.ts';

// The prices import's «прайс-лист» column (issue 37, staff): `sku;price;price_list` rows write a price
// list's fixed prices instead of the public prices, with the import's row errors, journal and undo.

let counter = 0;

async function priceList(country: 'kg' | 'kz') {
  const created = await api('/staff/price_lists/', {
    method: 'POST',
    token: await staffAccess(),
    json: { name: `Импорт ${country} ${process.pid}-${++counter}-${Date.now()}`, country },
  });
  expect(created.status).toBe(201);
  return created.body as { id: number; name: string };
}

async function fixedPrices(listId: number): Promise<Record<string, string>> {
  const rows = await dbRows<{ sku: string; price: string }>(
    sql`select p.sku, lp.price::text as price from price_list_prices lp join products p on p.id = lp.product_id
        where lp.price_list_id = ${listId}`,
  );
  return Object.fromEntries(rows.map((r) => [r.sku, r.price]));
}

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист1');
  rows.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (cell !== null) sheet.getCell(r + 1, c + 1).value = cell;
    }),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

const win1251 = (lines: string[]) => iconv.encode(lines.join('\r\n') + '\r\n', 'win1251');

describe('prices import into a price list', () => {
  it('writes fixed prices from an .xlsx by the list’s name, leaving the public prices alone, and undoes them', async () => {
    const list = await priceList('kg');
    const [a, b] = await someOffers('kg', 2);
    const file = async () =>
      xlsx([
        ['sku', 'price', 'price_list'],
        [a!.sku, 99.5, list.name],
        [b!.sku, 1200, String(list.id)],
      ]);
    // A check says each change in words.
    const check = await importFile('prices', { name: 'договор.xlsx', data: await file() }, { dry_run: 'true' });
    const change = check.changes.find((c: { sku: string }) => c.sku === a!.sku);
    expect(change).toMatchObject({ field_label: `цена по прайс-листу «${list.name}»`, old_text: '—' });
    expect(change.new_text).toMatch(/^99,5/);
    expect(await fixedPrices(list.id)).toEqual({});
    const task = await importFile('prices', {
      name: 'договор.xlsx',
      data: await xlsx([
        ['sku', 'price', 'price_list'],
        [a!.sku, 99.5, list.name],
        [b!.sku, 1200, String(list.id)],
      ]),
    });
    expect(task, JSON.stringify(task.errors)).toMatchObject({
      status: 'SUCCESS',
      counts: { rows: 2, created: 0, updated: 2, errors: 0 },
      file: { format: 'xlsx' },
    });
    expect(await fixedPrices(list.id)).toEqual({ [a!.sku]: '99.50', [b!.sku]: '1200.00' });
    const publicNow = await offers('kg', [a!.sku, b!.sku]);
    expect(publicNow.get(a!.sku)!.price).toBe(a!.price);
    expect(publicNow.get(b!.sku)!.price).toBe(b!.price);
    // The import's changes in words, and the products' history.
    const undone = await api(`/staff/imports/${task.task_id}/undo/`, { method: 'POST', token: await staffAccess() });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await fixedPrices(list.id)).toEqual({});
  });

  it('reads a windows-1251 CSV (Артикул;Цена;Прайс-лист) and says which rows are wrong, writing none of them', async () => {
    const list = await priceList('kg');
    const kz = await priceList('kz');
    const [a, b, c] = await someOffers('kg', 3);
    await api(`/staff/price_lists/${list.id}/`, {
      method: 'PATCH',
      token: await staffAccess(),
      json: { prices: [{ sku: c!.sku, price: '500' }] },
    });
    const lines = [
      'Артикул;Цена;Прайс-лист',
      `${a!.sku};1 150,00;${list.name.toUpperCase()}`,
      `${b!.sku};300;Нет такого прайс-листа`,
      `НЕТ-ТАКОГО;300;${list.name}`,
      `${c!.sku};;${list.name}`,
      `${a!.sku};10;${kz.name}`,
    ];
    const check = await importFile('prices', { name: 'договор.csv', data: win1251(lines) }, { dry_run: 'true' });
    expect(check.file).toMatchObject({ format: 'csv', encoding: 'windows-1251' });
    expect(check.errors.map((e: { row: number; code: string; column: string }) => [e.row, e.code, e.column])).toEqual([
      [3, 'unknown_price_list', 'Прайс-лист'],
      [4, 'unknown_sku', 'Артикул'],
      [5, 'field_required', 'Цена'],
    ]);
    expect(check.errors[0].message).toContain('Прайс-листа «Нет такого прайс-листа» нет');

    // The same file for Kyrgyzstan: the Kazakh list's row is refused.
    const kg = await importFile(
      'prices',
      { name: 'договор.csv', data: win1251(lines) },
      { country: 'kg', dry_run: 'true' },
    );
    expect(kg.errors.find((e: { row: number }) => e.row === 6)).toMatchObject({
      code: 'country_invalid',
      message: expect.stringContaining(`Прайс-лист «${kz.name}» — для страны Казахстан`),
    });

    // Only the good rows, on purpose.
    const written = await importFile(
      'prices',
      { name: 'договор.csv', data: win1251(lines) },
      { error_policy: 'reject_failed_rows' },
    );
    expect(written.status).toBe('SUCCESS');
    expect(await fixedPrices(list.id)).toEqual({ [a!.sku]: '1150.00', [c!.sku]: '500.00' });
    expect(await fixedPrices(kz.id)).toEqual({ [a!.sku]: '10.00' });
  });

  it('exports a price list’s fixed prices as the template the upload reads back: unchanged, nothing; one price edited, that one', async () => {
    const list = await priceList('kg');
    const [a, b] = await someOffers('kg', 2);
    await dbRows(
      sql`insert into price_list_prices (price_list_id, product_id, price)
          select ${list.id}, id, 100 + row_number() over (order by id) from products
          where sku = any(array[${a!.sku}, ${b!.sku}]::text[])`,
    );
    const before = await fixedPrices(list.id);
    const file = await download(`/staff/templates/prices/?price_list=${list.id}&format=xlsx`);
    expect(file.status).toBe(200);
    expect(downloadName(file.headers)).toMatch(/^цены-Импорт kg .*\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Артикул', 'Наименование', 'Прайс-лист', 'Цена, сом']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual(
      [a!.sku, b!.sku].sort().map((sku) => [sku, list.name, Number(before[sku])]),
    );
    // Uploaded back as it is: nothing to change.
    const same = await importFile('prices', { name: 'прайс.xlsx', data: file.bytes }, { dry_run: 'true' });
    expect(same, JSON.stringify(same.errors)).toMatchObject({
      status: 'SUCCESS',
      counts: { rows: 2, updated: 0, errors: 0 },
    });
    // One price edited in Excel: the one change.
    sheet.getCell(2, 4).value = 88;
    const edited = await importFile('prices', { name: 'прайс.xlsx', data: Buffer.from(await book.xlsx.writeBuffer()) });
    expect(edited).toMatchObject({ status: 'SUCCESS', counts: { updated: 1, errors: 0 } });
    expect(await fixedPrices(list.id)).toEqual({ ...before, [String(rows[1]![0])]: '88.00' });
    // Blank, it is the header; a CSV in the list's country; what cannot be: 400 and 404.
    const blank = await download(`/staff/templates/prices/?price_list=${list.id}&format=csv&empty=true`);
    expect(blank.bytes.subarray(3).toString().trim()).toBe('Артикул;Наименование;Прайс-лист;Цена, сом');
    expect((await download(`/staff/templates/prices/?price_list=${list.id}&country=kz`)).status).toBe(400);
    expect((await download(`/staff/templates/stock/?price_list=${list.id}`)).status).toBe(400);
    expect((await download(`/staff/templates/prices/?price_list=abc`)).status).toBe(400);
    const missing = await download('/staff/templates/prices/?price_list=2147483000');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.bytes.toString())).toEqual({ detail: 'Такого прайс-листа нет.' });
  });
});
