import { sql } from 'drizzle-orm';
import ExcelJS from '../../src/server/imports/exceljs.ts';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { api, dbRows } from '../helpers/api.ts';
import {
  download,
  downloadName,
  finish,
  importFile,
  offers,
  someOffers,
  staffAccess,
  stockCsv,
  upload,
  UPLOAD,
} from '../helpers/imports.ts';

/** A workbook as Excel saves one, empty cells left out. */
async function xlsx(rows: (string | number | boolean | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Лист1');
  rows.forEach((cells, r) =>
    cells.forEach((cell, c) => {
      if (cell !== null) sheet.getCell(r + 1, c + 1).value = cell;
    }),
  );
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readXlsx(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const win1251 = (lines: string[]) => iconv.encode(lines.join('\r\n') + '\r\n', 'win1251');

async function aCategoryWithProducts(): Promise<{ id: number; slug: string; name: string }> {
  const [row] = await dbRows<{ id: number; slug: string; name: string }>(
    sql`select c.id, c.slug, c.name from categories c
        where exists (select 1 from products p where p.category_id = c.id)
          and (select count(*) from categories o where lower(o.name) = lower(c.name)) = 1
        order by c.id limit 1`,
  );
  return { ...row!, id: Number(row!.id) };
}

describe('a price list from Excel', () => {
  it('takes the windows-1251 «;» CSV a manager has (Артикул;Наименование;Цена;Старая цена, «3 150,00»), for the upload’s country', async () => {
    const [a, b] = await someOffers('kg', 2);
    const task = await importFile(
      'prices',
      {
        name: 'Прайс ноябрь.csv',
        data: win1251([
          'Артикул;Наименование;Цена;Старая цена',
          `${a!.sku};Что-то;3\u00a0150,00;3 500,00`,
          `${b!.sku};Другое;1 200;`,
        ]),
      },
      { country: 'kg' },
    );
    expect(task).toMatchObject({
      status: 'SUCCESS',
      counts: { rows: 2, errors: 0 },
      file: { format: 'csv', encoding: 'windows-1251' },
    });
    expect(task.result.message).toMatch(/^Записано: /);
    const now = await offers('kg', [a!.sku, b!.sku]);
    expect(now.get(a!.sku)).toMatchObject({ price: '3150.00', old_price: '3500.00' });
    expect(now.get(b!.sku)).toMatchObject({ price: '1200.00', old_price: null });
    const page = await api(`/products/products/${a!.slug}/?country=kg`);
    expect(page.body.price).toBe('3150.00');
  });

  it('takes an .xlsx workbook with English headers in another order, prices as numbers', async () => {
    const [a] = await someOffers('kz', 1);
    const bytes = await xlsx([
      ['price', 'sku', 'old_price'],
      [45990.5, a!.sku, 50000],
    ]);
    const task = await importFile('prices', { name: 'prices.xlsx', data: bytes }, { country: 'kz' });
    expect(task).toMatchObject({
      status: 'SUCCESS',
      counts: { rows: 1, updated: 1 },
      file: { format: 'xlsx', sheet: 'Лист1' },
    });
    expect((await offers('kz', [a!.sku])).get(a!.sku)).toMatchObject({ price: '45990.50', old_price: '50000.00' });
  });

  it('refuses a table without a country column uploaded without a country, saying what to do', async () => {
    const [a] = await someOffers('kg', 1);
    const task = await importFile('prices', { name: 'p.csv', data: `артикул;цена\r\n${a!.sku};10\r\n` });
    expect(task.status).toBe('FAILURE');
    expect(task.result).toContain('Выберите страну');
  });

  it('POST upload_prices_json/ refuses an unknown country field', async () => {
    const answer = await upload(UPLOAD.prices, { name: 'p.csv', data: 'артикул;цена\r\nA;1\r\n' }, { country: 'ru' });
    expect(answer.status).toBe(400);
    expect(answer.body.country).toBeDefined();
  });
});

describe('stock and products from tables', () => {
  it('takes the stock as an .xlsx workbook and names an unknown column in the task’s notes', async () => {
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500`);
    const bytes = await xlsx([
      ['Артикул', 'Наименование', 'Остаток', 'Склад'],
      [a!.sku, 'x', a!.quantity + 3, 'Главный'],
    ]);
    const task = await importFile('stock', { name: 'остатки.xlsx', data: bytes }, { country: 'kg' });
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { updated: 1 } });
    expect(task.notes.join(' ')).toContain('«Склад»');
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(a!.quantity + 3);
  });

  it('creates and updates products from a workbook with Russian headers: category by its name, specifications by theirs', async () => {
    const category = await aCategoryWithProducts();
    const [spec] = await dbRows<{ slug: string; name: string; unit: string | null }>(
      sql`select slug, name, unit from specifications where kind = 'text' order by id limit 1`,
    );
    const [known] = await dbRows<{ sku: string; name: string }>(
      sql`select sku, name from products order by id limit 1`,
    );
    const sku = `XL-${Date.now()}`;
    const bytes = await xlsx([
      [
        'Артикул',
        'Наименование',
        'Категория',
        'Бренд',
        'Показывать',
        spec!.unit ? `${spec!.name}, ${spec!.unit}` : spec!.name,
      ],
      [sku, 'Новый товар из Excel', category.name, 'Бренд Из Excel', 'да', 'Значение 1; Значение 2'],
      [known!.sku, `${known!.name} (обновлено)`, null, null, null, null],
    ]);
    const task = await importFile('products', { name: 'товары.xlsx', data: bytes });
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { rows: 2, created: 1, updated: 1, errors: 0 } });
    expect(task.result.message).toContain('новых товаров: 1');
    const [created] = await dbRows<{ category_id: number; brand: string; values: string }>(
      sql`select p.category_id, b.name as brand,
                 (select string_agg(ps.value, '|' order by ps.value) from product_specifications ps
                  join specifications s on s.id = ps.specification_id where ps.product_id = p.id and s.slug = ${spec!.slug}) as values
          from products p join brands b on b.id = p.brand_id where p.sku = ${sku}`,
    );
    expect(created).toMatchObject({ brand: 'Бренд Из Excel', values: 'Значение 1|Значение 2' });
    expect(Number(created!.category_id)).toBe(category.id);
    const [after] = await dbRows<{ name: string }>(sql`select name from products where sku = ${known!.sku}`);
    expect(after!.name).toBe(`${known!.name} (обновлено)`);
  });

  it('a products import that creates products says how many, not «0 changes»', async () => {
    const category = await aCategoryWithProducts();
    const rows = Array.from({ length: 30 }, (_, i) => `MANY-${Date.now()}-${i};Товар ${i};${category.slug}`);
    const task = await importFile('products', {
      name: 'p.csv',
      data: ['артикул;наименование;категория', ...rows].join('\r\n'),
    });
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { created: 30 } });
    expect(task.result.message).toBe('Записано: новых товаров: 30.');
  });
});

describe('the export is the template: edit it in Excel, upload it, get exactly the changes', () => {
  for (const format of ['xlsx', 'csv'] as const) {
    for (const kind of ['stock', 'prices', 'products'] as const) {
      it(`GET /staff/templates/${kind}/?format=${format} uploaded back unchanged changes nothing`, async () => {
        const path = `/staff/templates/${kind}/?format=${format}${kind === 'products' ? '' : '&country=kg'}`;
        const file = await download(path);
        expect(file.status).toBe(200);
        expect(file.headers.get('cache-control')).toContain('no-store');
        expect(downloadName(file.headers)).toMatch(new RegExp(`^(остатки|цены|товары)-.*\\.${format}$`));
        const task = await importFile(
          kind,
          { name: `export.${format}`, data: file.bytes },
          {
            ...(kind === 'products' ? {} : { country: 'kg' }),
            dry_run: 'true',
          },
        );
        expect(task.status).toBe('SUCCESS');
        expect(task.errors).toEqual([]);
        expect(task.counts.rows).toBeGreaterThan(0);
        expect(task.changes_total).toBe(0);
        expect(task.can_apply).toBe(false);
        expect(task.apply_refusal).toContain('ничего не меняет');
      });
    }
  }

  it('a price edited in the exported workbook is the one change the upload makes', async () => {
    const file = await download('/staff/templates/prices/?country=kg&format=xlsx');
    const rows = await readXlsx(file.bytes);
    expect(rows[0]).toEqual(['Артикул', 'Наименование', 'Страна', 'Цена, сом', 'Старая цена, сом']);
    const at = rows.findIndex((r, i) => i > 0 && typeof r[3] === 'number' && r[4] === undefined);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    book.worksheets[0]!.getCell(at + 1, 4).value = 777;
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const task = await importFile('prices', { name: 'edited.xlsx', data: edited }, { country: 'kg' });
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { updated: 1, errors: 0 } });
    const sku = String(rows[at]![0]);
    expect((await offers('kg', [sku])).get(sku)!.price).toBe('777.00');
  });

  it('exports a category with its subcategories, or a brand, and answers 400 and 404 for what it cannot', async () => {
    const category = await aCategoryWithProducts();
    const file = await download(`/staff/templates/stock/?country=kg&format=csv&category=${category.slug}`);
    const lines = file.bytes.subarray(3).toString().trim().split('\r\n');
    expect(lines[0]).toBe('Артикул;Наименование;Страна;Количество;Было');
    const [{ n }] = (await dbRows<{ n: number }>(
      sql`select count(*)::int as n from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
          where p.category_id in (select id from categories where id = ${category.id} or parent_id = ${category.id})`,
    )) as [{ n: number }];
    expect(lines.length - 1).toBe(Number(n));
    expect(downloadName(file.headers)).toContain(category.slug);
    expect((await download('/staff/templates/prices/?format=csv')).status).toBe(400);
    expect((await download('/staff/templates/stock/?country=kg&category=no-such-category')).status).toBe(404);
    expect((await download('/staff/templates/coupons/?country=kg')).status).toBe(404);
    const blank = await download('/staff/templates/products/?empty=true&format=csv');
    expect(blank.bytes.subarray(3).toString().trim().split('\r\n')).toHaveLength(1);
  });

  it('is staff only', async () => {
    expect((await download('/staff/templates/stock/?country=kg', 'not-a-token')).status).toBe(401);
  });
});

describe('a check that found errors is not written', () => {
  it('POST apply/ after a check with errors under «reject everything» answers 409 with the reason and writes nothing', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const check = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv([
          [a!.sku, 'a', a!.quantity + 5],
          [b!.sku, 'b', 'много'],
        ]),
      },
      { country: 'kg', dry_run: 'true' },
    );
    expect(check).toMatchObject({ status: 'SUCCESS', can_apply: false, apply_url: null, counts: { errors: 1 } });
    expect(check.apply_refusal).toContain('нашла ошибки в 1 строке');
    const token = await staffAccess();
    const refused = await api(`/staff/imports/${check.task_id}/apply/`, { method: 'POST', token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('Исправьте файл');
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(a!.quantity);
    // Choosing to write the good rows writes them, once.
    const good = await api(`/staff/imports/${check.task_id}/apply/`, {
      method: 'POST',
      token,
      json: { error_policy: 'reject_failed_rows' },
    });
    expect(good.status).toBe(202);
    const applied = await finish(good.body.task_id);
    expect(applied).toMatchObject({
      status: 'SUCCESS',
      error_policy: 'reject_failed_rows',
      counts: { updated: 1, errors: 1 },
    });
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(a!.quantity + 5);
    const bad = await api(`/staff/imports/${check.task_id}/apply/`, {
      method: 'POST',
      token,
      json: { error_policy: 'x' },
    });
    expect(bad.status).toBe(400);
  });

  it('a write that errors stopped reads «nothing written» and counts nothing as created or updated', async () => {
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500`);
    const task = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv([
          [a!.sku, 'a', a!.quantity + 5],
          ['NO-SUCH-SKU', 'b', 1],
        ]),
      },
      { country: 'kg' },
    );
    expect(task).toMatchObject({ status: 'FAILURE', counts: { created: 0, updated: 0, unchanged: 0, errors: 1 } });
    expect(task.would).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(task.result).toMatch(/^Ничего не записано/);
  });

  it('the import list tells a check from a write, and the dashboard counts no check as a failed import', async () => {
    const before = (await api('/staff/dashboard/', { token: await staffAccess() })).body;
    await importFile(
      'stock',
      { name: 'bad.csv', data: stockCsv([['NO-SUCH', 'b', 1]]) },
      { country: 'kg', dry_run: 'true' },
    );
    const after = (await api('/staff/dashboard/', { token: await staffAccess() })).body;
    expect(after.imports).toEqual(before.imports);
    const checks = await api('/staff/imports/?dry_run=true', { token: await staffAccess() });
    expect(checks.body.results.every((t: any) => t.dry_run)).toBe(true);
    const writes = await api('/staff/imports/?dry_run=false', { token: await staffAccess() });
    expect(writes.body.results.every((t: any) => !t.dry_run)).toBe(true);
  });
});

describe('errors people can act on', () => {
  it('reports a duplicate SKU on every line that repeats it, even one with another error, and writes neither', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const task = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv([
          [a!.sku, 'a', a!.quantity + 1],
          [a!.sku, 'a', 'x'],
          [b!.sku, 'b', b!.quantity + 1],
        ]),
      },
      { country: 'kg', error_policy: 'reject_failed_rows' },
    );
    expect(task.errors.map((e: any) => [e.row, e.code])).toEqual([
      [2, 'duplicate_sku'],
      [3, 'quantity_invalid'],
      [3, 'duplicate_sku'],
    ]);
    const now = await offers('kg', [a!.sku, b!.sku]);
    expect(now.get(a!.sku)!.quantity).toBe(a!.quantity);
    expect(now.get(b!.sku)!.quantity).toBe(b!.quantity + 1);
  });

  it('the same for prices and products: a repeated SKU next to another error is found on both lines', async () => {
    const [a] = await someOffers('kg', 1);
    const prices = await importFile(
      'prices',
      { name: 'p.csv', data: `артикул;цена\r\n${a!.sku};100\r\n${a!.sku};-1\r\n` },
      { country: 'kg', error_policy: 'reject_failed_rows' },
    );
    expect(prices.errors.map((e: any) => [e.row, e.code])).toEqual([
      [2, 'duplicate_sku'],
      [3, 'price_invalid'],
      [3, 'duplicate_sku'],
    ]);
    const products = await importFile(
      'products',
      {
        name: 'p.json',
        data: JSON.stringify([
          { sku: 'DUP-1', name: 'Бор' },
          { sku: 'DUP-1', name: 5 },
        ]),
      },
      { error_policy: 'reject_failed_rows' },
    );
    expect(products.errors.map((e: any) => e.code).sort()).toEqual(['duplicate_sku', 'duplicate_sku', 'field_invalid']);
    expect(await dbRows(sql`select 1 from products where sku = 'DUP-1'`)).toEqual([]);
  });

  it('a JSON file written on one line names each error by its element', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => ({ sku: `ONE-${i}`, name: i === 41 ? 7 : `Бор ${i}` }));
    const task = await importFile('products', {
      name: 'one-line.json',
      data: JSON.stringify({ format: 'products@1', products: rows }),
    });
    const error = task.errors.find((e: any) => e.code === 'field_invalid');
    expect(error).toMatchObject({ row: 1, item: 'products[41]', column: 'name' });
  });

  it('the error file of a workbook is a workbook of the bad rows with an «ошибка» column, under a readable name', async () => {
    const bytes = await xlsx([
      ['Артикул', 'Количество'],
      ['NO-SUCH-1', 5],
      ['NO-SUCH-2', 'x'],
    ]);
    const task = await importFile('stock', { name: 'остатки склад.xlsx', data: bytes }, { country: 'kg' });
    // Once on CI (PGlite, 2026-11-28) this task had no error file: the whole task is the message if it recurs.
    expect(task.errors_total, JSON.stringify(task)).toBe(2);
    const file = await download(task.errors_url.replace('http://shop.test/api/v1', ''));
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(downloadName(file.headers)).toBe('остатки склад — ошибки.xlsx');
    const rows = await readXlsx(file.bytes);
    expect(rows[0]).toEqual(['Артикул', 'Количество', 'ошибка']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['NO-SUCH-1', 'NO-SUCH-2']);
  });

  it('the error CSV of a windows-1251 file keeps its words: «→» is spelled out, never «?»', async () => {
    const task = await importFile(
      'stock',
      { name: 's.csv', data: stockCsv([['4,60702E+12', 'a', 1]]) },
      { country: 'kg' },
    );
    const file = await download(task.errors_url.replace('http://shop.test/api/v1', ''));
    const text = iconv.decode(file.bytes, 'win1251');
    expect(text).toContain('Формат ячеек');
    expect(text).not.toContain('?');
    expect(downloadName(file.headers)).toBe('s — ошибки.csv');
  });

  it('the changes of a check carry product names and money as money', async () => {
    const [a] = await someOffers('kg', 1, sql`o.old_price is null and o.price <> 12345.5`);
    const task = await importFile(
      'prices',
      { name: 'p.csv', data: `артикул;цена\r\n${a!.sku};12345,5\r\n` },
      { country: 'kg', dry_run: 'true' },
    );
    const change = task.changes.find((c: any) => c.field === 'price');
    expect(change).toMatchObject({ sku: a!.sku, field_label: 'цена', new_text: '12\u00a0345,50\u00a0сом' });
    expect(change.name).toBeTypeOf('string');
  });
});
