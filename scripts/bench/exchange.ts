/**
 * `npm run bench` (after the imports): the exchange with 1C on PostgreSQL, through its protocol as 1C
 * speaks it (Basic auth, the session cookie, files in parts of `file_limit`, `mode=import` asked until it
 * answers `success`).
 *
 * A database of its own on the PostgreSQL server (BENCH_DATABASE_URL, default the local one), grown to
 * 80,000 products (`scripts/seed.ts --products`), the shop started on it, then:
 * - a first full exchange: `import.xml` of 20,000 products with a picture each, in one zip
 *   (BENCH_EXCHANGE_PRODUCTS and BENCH_EXCHANGE_SEEDED change the counts), from the first part sent to `success`;
 * - the seeded products given 1C ids as a former exchange would have (setup, not timed);
 * - a daily `offers.xml` of 100,000 offers (windows-1251, a price in сом and a quantity each), twice with
 *   different numbers (the first gives the first exchange's products their offers); before each, from
 *   the same state and rolled back, the limit: PostgreSQL's own `COPY` of the same rows into a temporary
 *   table, one `UPDATE … FROM` of the offers there are and one `INSERT` of the others, on the same server
 *   (the median of three); each limit and each run from a vacuumed database after a checkpoint.
 * Rows per second, the shop process's peak RSS and its growth over the run (sampled every 50 ms): the
 * files are read as streams, so neither grows with the file. Writes `bench-results/exchange.json`; the
 * database is dropped afterwards. Skipped (exit 0) when no PostgreSQL server answers.
 */
import { crc32 } from 'node:zlib';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import postgres from 'postgres';
import sharp from 'sharp';
import { copyThenUpdate } from './copy-limit.ts';
import { runToEnd, startProcess, waitUntilReady } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_EXCHANGE_PORT ?? 4415);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };
const PRODUCTS = Number(process.env.BENCH_EXCHANGE_PRODUCTS ?? 20_000);
/** Seeded beside the exchange's products, so the offers file holds 100,000 offers. */
const SEEDED = Number(process.env.BENCH_EXCHANGE_SEEDED ?? 100_000 - PRODUCTS);
const OFFERS = SEEDED + PRODUCTS;

const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
try {
  await admin`select 1`;
} catch {
  console.log('\n## Exchange with 1C (PostgreSQL)\n\nSkipped: no PostgreSQL server answers at BENCH_DATABASE_URL.');
  await admin.end();
  process.exit(0);
}

const dbName = `bench_exchange_${process.pid}`;
await admin.unsafe(`create database ${dbName}`);
const url = new URL(BASE_URL);
url.pathname = `/${dbName}`;
const logDir = path.join(root, 'bench-results', 'logs');
mkdirSync(logDir, { recursive: true });
const env = { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' };

interface Run {
  name: string;
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  answer: string;
  /** Sending the file's parts; then the `mode=import` calls until `success`; the rest is `complete`. */
  uploadSeconds: number;
  importSeconds: number;
  limitSeconds?: number;
}
const runs: Run[] = [];
/** Each run as it ends, so a long bench shows its figures as it goes. */
const done = (run: Run) => {
  runs.push(run);
  console.log(
    `${run.name}: ${run.seconds.toFixed(2)} s (upload ${run.uploadSeconds.toFixed(2)}, import ${run.importSeconds.toFixed(2)}), ${Math.round(run.rowsPerSecond)} rows/s, RSS peak ${run.rssPeakMb.toFixed(0)} MB (+${run.rssGrowthMb.toFixed(0)})${run.limitSeconds === undefined ? '' : `, limit ${run.limitSeconds.toFixed(2)} s (${(run.seconds / run.limitSeconds).toFixed(1)}×)`}, ${run.answer}`,
  );
};
const db = postgres(url.toString(), { max: 2, onnotice: () => {} });
let server: ReturnType<typeof startProcess> | undefined;

try {
  let started = performance.now();
  await runToEnd(
    'exchange-seed',
    [path.join(root, 'scripts/seed.ts'), '--products', String(SEEDED)],
    env,
    path.join(logDir, 'exchange-seed.log'),
    root,
  );
  console.log(`Seeded ${SEEDED} products in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  server = startProcess(
    'exchange-server',
    [path.join(root, 'scripts/start.ts')],
    { ...env, PORT: String(PORT), HOST: '127.0.0.1', SITE_URL: ORIGIN },
    path.join(logDir, 'exchange-server.log'),
    root,
  );
  await waitUntilReady(server, `${ORIGIN}/kg/`, 5 * 60_000);
  server.echo = false;
  const pid = server.child.pid!;

  // The first full exchange: 20,000 products, each with its picture, in one zip.
  started = performance.now();
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < PRODUCTS; i += 1) files[picturePath(i)] = await picture(i);
  files['import.xml'] = Buffer.from(importXml(PRODUCTS));
  const zip = zipOf(files);
  console.log(
    `Made the catalog zip (${(zip.length / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  done(
    await exchange(
      `catalog: ${PRODUCTS.toLocaleString('en')} products with pictures (zip)`,
      PRODUCTS,
      pid,
      {
        'import.zip': zip,
      },
      ['import.xml'],
    ),
  );

  // The seeded products as a former exchange would have left them: each with its 1C Ид.
  await db`insert into exchange_ids (kind, external_id, local_id)
           select 'product', 'seed-' || p.id, p.id from products p
           where not exists (select 1 from exchange_ids e where e.kind = 'product' and e.local_id = p.id)`;
  const ids = (
    await db<
      { external_id: string }[]
    >`select external_id from exchange_ids where kind = 'product' order by external_id`
  ).map((r) => r.external_id);

  for (const [n, salt] of [
    [1, 7],
    [2, 13],
  ] as const) {
    const offers = ids.map((id, i) => ({ id, price: 100 + ((i * salt) % 9000), quantity: (i * salt) % 500 }));
    // The limit: the same rows written by PostgreSQL itself, from the state the run starts from (each
    // time rolled back), three times (its time alone varies by half on this machine), the median kept:
    // `COPY`, one `UPDATE … FROM` of the offers there are, and one `INSERT` of those there are not (run 1
    // gives the 20,000 products of the first exchange their offers, as the shop's run does).
    const limits: number[] = [];
    for (const step of [1, 2, 3]) {
      await settled(pid);
      await settleDatabase();
      const limitRows =
        ids.map((id, i) => `${id};${100 + ((i * (salt + step)) % 9000)};${(i * (salt + step)) % 500}`).join('\n') +
        '\n';
      limits.push(
        await copyThenUpdate(
          db,
          'bench_offers (external_id text, price numeric, quantity int)',
          limitRows,
          async (tx) => {
            await tx`update product_offers o set price = t.price, quantity = t.quantity
                     from bench_offers t join exchange_ids e on e.kind = 'product' and e.external_id = t.external_id
                     where o.product_id = e.local_id and o.country = 'kg'`;
            await tx`insert into product_offers (product_id, country, price, quantity)
                     select e.local_id, 'kg', t.price, t.quantity
                     from bench_offers t join exchange_ids e on e.kind = 'product' and e.external_id = t.external_id
                     where not exists (select 1 from product_offers o where o.product_id = e.local_id and o.country = 'kg')`;
          },
          { rollBack: true },
        ),
      );
    }
    const file = iconv.encode(offersXml(offers), 'win1251');
    await settleDatabase();
    const run = await exchange(
      `offers.xml: ${offers.length.toLocaleString('en')} offers (windows-1251), run ${n}`,
      offers.length,
      pid,
      { 'offers.xml': file },
      ['offers.xml'],
    );
    run.limitSeconds = limits.sort((a, b) => a - b)[1]!;
    console.log(`(limit runs: ${limits.map((l) => l.toFixed(2)).join(', ')} s)`);
    done(run);
  }
  if (OFFERS !== ids.length) console.log(`(${ids.length} products had a 1C Ид.)`);

  console.log('\n## Exchange with 1C (PostgreSQL, through the protocol, first part sent to `success`)\n');
  console.log(
    '| exchange | rows | file | seconds | upload | import | rows/s | shop RSS peak | growth | limit (COPY + UPDATE + INSERT) | ÷ limit | answer |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of runs)
    console.log(
      `| ${r.name} | ${r.rows} | ${(r.bytes / 1e6).toFixed(1)} MB | ${r.seconds.toFixed(2)} | ${r.uploadSeconds.toFixed(2)} | ${r.importSeconds.toFixed(2)} | ${Math.round(r.rowsPerSecond)} | ${r.rssPeakMb.toFixed(0)} MB | ${r.rssGrowthMb.toFixed(0)} MB | ${r.limitSeconds === undefined ? '–' : `${r.limitSeconds.toFixed(2)} s`} | ${r.limitSeconds === undefined ? '–' : (r.seconds / r.limitSeconds).toFixed(1)} | ${r.answer} |`,
    );
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench-results', 'exchange.json'),
    JSON.stringify({ at: new Date().toISOString(), runs }, null, 2),
  );
} finally {
  await server?.stop();
  await db.end();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

/**
 * Starts each measured run (the limit's and the shop's) from the same database state: the rows the
 * last one left dead (a limit is rolled back: 100,000 updated offers and the inserted ones) vacuumed,
 * the planner's statistics fresh, and a checkpoint behind it, so that neither pays for the other's
 * garbage, for autovacuum running beside it, or for a checkpoint the other's writes brought on.
 */
async function settleDatabase(): Promise<void> {
  await db`vacuum (analyze) product_offers, exchange_ids, products, catalog_changes`;
  await db`checkpoint`;
}

/** CPU seconds the process has used (user and system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits (at most a minute) until the shop has been idle for a second: what the last write left it to do
 * (its search index reloading the products whose prices moved) is not counted in the next exchange.
 */
async function settled(pid: number): Promise<void> {
  const until = performance.now() + 60_000;
  for (let before = cpuSeconds(pid); performance.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** One catalog exchange as 1C runs it, timed from the first request to the last `success`. */
async function exchange(
  name: string,
  rows: number,
  pid: number,
  files: Record<string, Buffer>,
  imports: string[],
): Promise<Run> {
  await settled(pid);
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const started = performance.now();
  const auth = `Basic ${Buffer.from(`${STAFF.email}:${STAFF.password}`).toString('base64')}`;
  let cookie = '';
  const call = async (params: Record<string, string>, body?: Buffer) => {
    const response = await fetch(`${ORIGIN}/api/v1/exchange/1c/?${new URLSearchParams(params).toString()}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: auth, ...(cookie ? { Cookie: cookie } : {}) },
      body: body ? new Uint8Array(body) : undefined,
    });
    return response.text();
  };
  const [status, cookieName, value] = (await call({ type: 'catalog', mode: 'checkauth' })).split('\n');
  if (status !== 'success') throw new Error(`checkauth: ${status} ${cookieName}`);
  cookie = `${cookieName}=${value}`;
  const init = new Map(
    (await call({ type: 'catalog', mode: 'init' })).split('\n').map((l) => l.split('=', 2) as [string, string]),
  );
  const part = Number(init.get('file_limit'));
  let bytes = 0;
  const uploadStarted = performance.now();
  for (const [filename, data] of Object.entries(files)) {
    bytes += data.length;
    for (let start = 0; start < data.length; start += part) {
      const answer = await call({ type: 'catalog', mode: 'file', filename }, data.subarray(start, start + part));
      if (answer !== 'success') throw new Error(`file ${filename}: ${answer}`);
    }
  }
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  let answer = '';
  const importStarted = performance.now();
  for (const filename of imports) {
    for (;;) {
      answer = await call({ type: 'catalog', mode: 'import', filename });
      if (answer !== 'progress') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (answer !== 'success') break;
  }
  const importSeconds = (performance.now() - importStarted) / 1000;
  if (answer === 'success') answer = await call({ type: 'catalog', mode: 'complete' });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    name,
    rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    rssPeakMb: peak,
    rssGrowthMb: peak - baseline,
    answer: answer.split('\n').join(' '),
    uploadSeconds,
    importSeconds,
  };
}

function picturePath(i: number): string {
  return `import_files/${String(i % 100).padStart(2, '0')}/bench-${i}.png`;
}

/** A small distinct picture per product. */
function picture(i: number): Promise<Buffer> {
  return sharp({
    create: { width: 48, height: 48, channels: 3, background: { r: i % 256, g: (i >> 8) % 256, b: (i * 7) % 256 } },
  })
    .png()
    .toBuffer();
}

function importXml(count: number): string {
  const items: string[] = [];
  for (let i = 0; i < count; i += 1)
    items.push(`
      <Товар>
        <Ид>bench-${i}</Ид>
        <Артикул>1C-BENCH-${String(i).padStart(6, '0')}</Артикул>
        <Наименование>Перчатки нитриловые 1С, размер ${['S', 'M', 'L'][i % 3]}, упаковка ${i}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
        <Группы><Ид>grp-${i % 20}</Ид></Группы>
        <Описание>Товар ${i} для проверки обмена.</Описание>
        <Картинка>${picturePath(i)}</Картинка>
        <Изготовитель><Ид>mk-${i % 30}</Ид><Наименование>Производитель ${i % 30}</Наименование></Изготовитель>
        <ЗначенияСвойств><ЗначенияСвойства><Ид>prop-pack</Ид><Значение>${(i % 10) + 1} г</Значение></ЗначенияСвойства></ЗначенияСвойств>
      </Товар>`);
  const groups = Array.from(
    { length: 20 },
    (_, g) => `<Группа><Ид>grp-${g}</Ид><Наименование>Группа 1С ${g}</Наименование></Группа>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_210" ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T10:00:00">
  <Классификатор>
    <Ид>cls-bench</Ид><Наименование>Классификатор</Наименование>
    <Группы>${groups}</Группы>
    <Свойства><Свойство><Ид>prop-pack</Ид><Наименование>Фасовка</Наименование><ТипЗначений>Строка</ТипЗначений></Свойство></Свойства>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Ид>cat-bench</Ид><ИдКлассификатора>cls-bench</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары>${items.join('')}
    </Товары>
  </Каталог>
</КоммерческаяИнформация>
`;
}

function offersXml(offers: { id: string; price: number; quantity: number }[]): string {
  const items = offers
    .map(
      (o) => `
      <Предложение>
        <Ид>${o.id}</Ид>
        <Наименование>Предложение ${o.id}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE"/>
        <Цены><Цена><Представление>${o.price},00 сом за шт</Представление><ИдТипаЦены>pt-kg</ИдТипаЦены><ЦенаЗаЕдиницу>${o.price}</ЦенаЗаЕдиницу><Валюта>KGS</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена></Цены>
        <Количество>${o.quantity}</Количество>
      </Предложение>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="windows-1251"?>
<КоммерческаяИнформация ВерсияСхемы="2.10" ДатаФормирования="2026-11-27T10:05:00">
  <ПакетПредложений СодержитТолькоИзменения="false">
    <Ид>cat-bench#</Ид><Наименование>Пакет предложений</Наименование><ИдКаталога>cat-bench</ИдКаталога>
    <ТипыЦен><ТипЦены><Ид>pt-kg</Ид><Наименование>Розничная</Наименование><Валюта>KGS</Валюта></ТипЦены></ТипыЦен>
    <Предложения>${items}
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>
`;
}

/** A zip of `files`, stored (1C's pictures are compressed already), UTF-8 names. */
function zipOf(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    locals.push(local, nameBytes, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
