/**
 * Text that cannot be stored (a NUL, half of a UTF-16 pair) where it enters an import: a row error with
 * its line, never a failed import or a task left running; a file name cleaned of paths and control and
 * bidi characters (issue 34, item 6 and the import file names).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbRows } from '../helpers/api.ts';
import { finish, importFile, someOffers, upload, UPLOAD } from '../helpers/imports.ts';

async function aCategory(): Promise<string> {
  const [row] = await dbRows<{ slug: string }>(
    sql`select slug from categories where parent_id is not null order by id limit 1`,
  );
  return row!.slug;
}

describe('text an import cannot store', () => {
  it('a NUL or half a UTF-16 pair in a JSON value is that row’s error; the good rows are written', async () => {
    const category = await aCategory();
    const rows = [
      { sku: 'NUL-1', name: 'Бор', category, description: '<p>a\u0000b</p>' },
      { sku: 'NUL-2', name: 'Лоне \ud800 сурогат', category },
      { sku: 'NUL-3', name: 'Хороший', category },
    ];
    // JSON.stringify writes a lone surrogate as \ud800, as a file would carry it.
    const task = await importFile(
      'products',
      { name: 'p.json', data: JSON.stringify(rows) },
      { error_policy: 'reject_failed_rows' },
    );
    expect(task.status).toBe('SUCCESS');
    expect(task.errors.map((e: { item: string; column: string; code: string }) => [e.item, e.column, e.code])).toEqual([
      ['products[0]', 'description', 'field_invalid'],
      ['products[1]', 'name', 'field_invalid'],
    ]);
    expect(
      (await dbRows<{ sku: string }>(sql`select sku from products where sku like 'NUL-%' order by sku`)).map(
        (r) => r.sku,
      ),
    ).toEqual(['NUL-3']);
  });

  it('a UTF-16 CSV with half a surrogate pair in a cell gives a row error and the task ends', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const text = `артикул\tколичество\r\n${a!.sku}\t${a!.quantity + 1}\r\n${b!.sku}\ud800x\t3\r\n`;
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const task = await importFile(
      'stock',
      { name: 'юникод.txt', data: bytes },
      { country: 'kg', error_policy: 'reject_failed_rows' },
    );
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { updated: 1, errors: 1 } });
    expect(task.errors[0]).toMatchObject({ row: 3, code: 'field_invalid', value: null });
  });

  it('POST an upload whose file name has a path, a tab and bidi characters stores a clean name; a NUL or another control character in it is a malformed form', async () => {
    const started = await upload(
      UPLOAD.stock,
      { name: 'C:\\\\Users\\\\x\\\\ост\tатки\u202eslx.csv', data: 'артикул;количество\r\nNO-SUCH;1\r\n' },
      { country: 'kg', dry_run: 'true' },
    );
    expect(started.status).toBe(202);
    const task = await finish(started.body.task_id);
    expect(task.file.name).toBe('остаткиslx.csv');
    // A part header may not carry a NUL (RFC 7578, HTTP field values): the form is refused, never a 500.
    const refused = await upload(
      UPLOAD.stock,
      { name: 'ост\u0000атки.csv', data: 'артикул;количество\r\nNO-SUCH;1\r\n' },
      { country: 'kg', dry_run: 'true' },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Не удалось прочитать форму');
  });
});
