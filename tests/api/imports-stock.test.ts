import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDbHandle } from '../../src/server/db/client.ts';
import { listOutbox } from '../../src/server/mail/index.ts';
import { CUSTOMER, login, signedIn, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { finish, importFile, offers, someOffers, staffAccess, stockCsv, upload, UPLOAD } from '../helpers/imports.ts';
import { startSecondProcess } from '../helpers/second-process.ts';

describe('staff-only upload routes', () => {
  it.each(Object.entries(UPLOAD))('POST %s answers 401 without a token and 403 for a customer', async (_kind, path) => {
    const file = { name: 'f.csv', data: 'sku;quantity\r\nA;1\r\n' };
    expect((await upload(path, file, { country: 'kg' }, 'not-a-token')).status).toBe(401);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'f.csv');
    expect((await api(path, { method: 'POST', body: form })).status).toBe(401);
    const customer = await login(CUSTOMER.email, CUSTOMER.password);
    const refused = await upload(path, file, { country: 'kg' }, customer.access);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBeTypeOf('string');
  });

  it('GET /products/task_checking/ answers 401, 403, 400 for a missing or malformed id and 404 for an unknown one', async () => {
    expect((await api('/products/task_checking/?task_id=0b6c5c8e-2f6e-4a55-9d0e-2a4b3c1d9e7f')).status).toBe(401);
    const { tokens } = await signedIn();
    expect(
      (await api('/products/task_checking/?task_id=0b6c5c8e-2f6e-4a55-9d0e-2a4b3c1d9e7f', { token: tokens.access }))
        .status,
    ).toBe(403);
    const token = await staffAccess();
    const missing = await api('/products/task_checking/', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.task_id).toHaveLength(1);
    expect((await api('/products/task_checking/?task_id=42', { token })).status).toBe(400);
    const unknown = await api('/products/task_checking/?task_id=0b6c5c8e-2f6e-4a55-9d0e-2a4b3c1d9e7f', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toContain('no-store');
  });

  it('POST products_availability_load_csv/ refuses a missing file, a missing or unknown country, and a JSON file', async () => {
    const noFile = await upload(UPLOAD.stock, null, { country: 'kg' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.file).toHaveLength(1);
    const noCountry = await upload(UPLOAD.stock, { name: 's.csv', data: stockCsv([['X', 'x', 1]]) });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.country).toHaveLength(1);
    const unknown = await upload(UPLOAD.stock, { name: 's.csv', data: stockCsv([['X', 'x', 1]]) }, { country: 'ru' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.country[0]).toContain('kg');
    const json = await upload(
      UPLOAD.stock,
      { name: 'stock.csv', data: '{"format": "products@1", "products": []}' },
      { country: 'kg' },
    );
    expect(json.status).toBe(400);
    expect(json.body.file).toHaveLength(1);
  });

  it('POST products_availability_load_csv/ answers 202 with the task and where to poll it', async () => {
    const [offer] = await someOffers('kg', 1);
    const { status, body } = await upload(
      UPLOAD.stock,
      { name: 'sklad.csv', data: stockCsv([[offer!.sku, 'x', 5]]) },
      { country: 'kg', dry_run: 'true' },
    );
    expect(status).toBe(202);
    expect(body).toEqual({
      task_id: expect.any(String),
      status: 'PENDING',
      status_url: expect.stringContaining(`task_id=${body.task_id}`),
    });
    const task = await finish(body.task_id);
    expect(task).toMatchObject({ status: 'SUCCESS', ready: true, kind: 'stock', country: 'kg', dry_run: true });
    expect(task.file).toMatchObject({ name: 'sklad.csv', encoding: 'windows-1251', delimiter: ';' });
  });
});

describe('stock import', () => {
  it('a dry run computes the changes and writes nothing', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const task = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv([
          [a!.sku, 'a', a!.quantity + 7],
          [b!.sku, 'b', b!.quantity],
        ]),
      },
      { country: 'kg', dry_run: 'true' },
    );
    expect(task.counts).toMatchObject({ rows: 2, updated: 1, unchanged: 1, errors: 0 });
    expect(task.changes).toEqual([
      {
        sku: a!.sku,
        name: expect.any(String),
        country: 'kg',
        field: 'quantity',
        old: String(a!.quantity),
        new: String(a!.quantity + 7),
        field_label: 'остаток',
        old_text: `${a!.quantity} шт.`,
        new_text: `${a!.quantity + 7} шт.`,
      },
    ]);
    expect(task.apply_url).toContain(`/staff/imports/${task.task_id}/apply/`);
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(a!.quantity);
  });

  it('one bad row with the default policy writes nothing and fails the task with every error and its line', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const task = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv([
          [a!.sku, 'a', 3],
          [b!.sku, 'b', ''],
          ['NO-SUCH-SKU', 'c', 2],
        ]),
      },
      { country: 'kg' },
    );
    expect(task.status).toBe('FAILURE');
    expect(task.result).toContain('Ничего не записано');
    expect(task.errors.map((e: any) => [e.row, e.code])).toEqual([
      [3, 'quantity_missing'],
      [4, 'unknown_sku'],
    ]);
    expect(task.errors_total).toBe(2);
    expect(task.errors_url).toContain('/errors/');
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(a!.quantity);
  });

  it('reject_failed_rows writes the good rows and reports the bad ones', async () => {
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500`);
    const task = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv([
          [a!.sku, 'a', 11],
          ['NO-SUCH-SKU', 'c', 2],
        ]),
      },
      { country: 'kg', error_policy: 'reject_failed_rows' },
    );
    expect(task.status).toBe('SUCCESS');
    expect(task.counts).toMatchObject({ rows: 2, updated: 1, errors: 1 });
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(11);
  });

  it('the error CSV lists the bad rows as uploaded, in the file’s encoding, with an ошибка column', async () => {
    const task = await importFile(
      'stock',
      { name: 's.csv', data: stockCsv([['NO-SUCH', 'Имя; с точкой с запятой', 2]]) },
      { country: 'kg' },
    );
    const csv = await api(`/staff/imports/${task.task_id}/errors/`, { token: await staffAccess() });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    expect(csv.headers.get('content-type')).toContain('windows-1251');
  });

  it('the same file while its task is pending answers that task', async () => {
    const [a] = await someOffers('kg', 1);
    const file = { name: 's.csv', data: stockCsv([[a!.sku, 'a', 4]]) };
    const first = await upload(UPLOAD.stock, file, { country: 'kg' });
    const second = await upload(UPLOAD.stock, file, { country: 'kg' });
    expect(second.status).toBe(202);
    expect(second.body.task_id).toBe(first.body.task_id);
    await finish(first.body.task_id);
    const third = await upload(UPLOAD.stock, file, { country: 'kg' });
    expect(third.body.task_id).not.toBe(first.body.task_id);
  });

  it('a было column refuses rows whose stock changed since the file was made', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const header = ['sku', 'quantity', 'было'];
    const task = await importFile(
      'stock',
      {
        name: 's.csv',
        data: stockCsv(
          [
            [a!.sku, 20, a!.quantity],
            [b!.sku, 20, b!.quantity + 1],
          ],
          header,
        ),
      },
      { country: 'kg', error_policy: 'reject_failed_rows' },
    );
    expect(task.errors).toEqual([expect.objectContaining({ row: 3, code: 'stock_conflict' })]);
    const now = await offers('kg', [a!.sku, b!.sku]);
    expect(now.get(a!.sku)!.quantity).toBe(20);
    expect(now.get(b!.sku)!.quantity).toBe(b!.quantity);
  });

  it('replace mode zeroes every other offer of the country, counted in the dry run', async () => {
    const all = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from product_offers where country = 'kz' and quantity <> 0`,
    );
    const [a] = await someOffers('kz', 1, sql`o.quantity > 0`);
    const dry = await importFile(
      'stock',
      { name: 's.csv', data: stockCsv([[a!.sku, 'a', a!.quantity]]) },
      { country: 'kz', mode: 'replace', dry_run: 'true' },
    );
    expect(dry.changes_total).toBe(all[0]!.n - 1);
    expect(dry.notes[0]).toContain(String(all[0]!.n - 1));
    const applied = await finish(
      (await api(`/staff/imports/${dry.task_id}/apply/`, { method: 'POST', token: await staffAccess() })).body.task_id,
    );
    expect(applied).toMatchObject({ status: 'SUCCESS', dry_run: false });
    const left = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from product_offers where country = 'kz' and quantity <> 0`,
    );
    expect(left[0]!.n).toBe(1);
    // Undo puts every zeroed offer back.
    const undone = await api(`/staff/imports/${applied.task_id}/undo/`, { method: 'POST', token: await staffAccess() });
    expect(undone.status).toBe(200);
    const back = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from product_offers where country = 'kz' and quantity <> 0`,
    );
    expect(back[0]!.n).toBe(all[0]!.n);
  });

  it('applies a dry run later without uploading again, once', async () => {
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500`);
    const dry = await importFile(
      'stock',
      { name: 's.csv', data: stockCsv([[a!.sku, 'a', 77]]) },
      { country: 'kg', dry_run: 'true' },
    );
    const token = await staffAccess();
    const apply = await api(`/staff/imports/${dry.task_id}/apply/`, { method: 'POST', token });
    expect(apply.status).toBe(202);
    expect((await api(`/staff/imports/${dry.task_id}/apply/`, { method: 'POST', token })).status).toBe(409);
    const applied = await finish(apply.body.task_id);
    expect(applied.counts.updated).toBe(1);
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(77);
  });

  it('undo gives the old stock back, and refuses with the rows that changed since', async () => {
    const [a, b] = await someOffers('kg', 2, sql`o.quantity between 1 and 500`);
    const token = await staffAccess();
    const first = await importFile('stock', { name: 's.csv', data: stockCsv([[a!.sku, 'a', 91]]) }, { country: 'kg' });
    const undo = await api(`/staff/imports/${first.task_id}/undo/`, { method: 'POST', token });
    expect(undo.status).toBe(200);
    expect(undo.body.undone_at).toBeTypeOf('string');
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(a!.quantity);
    expect((await api(`/staff/imports/${first.task_id}/undo/`, { method: 'POST', token })).status).toBe(409);

    const second = await importFile(
      'stock',
      { name: 's2.csv', data: stockCsv([[b!.sku, 'b', 92]]) },
      { country: 'kg' },
    );
    await api(`/products/products_availability/${encodeURIComponent(b!.sku)}/`, {
      method: 'PATCH',
      token,
      json: { country: 'kg', quantity: 3 },
    });
    const refused = await api(`/staff/imports/${second.task_id}/undo/`, { method: 'POST', token });
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toEqual([
      { sku: b!.sku, country: 'kg', field: 'quantity', imported: '92', now: '3' },
    ]);
  });

  it('the product page’s API and the list show the new stock right after SUCCESS', async () => {
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500`);
    // Read first, so the answers are cached.
    const before = await api(`/products/products/${a!.slug}/?country=kg`);
    expect(before.body.quantity).toBe(a!.quantity);
    await importFile('stock', { name: 's.csv', data: stockCsv([[a!.sku, 'a', a!.quantity + 100]]) }, { country: 'kg' });
    expect((await api(`/products/products/${a!.slug}/?country=kg`)).body.quantity).toBe(a!.quantity + 100);
  });

  it('mails people waiting for a product the import brings back in stock', async () => {
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500 and p.is_active`);
    const token = await staffAccess();
    await api(`/products/products_availability/${encodeURIComponent(a!.sku)}/`, {
      method: 'PATCH',
      token,
      json: { country: 'kg', quantity: 0 },
    });
    const email = uniqueEmail('waiting');
    const alert = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      json: { product: a!.product_id, email },
      ip: uniqueIp(),
    });
    expect(alert.status).toBe(201);
    await importFile('stock', { name: 's.csv', data: stockCsv([[a!.sku, 'a', 5]]) }, { country: 'kg' });
    await expect.poll(async () => (await listOutbox({ to: email })).length, { timeout: 5000 }).toBeGreaterThan(0);
  });

  it('GET /staff/imports/ lists past imports with who and what, newest first', async () => {
    const { status, body } = await api('/staff/imports/?kind=stock&limit=2', { token: await staffAccess() });
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]).toMatchObject({
      kind: 'stock',
      created_by: { email: expect.any(String) },
      file: { name: expect.any(String) },
    });
  });

  it('GET /staff/stock_template/ gives the stock in the upload format, which re-imports with no change', async () => {
    const token = await staffAccess();
    const template = await api('/staff/stock_template/?country=kz', { token });
    expect(template.status).toBe(200);
    expect(template.headers.get('content-disposition')).toContain('attachment');
    const task = await importFile(
      'stock',
      { name: 'template.csv', data: Buffer.from(template.body as string) },
      { country: 'kz', dry_run: 'true' },
    );
    expect(task.counts.errors).toBe(0);
    expect(task.counts.updated).toBe(0);
    expect(task.counts.unchanged).toBe(task.counts.rows);
  });
});

describe('single edits of an offer', () => {
  it('POST, PATCH and DELETE /products/products_availability/{sku}/ change one offer, each audited', async () => {
    const token = await staffAccess();
    const [sold] = await someOffers('kg', 1);
    const [notInKz] = await dbRows<{ sku: string }>(
      sql`select p.sku from products p where not exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kz') order by p.sku limit 1`,
    );
    const path = (sku: string) => `/products/products_availability/${encodeURIComponent(sku)}/`;
    expect((await api(path('NO-SUCH'), { method: 'PATCH', token, json: { country: 'kg', quantity: 1 } })).status).toBe(
      404,
    );
    expect(
      (await api(path(sold!.sku), { method: 'POST', token, json: { country: 'kg', price: '10', quantity: 1 } })).status,
    ).toBe(409);
    const bad = await api(path(sold!.sku), {
      method: 'PATCH',
      token,
      json: { country: 'kg', quantity: -1, price: '1.999' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['price', 'quantity']);
    if (notInKz) {
      const created = await api(path(notInKz.sku), {
        method: 'POST',
        token,
        json: { country: 'kz', price: '1500', old_price: '1800.5', quantity: 4 },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        sku: notInKz.sku,
        country: 'kz',
        price: '1500.00',
        old_price: '1800.50',
        quantity: 4,
        in_stock: true,
      });
      expect((await api(path(notInKz.sku) + '?country=kz', { method: 'DELETE', token })).status).toBe(204);
      expect((await api(path(notInKz.sku) + '?country=kz', { method: 'DELETE', token })).status).toBe(404);
    }
    const patched = await api(path(sold!.sku), { method: 'PATCH', token, json: { country: 'kg', quantity: 321 } });
    expect(patched.status).toBe(200);
    expect(patched.body.quantity).toBe(321);
    const audit = await dbRows<{
      source: string;
      field: string;
      old_value: string;
      new_value: string;
      user_id: number;
    }>(
      sql`select source, field, old_value, new_value, user_id from catalog_changes where sku = ${sold!.sku} and field = 'quantity' order by id desc limit 1`,
    );
    expect(audit[0]).toMatchObject({ source: 'staff', field: 'quantity', new_value: '321' });
    expect(audit[0]!.user_id).toBeTypeOf('number');
  });
});

// Two processes share one database only on a PostgreSQL server.
const handle = await getDbHandle();
describe.skipIf(handle.kind !== 'postgres')('two shop processes', () => {
  let second: ReturnType<typeof startSecondProcess> | undefined;
  afterAll(() => second?.stop());

  it('an upload through this process is run by the other’s worker and polled through it', async () => {
    // The earlier tests ran their tasks here (finish()), leaving their jobs queued: a worker would
    // work through those first, one a second, before reaching this upload's.
    await dbRows(sql`delete from pgboss.job where name = 'imports' and state = 'created'`);
    second = startSecondProcess(handle.url!, { SHOP_TEST_WORKERS: 'true' });
    const port = await second.port;
    const [a] = await someOffers('kg', 1, sql`o.quantity between 1 and 500`);
    const started = await upload(
      UPLOAD.stock,
      { name: 's.csv', data: stockCsv([[a!.sku, 'a', 55]]) },
      { country: 'kg' },
    );
    const token = await staffAccess();
    const poll = async () =>
      (await (
        await fetch(`http://127.0.0.1:${port}/api/v1/products/task_checking/?task_id=${started.body.task_id}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as any;
    await expect.poll(async () => (await poll()).status, { timeout: 20_000, interval: 250 }).toBe('SUCCESS');
    expect((await offers('kg', [a!.sku])).get(a!.sku)!.quantity).toBe(55);
  });
});
