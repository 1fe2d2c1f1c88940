/**
 * `npm run bench` (after the page scenarios): staff imports on PostgreSQL, from upload to SUCCESS.
 *
 * A database of its own on the PostgreSQL server (BENCH_DATABASE_URL, default the local one), grown to
 * 100,000 products (`scripts/seed.ts --products`), the shop started on it, then through its API as a
 * staff script would:
 * - 20,000 new products (JSON), then the same 20,000 updated;
 * - 20,000 prices (JSON, Kyrgyzstan);
 * - the stock of 100,000 products (CSV, windows-1251, `;`), twice with different quantities;
 * - the stock of 2,000 products (the same CSV), five times: the median, with the five beside it.
 * Beside each stock run, the limit: PostgreSQL's own `COPY` of the same rows into a temporary table and
 * one `UPDATE … FROM`, on the same server. Rows per second, and the shop process's RSS growth (sampled
 * every 50 ms). Writes `bench-results/imports.json`; the database is dropped afterwards. Skipped (exit 0)
 * when no PostgreSQL server answers.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import postgres from 'postgres';
import { copyThenUpdate } from './copy-limit.ts';
import { runToEnd, startProcess, waitUntilReady } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4413;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };
const CATALOG = 100_000;
const NEW_PRODUCTS = 20_000;

const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
try {
  await admin`select 1`;
} catch {
  console.log('\n## Imports (PostgreSQL)\n\nSkipped: no PostgreSQL server answers at BENCH_DATABASE_URL.');
  await admin.end();
  process.exit(0);
}

const dbName = `bench_imports_${process.pid}`;
await admin.unsafe(`create database ${dbName}`);
const url = new URL(BASE_URL);
url.pathname = `/${dbName}`;
const logDir = path.join(root, 'bench-results', 'logs');
mkdirSync(logDir, { recursive: true });
const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' };

interface Run {
  name: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssGrowthMb: number;
  status: string;
  limitSeconds?: number;
}
const runs: Run[] = [];
const db = postgres(url.toString(), { max: 2, onnotice: () => {} });
let server: ReturnType<typeof startProcess> | undefined;

try {
  let started = performance.now();
  await runToEnd(
    'imports-seed',
    [path.join(root, 'scripts/seed.ts'), '--products', String(CATALOG)],
    env,
    path.join(logDir, 'imports-seed.log'),
    root,
  );
  console.log(`Seeded ${CATALOG} products in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  server = startProcess(
    'imports-server',
    [path.join(root, 'scripts/start.ts')],
    { ...env, PORT: String(PORT), HOST: '127.0.0.1', SITE_URL: ORIGIN },
    path.join(logDir, 'imports-server.log'),
    root,
  );
  await waitUntilReady(server, `${ORIGIN}/kg/`, 5 * 60_000);
  server.echo = false;
  const login = await fetch(`${ORIGIN}/api/v1/accounts/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  const { access } = (await login.json()) as { access: string };
  const pid = server.child.pid!;

  const category = (
    await db<
      { slug: string }[]
    >`select slug from categories c where not exists (select 1 from categories k where k.parent_id = c.id) order by id limit 1`
  )[0]!.slug;
  const brand = (await db<{ slug: string }[]>`select slug from brands order by id limit 1`)[0]!.slug;
  const skus = Array.from({ length: NEW_PRODUCTS }, (_, i) => `BENCH-${String(i).padStart(6, '0')}`);
  const productsFile = (suffix: string) =>
    JSON.stringify({
      format: 'products@1',
      products: skus.map((sku, i) => ({
        sku,
        name: `Перчатки нитриловые ${suffix}, размер ${['S', 'M', 'L'][i % 3]}, упаковка ${i}`,
        category,
        brand,
        description: `<p>Товар ${i} для проверки загрузки.</p>`,
      })),
    });

  started = performance.now();
  runs.push(
    await timed(
      'products: 20,000 new',
      NEW_PRODUCTS,
      'upload_products_json',
      { name: 'products.json', data: Buffer.from(productsFile('синие')) },
      {},
      access,
      pid,
    ),
  );
  runs.push(
    await timed(
      'products: the same 20,000 updated',
      NEW_PRODUCTS,
      'upload_products_json',
      { name: 'products.json', data: Buffer.from(productsFile('голубые')) },
      {},
      access,
      pid,
    ),
  );
  const pricesFile = JSON.stringify({
    format: 'prices@1',
    country: 'kg',
    currency: 'KGS',
    prices: skus.map((sku, i) => ({ sku, price: String(100 + (i % 900)) })),
  });
  runs.push(
    await timed(
      'prices: 20,000 (kg)',
      NEW_PRODUCTS,
      'upload_prices_json',
      { name: 'prices.json', data: Buffer.from(pricesFile) },
      {},
      access,
      pid,
    ),
  );

  const stockSkus = (
    await db<
      { sku: string }[]
    >`select p.sku from products p join product_offers o on o.product_id = p.id and o.country = 'kg' order by p.id limit ${CATALOG}`
  ).map((r) => r.sku);
  for (const [n, salt] of [
    [1, 7],
    [2, 13],
  ] as const) {
    const rows = stockSkus.map((sku, i) => [sku, String((i * salt) % 500)]);
    const csv = iconv.encode(['Артикул;Количество', ...rows.map((r) => r.join(';'))].join('\r\n') + '\r\n', 'win1251');
    const run = await timed(
      `stock: ${stockSkus.length.toLocaleString('en')} rows (windows-1251, ;), run ${n}`,
      stockSkus.length,
      'products_availability_load_csv',
      { name: 'stock.csv', data: csv },
      { country: 'kg' },
      access,
      pid,
    );
    // The limit: the same rows loaded by PostgreSQL itself.
    const limitRows = stockSkus.map((sku, i) => `${sku};${(i * (salt + 1)) % 500}`).join('\n') + '\n';
    run.limitSeconds = await copyThenUpdate(
      db,
      'bench_stock (sku text, quantity int)',
      limitRows,
      (tx) =>
        tx`update product_offers o set quantity = t.quantity from bench_stock t join products p on p.sku = t.sku where o.product_id = p.id and o.country = 'kg'`,
    );
    runs.push(run);
  }

  // A manager's everyday file: the stock of 2,000 products, five times (the fixed cost of an upload
  // shows here, not in the large files); the median is the row, the five beside it.
  const small: Run[] = [];
  for (let n = 1; n <= 5; n += 1) {
    // The last run's writes settle first (caches emptied, search index told): they are not this one's.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rows = stockSkus.slice(0, 2_000).map((sku, i) => [sku, String((i * (n + 17)) % 500)]);
    const csv = iconv.encode(['Артикул;Количество', ...rows.map((r) => r.join(';'))].join('\r\n') + '\r\n', 'win1251');
    small.push(
      await timed(
        `stock: 2,000 rows, run ${n}`,
        rows.length,
        'products_availability_load_csv',
        { name: 'stock-2000.csv', data: csv },
        { country: 'kg' },
        access,
        pid,
      ),
    );
  }
  const median = [...small].sort((a, b) => a.seconds - b.seconds)[2]!;
  runs.push({
    ...median,
    name: `stock: 2,000 rows (windows-1251, ;), median of five (${small.map((r) => r.seconds.toFixed(2)).join(', ')} s)`,
  });

  console.log('\n## Imports (PostgreSQL, through the API, upload to SUCCESS)\n');
  console.log('| import | rows | seconds | rows/s | shop RSS growth | limit (COPY + UPDATE) | ÷ limit | task |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of runs)
    console.log(
      `| ${r.name} | ${r.rows} | ${r.seconds.toFixed(2)} | ${Math.round(r.rowsPerSecond)} | ${r.rssGrowthMb.toFixed(0)} MB | ${r.limitSeconds === undefined ? '–' : `${r.limitSeconds.toFixed(2)} s`} | ${r.limitSeconds === undefined ? '–' : (r.seconds / r.limitSeconds).toFixed(1)} | ${r.status} |`,
    );
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench-results', 'imports.json'),
    JSON.stringify({ at: new Date().toISOString(), runs }, null, 2),
  );
} finally {
  await server?.stop();
  await db.end();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function timed(
  name: string,
  rows: number,
  route: string,
  file: { name: string; data: Buffer },
  fields: Record<string, string>,
  token: string,
  pid: number,
): Promise<Run> {
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const upload = await fetch(`${ORIGIN}/api/v1/products/${route}/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const { task_id } = (await upload.json()) as { task_id: string };
  let status = '';
  for (;;) {
    const answer = await fetch(`${ORIGIN}/api/v1/products/task_checking/?task_id=${task_id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const task = (await answer.json()) as { status: string; ready: boolean; counts: { errors: number } };
    if (task.ready) {
      status = `${task.status}${task.counts.errors ? `, ${task.counts.errors} errors` : ''}`;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { name, rows, seconds, rowsPerSecond: rows / seconds, rssGrowthMb: peak - baseline, status };
}
