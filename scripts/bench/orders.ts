/**
 * `npm run bench` (after the page scenarios): order creation and the order list on PostgreSQL.
 *
 * A database of its own on the PostgreSQL server (BENCH_DATABASE_URL, default the local one), the shop
 * started on it with the demo catalog, every offer's stock raised so nothing runs out, then:
 * - order creation: 10 connections, each request one line of a product taken in turn (distinct products);
 * - `order_list`: 10 connections reading the first page of an account with 200 orders;
 * - the limit for order creation: the same database work without the shop (no HTTP, validation, token or
 *   mail rendering): 10 workers over a pool of 10 connections (the shop's), each running the transactions an
 *   order needs one after another: lock the account and the offer, take the stock, insert the order, its line,
 *   its event and its two outbox mails, commit, and announce the stock change.
 * Prints orders/s, p50 and p99 with the shop ÷ limit ratio and writes `bench-results/orders.json`; the
 * database is dropped afterwards.
 * Skipped (exit 0) when no PostgreSQL server answers.
 */
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { startProcess, waitUntilReady } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4412;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS ?? 8);
const CONNECTIONS = 10;
const ACCOUNT = { email: 'doctor@dental.test', password: 'Doctor-Demo-2026' };

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
}
type Options = Record<string, unknown>;
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
try {
  await admin`select 1`;
} catch {
  console.log('\n## Orders (PostgreSQL)\n\nSkipped: no PostgreSQL server answers at BENCH_DATABASE_URL.');
  await admin.end();
  process.exit(0);
}

const dbName = `bench_orders_${process.pid}`;
await admin.unsafe(`create database ${dbName}`);
const url = new URL(BASE_URL);
url.pathname = `/${dbName}`;
const logDir = path.join(root, 'bench-results', 'logs');
mkdirSync(logDir, { recursive: true });
const server = startProcess(
  'orders-server',
  [path.join(root, 'scripts/start.ts')],
  {
    ...process.env,
    DATABASE_URL: url.toString(),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SITE_URL: ORIGIN,
    LOG_LEVEL: 'warn',
    RESPONSE_CACHE_MB: '64',
    // Thousands of orders from one account: the limits against hoarding would refuse all but the first.
    ORDER_LIMITS: 'off',
  },
  path.join(logDir, 'orders-server.log'),
  root,
);

const db = postgres(url.toString(), { max: 2, onnotice: () => {} });
try {
  await waitUntilReady(server, `${ORIGIN}/kg/`, 5 * 60_000);
  await db`update product_offers set quantity = 1000000`;
  const products = (
    await db<
      { id: number }[]
    >`select p.id from products p join product_offers o on o.product_id = p.id and o.country = 'kg' where p.is_active order by p.id`
  ).map((r) => r.id);
  const login = await fetch(`${ORIGIN}/api/v1/accounts/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ACCOUNT),
  });
  // A token that outlives the run: the refresh flow is not what is measured.
  const { access } = (await login.json()) as { access: string };
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` };
  let next = 0;
  const body = () =>
    JSON.stringify({
      country: 'kg',
      items: [{ product: products[next++ % products.length], quantity: 1 }],
      contact: { phone: '+996555123456' },
      delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Киевская, 95' },
      payment: { method: 'on_receipt' },
    });
  const create = (duration: number) =>
    autocannon({
      url: `${ORIGIN}/api/v1/orders/order_create/`,
      connections: CONNECTIONS,
      duration,
      timeout: 10,
      requests: [{ method: 'POST', headers, setupRequest: (req: Options) => ({ ...req, body: body() }) }],
    });
  await create(2);
  const creation = await create(SECONDS);
  const limit = await databaseOnlyOrders(url.toString(), products, SECONDS, null);
  // The shop's own mail bodies (HTML of several kB), for the limit that writes what the shop writes.
  const bodies = async (kind: string) =>
    (await db<MailBody[]>`select text, html from mail_outbox where kind = ${kind} order by id desc limit 1`)[0];
  const [placedMail, staffMail] = await Promise.all([bodies('order_placed'), bodies('order_staff')]);
  if (!placedMail || !staffMail) throw new Error('The shop stored no order mails to measure the full limit with.');
  const fullLimit = await databaseOnlyOrders(url.toString(), products, SECONDS, {
    placed: placedMail,
    staff: staffMail,
  });

  // An account with exactly 200 orders for the list.
  const listLogin = await fetch(`${ORIGIN}/api/v1/accounts/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'staff@dental.test', password: 'Staff-Demo-2026' }),
  });
  const listToken = ((await listLogin.json()) as { access: string }).access;
  for (let i = 0; i < 200; i++) {
    const r = await fetch(`${ORIGIN}/api/v1/orders/order_create/`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${listToken}` },
      body: body(),
    });
    if (r.status !== 201) throw new Error(`Preparing the order list: ${r.status} ${await r.text()}`);
  }
  const listOptions = {
    url: `${ORIGIN}/api/v1/orders/order_list/`,
    connections: CONNECTIONS,
    timeout: 10,
    headers: { Authorization: `Bearer ${listToken}` },
  };
  await autocannon({ ...listOptions, duration: 2 });
  const list = await autocannon({ ...listOptions, duration: SECONDS });

  const row = (name: string, r: Result) =>
    `| ${name} | ${CONNECTIONS} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r['2xx']} | ${r.non2xx + r.errors} |`;
  console.log('\n## Orders (PostgreSQL, demo catalog)\n');
  console.log('| target | conns | req/s | p50 ms | p99 ms | 2xx | failed |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(row('order creation (one line, distinct products)', creation));
  console.log(
    `| limit: the same transactions by the database alone | ${CONNECTIONS} | ${Math.round(limit.perSecond)} | ${limit.p50} | ${limit.p99} | ${limit.done} | 0 |`,
  );
  console.log(
    `| limit, with every write the shop makes (mail bodies, mailbox quota, courier address) | ${CONNECTIONS} | ${Math.round(fullLimit.perSecond)} | ${fullLimit.p50} | ${fullLimit.p99} | ${fullLimit.done} | 0 |`,
  );

  console.log(row('order_list, account with 200 orders (page of 20)', list));
  console.log(
    `\nOrder creation: ${(creation.requests.average / limit.perSecond).toFixed(2)} of the database-only limit (goal ≥ 0.7), ` +
      `${(creation.requests.average / fullLimit.perSecond).toFixed(2)} of the limit with every write the shop makes.`,
  );
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench-results', 'orders.json'),
    JSON.stringify({ creation, list, limit, full_limit: fullLimit }, null, 2),
  );
  if (creation.non2xx + creation.errors > 0 || list.non2xx + list.errors > 0) process.exitCode = 1;
} finally {
  // autocannon abandons the requests in flight when a run ends: let the server answer them first.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await server.stop();
  await db.end();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

interface MailBody {
  text: string;
  html: string;
}

/**
 * The database's own pace for orders: what `placeOrder` asks of PostgreSQL for a one-line order (with the
 * order limits off, as in the shop's run), on a pool as large as the shop's, `seconds` long. Its two mails
 * are placeholders; with `shopWrites`, they carry the shop's own bodies and the transaction also counts
 * the mailbox quota and remembers the courier's address, as the shop's does.
 */
async function databaseOnlyOrders(
  url: string,
  productIds: number[],
  seconds: number,
  shopWrites: { placed: MailBody; staff: MailBody } | null,
): Promise<{ perSecond: number; p50: number; p99: number; done: number }> {
  const pool = postgres(url, { max: CONNECTIONS, onnotice: () => {} });
  const [user] = await pool<{ id: number }[]>`select id from users where email = ${ACCOUNT.email}`;
  const latencies: number[] = [];
  let next = 0;
  const one = async () => {
    const productId = productIds[next++ % productIds.length]!;
    const started = performance.now();
    await pool.begin(async (tx) => {
      await tx`select id from users where id = ${user!.id} for update`;
      const [offer] = await tx<{ price: string; name: string; slug: string; sku: string }[]>`
        select o.price::text as price, p.name, p.slug, p.sku from product_offers o join products p on p.id = o.product_id
        where o.country = 'kg' and o.product_id = ${productId} order by o.product_id for update of o`;
      await tx`update product_offers set quantity = quantity - 1, updated_at = now()
               where product_id = ${productId} and country = 'kg'`;
      const [{ id }] = await tx<{ id: number }[]>`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`;
      await tx`insert into orders (id, number, user_id, country, status, currency, total, goods_total, delivery_price,
                 contact_name, contact_phone, contact_email, delivery_method, delivery_city, delivery_address, payment_method)
               values (${id}, ${`KG-L${id}`}, ${user!.id}, 'kg', 'new', 'KGS', ${offer!.price}, ${offer!.price}, 250,
                 'Bench', '+996555123456', 'bench@example.kg', 'courier', 'Бишкек', 'ул. Киевская, 95', 'on_receipt')`;
      await tx`insert into order_lines (order_id, position, product_id, product_name, product_slug, sku, unit_price, quantity, line_total)
               values (${id}, 1, ${productId}, ${offer!.name}, ${offer!.slug}, ${offer!.sku}, ${offer!.price}, 1, ${offer!.price})`;
      await tx`insert into order_events (order_id, to_status, source, user_id) values (${id}, 'new', 'customer', ${user!.id})`;
      if (!shopWrites) {
        for (const to of ['bench@example.kg', 'staff@localhost'])
          await tx`insert into mail_outbox (kind, "to", subject, text, html, status)
                   values ('order_placed', ${to}, ${`Заказ KG-L${id} принят`}, 'text', '<p>html</p>', 'logged')`;
        return;
      }
      const hour = 3_600_000;
      const window = Math.floor(Date.now() / hour) * hour;
      await tx`insert into rate_limits (key, window_start, hits, expires_at)
               values (${`mailbox:email:${ACCOUNT.email}`}, ${new Date(window)}, 1, ${new Date(window + hour)})
               on conflict (key, window_start) do update set hits = rate_limits.hits + 1`;
      for (const [to, mail] of [
        [ACCOUNT.email, shopWrites.placed],
        ['staff@localhost', shopWrites.staff],
      ] as const)
        await tx`insert into mail_outbox (kind, "to", subject, text, html, status)
                 values ('order_placed', ${to}, ${`Заказ KG-L${id} принят`}, ${mail.text}, ${mail.html}, 'logged')`;
      await tx`insert into delivery_addresses (user_id, country, city, address) values (${user!.id}, 'kg', 'Бишкек', 'ул. Киевская, 95')
               on conflict (user_id, country, city, address) do update set last_used_at = now()`;
      await tx`delete from delivery_addresses where user_id = ${user!.id} and country = 'kg'
               and id not in (select id from delivery_addresses where user_id = ${user!.id} and country = 'kg'
                              order by last_used_at desc, id desc limit 10)`;
    });
    await pool`select pg_notify('shop_cache_invalidate', ${JSON.stringify({ from: 'bench', scope: 'catalog', products: [productId] })})`;
    latencies.push(performance.now() - started);
  };
  const run = async (ms: number) => {
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) await one();
      }),
    );
  };
  await run(2000);
  latencies.length = 0;
  const started = performance.now();
  await run(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return { perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), done: latencies.length };
}
