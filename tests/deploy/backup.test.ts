/**
 * Backups that restore (issue 35, item 9): a built shop in production mode gets a photo uploaded by staff,
 * an import that adds a product with that photo and one fetched by URL, and an order; `npm run backup`
 * runs while the shop answers requests; `npm run restore` puts the backup into a fresh database; a shop
 * started on it shows the same catalog, orders, import and photos (the same bytes). Both databases: a
 * PostgreSQL server of the tests' own (pg_dump) and the embedded one (through the running shop). The
 * refusals too: a damaged file, a database a shop is using, a database that holds data without --force.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../helpers/deploy/postgres.ts';
import {
  buildShop,
  createUser,
  freePorts,
  SHARED_SECRET,
  startShop,
  type ShopProcess,
} from '../helpers/deploy/shop.ts';
import { photo, startPhotoServer, type PhotoServer } from '../helpers/photo-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const STAFF = { email: 'manager@shop.test', password: 'Stock-Manager-2026' };
const CUSTOMER = { email: 'buyer@clinic.test', password: 'Composite-Filling-42' };
const SKU = 'BACKUP-CROWN-1';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm run backup` or `npm run restore` as an operator runs it, with the shop's environment. */
function runScript(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        JWT_SECRET: SHARED_SECRET,
        MAIL_OUTBOX_ONLY: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('close', (code) => resolve({ code, output }));
  });
}

async function json(origin: string, route: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const { token, ...rest } = init;
  const response = await fetch(`${origin}${route}`, {
    ...rest,
    headers: { ...(token && { Authorization: `Bearer ${token}` }), ...(rest.headers as Record<string, string>) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function login(origin: string, account: { email: string; password: string }): Promise<string> {
  const body = await json(origin, '/api/v1/accounts/auth/jwt/create/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  return body.access as string;
}

interface Filled {
  taskId: string;
  orderNumber: string;
}

/** What a backup must keep: a photo, an import with photos, an order. */
async function fillShop(origin: string, photos: PhotoServer): Promise<Filled> {
  const staff = await login(origin, STAFF);
  const customer = await login(origin, CUSTOMER);
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array(await photo(900, 600, '#c04a1e'))]), 'crown.png');
  const stored = await json(origin, '/api/v1/staff/media/', { method: 'POST', body: upload, token: staff });

  const { results } = await json(origin, '/api/v1/products/products/?country=kg&limit=50');
  const product = results.find((p: { quantity: number }) => p.quantity >= 5);
  const file = JSON.stringify({
    format: 'products@1',
    products: [
      {
        sku: SKU,
        name: 'Коронка циркониевая для проверки резервной копии',
        category: product.category.slug,
        images: [stored.url, photos.url('/photo/3a7bd5.png')],
      },
    ],
  });
  const form = new FormData();
  form.append('file', new Blob([file]), 'crowns.json');
  const { task_id: taskId } = await json(origin, '/api/v1/products/upload_products_json/', {
    method: 'POST',
    body: form,
    token: staff,
  });
  for (let i = 0; ; i += 1) {
    const task = await json(origin, `/api/v1/products/task_checking/?task_id=${taskId}`, { token: staff });
    if (task.status === 'SUCCESS') break;
    if (task.ready || i > 600) throw new Error(`The import ended ${task.status}: ${JSON.stringify(task)}`);
    await pause(100);
  }

  const order = await json(origin, '/api/v1/orders/order_create/', {
    method: 'POST',
    token: customer,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      country: 'kg',
      items: [{ product: product.id, quantity: 2 }],
      contact: { name: 'Айгуль Садыкова', phone: '+996 555 123 456' },
      delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Киевская, 95' },
      payment: { method: 'on_receipt' },
    }),
  });
  return { taskId, orderNumber: order.number };
}

interface Snapshot {
  catalog: unknown;
  product: { images: string[] } & Record<string, unknown>;
  orders: unknown;
  order: unknown;
  task: unknown;
  imports: unknown;
  /** The photos' bytes as served, by address. */
  photos: Map<string, Buffer>;
}

/** A page of the catalog with its products in the order of their ids (equal names may come in either order). */
function byId(page: { count: number; results: { id: number }[] }) {
  return { count: page.count, results: [...page.results].sort((a, b) => a.id - b.id) };
}

/** What the shop at `origin` shows of the catalog, the orders, the import and the photos. */
async function snapshot(origin: string, filled: Filled): Promise<Snapshot> {
  const staff = await login(origin, STAFF);
  const customer = await login(origin, CUSTOMER);
  const product = await json(origin, `/api/v1/staff/products/${SKU}/`, { token: staff });
  const photos = new Map<string, Buffer>();
  for (const image of product.images as string[]) {
    if (!image.startsWith('/media/')) continue;
    for (const size of ['320.webp', '1280.webp']) {
      const response = await fetch(`${origin}${image}/${size}`);
      expect(response.status, `${image}/${size}`).toBe(200);
      photos.set(`${image}/${size}`, Buffer.from(await response.arrayBuffer()));
    }
  }
  const imports = await json(origin, '/api/v1/staff/imports/', { token: staff });
  return {
    catalog: byId(await json(origin, '/api/v1/products/products/?country=kg&limit=100&ordering=name')),
    product,
    orders: await json(origin, '/api/v1/orders/order_list/', { token: customer }),
    order: await json(origin, `/api/v1/staff/orders/${filled.orderNumber}/`, { token: staff }),
    task: await json(origin, `/api/v1/products/task_checking/?task_id=${filled.taskId}`, { token: staff }),
    imports: (imports.results as { task_id: string }[]).filter((row) => row.task_id === filled.taskId),
    photos,
  };
}

function expectSameShop(after: Snapshot, before: Snapshot): void {
  expect(after.catalog).toEqual(before.catalog);
  expect(after.product).toEqual(before.product);
  expect(after.orders).toEqual(before.orders);
  expect(after.order).toEqual(before.order);
  expect(after.task).toEqual(before.task);
  expect(after.imports).toEqual(before.imports);
  expect(before.imports).toHaveLength(1);
  // The uploaded photo and the one the import fetched, in two sizes each.
  expect(before.photos.size).toBe(4);
  expect([...after.photos.keys()]).toEqual([...before.photos.keys()]);
  for (const [address, bytes] of before.photos) expect(after.photos.get(address)!.equals(bytes), address).toBe(true);
}

/**
 * Asks the shop for an uncached page and a staff list (the database read every time) every 50 ms until
 * stopped: how many answered, how many failed, the slowest.
 */
function keepAsking(origin: string, staffToken: string) {
  let stopped = false;
  const results: { ok: boolean; ms: number }[] = [];
  const loop = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const started = Date.now();
      const response = await fetch(
        i % 2 ? `${origin}/api/v1/staff/orders/` : `${origin}/kg/search/?q=${encodeURIComponent(`композит ${i}`)}`,
        i % 2 ? { headers: { Authorization: `Bearer ${staffToken}` } } : {},
      ).catch(() => null);
      await response?.arrayBuffer();
      results.push({ ok: response?.status === 200, ms: Date.now() - started });
      await pause(50);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return {
      answered: results.length,
      failed: results.filter((r) => !r.ok).length,
      slowestMs: Math.max(0, ...results.map((r) => r.ms)),
    };
  };
}

const backupIn = (dir: string, kind: 'postgres' | 'embedded') => {
  const names = readdirSync(dir).filter((name) => name.startsWith(`dental-shop-${kind}-`) && !name.endsWith('.sha256'));
  expect(names).toHaveLength(1);
  expect(existsSync(path.join(dir, `${names[0]}.sha256`))).toBe(true);
  // Every account and order is in it: for its owner only.
  expect(statSync(path.join(dir, names[0]!)).mode & 0o777).toBe(0o600);
  return path.join(dir, names[0]!);
};

describe.skipIf(postgresBinaries() === null)('a backup of a PostgreSQL database restores', () => {
  let pg: PrivatePostgres;
  let source: ShopProcess;
  let restored: ShopProcess | undefined;
  let photos: PhotoServer;
  let backupDir = '';
  let restoredUrl = '';
  let restoredPort = 0;

  beforeAll(async () => {
    buildShop();
    const [pgPort, sourcePort, otherPort] = await freePorts(3, 4780, 4799);
    restoredPort = otherPort!;
    pg = startPrivatePostgres(pgPort!);
    photos = await startPhotoServer();
    source = startShop(sourcePort!, pg.url, { MEDIA_FETCH_PRIVATE: 'true' });
    await source.ready();
    createUser(pg.url, STAFF.email, STAFF.password, ['--staff']);
    createUser(pg.url, CUSTOMER.email, CUSTOMER.password);
    backupDir = mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-backups-'));
    const url = new URL(pg.url);
    url.pathname = '/restored';
    restoredUrl = url.toString();
  });

  afterAll(async () => {
    for (const shop of [source, restored]) if (shop && shop.child.exitCode === null) shop.child.kill('SIGKILL');
    await photos?.close();
    pg?.destroy();
    rmSync(backupDir, { recursive: true, force: true });
  });

  it('backed up while the shop serves, restored into a fresh database: the same catalog, orders, import and photos', async () => {
    const origin = `http://127.0.0.1:${source.port}`;
    const filled = await fillShop(origin, photos);
    const before = await snapshot(origin, filled);

    const asking = keepAsking(origin, await login(origin, STAFF));
    const started = Date.now();
    const backup = await runScript('backup', [], { DATABASE_URL: pg.url, BACKUP_DIR: backupDir });
    const backupMs = Date.now() - started;
    const traffic = await asking();
    expect(backup.code, backup.output).toBe(0);
    expect(traffic.failed).toBe(0);
    console.log(
      `figure: PostgreSQL backup while the shop served: ${backupMs} ms; ${traffic.answered} requests meanwhile, none failed, slowest ${traffic.slowestMs} ms`,
    );
    const file = backupIn(backupDir, 'postgres');

    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin`create database restored`;
    await admin.end();
    const restore = await runScript('restore', [file], { DATABASE_URL: restoredUrl });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/SHA-256 matches/);

    restored = startShop(restoredPort, restoredUrl, { MEDIA_FETCH_PRIVATE: 'true' });
    await restored.ready();
    expectSameShop(await snapshot(`http://127.0.0.1:${restoredPort}`, filled), before);
  }, 600_000);

  it('refuses a damaged file, a database a shop is connected to, and one that holds data without --force', async () => {
    const file = backupIn(backupDir, 'postgres');
    const damaged = path.join(backupDir, 'damaged.dump');
    copyFileSync(file, damaged);
    copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    truncateSync(damaged, 4000);
    const refusedDamaged = await runScript('restore', [damaged], { DATABASE_URL: restoredUrl });
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.output).toMatch(/is damaged/);

    const refusedInUse = await runScript('restore', [file, '--force'], { DATABASE_URL: pg.url });
    expect(refusedInUse.code).toBe(1);
    expect(refusedInUse.output).toMatch(/connections of shop processes are open/);

    restored!.child.kill('SIGTERM');
    await restored!.exited;
    const refusedFull = await runScript('restore', [file], { DATABASE_URL: restoredUrl });
    expect(refusedFull.code).toBe(1);
    expect(refusedFull.output).toMatch(/Run again with --force/);
    // With --force it replaces them, in one transaction.
    const forced = await runScript('restore', ['--force', file], { DATABASE_URL: restoredUrl });
    expect(forced.code, forced.output).toBe(0);
    const sql = postgres(restoredUrl, { max: 1, onnotice: () => {} });
    const [{ count }] = (await sql`select count(*)::int as count from products where sku = ${SKU}`) as unknown as [
      { count: number },
    ];
    await sql.end();
    expect(count).toBe(1);
  }, 300_000);
});

describe('a backup of the embedded database restores', () => {
  let source: ShopProcess;
  let restored: ShopProcess | undefined;
  let photos: PhotoServer;
  const dirs = {
    source: mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-embedded-')),
    restored: mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-embedded-')),
    backups: mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-backups-')),
  };
  let restoredPort = 0;

  beforeAll(async () => {
    buildShop();
    const [sourcePort, otherPort] = await freePorts(2, 4780, 4799);
    restoredPort = otherPort!;
    photos = await startPhotoServer();
    // Production seeds no demo accounts; the shop cannot be running while another process opens its database.
    createUser('', STAFF.email, STAFF.password, ['--staff'], { DATA_DIR: dirs.source });
    createUser('', CUSTOMER.email, CUSTOMER.password, [], { DATA_DIR: dirs.source });
    source = startShop(sourcePort!, '', { DATA_DIR: dirs.source, MEDIA_FETCH_PRIVATE: 'true' });
    await source.ready();
  });

  afterAll(async () => {
    for (const shop of [source, restored]) if (shop && shop.child.exitCode === null) shop.child.kill('SIGKILL');
    await photos?.close();
    for (const dir of Object.values(dirs)) rmSync(dir, { recursive: true, force: true });
  });

  it('backed up through the running shop, restored into an empty DATA_DIR: the same catalog, orders, import and photos', async () => {
    const origin = `http://127.0.0.1:${source.port}`;
    const filled = await fillShop(origin, photos);
    const before = await snapshot(origin, filled);

    const asking = keepAsking(origin, await login(origin, STAFF));
    const started = Date.now();
    const backup = await runScript('backup', [], { DATA_DIR: dirs.source, BACKUP_DIR: dirs.backups });
    const backupMs = Date.now() - started;
    const traffic = await asking();
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/through the running shop/);
    expect(traffic.failed).toBe(0);
    const held = /held its database (\d+) ms and wrote the file in (\d+) ms/.exec(backup.output);
    console.log(
      `figure: embedded backup through the running shop: ${backupMs} ms in all, the shop held its database ${held?.[1]} ms and wrote the file in ${held?.[2]} ms; ${traffic.answered} requests meanwhile, none failed, slowest ${traffic.slowestMs} ms`,
    );
    const file = backupIn(dirs.backups, 'embedded');

    // The shop has its database open: a restore into it is refused, whatever the flags.
    const refusedInUse = await runScript('restore', ['--force', file], { DATA_DIR: dirs.source });
    expect(refusedInUse.code).toBe(1);
    expect(refusedInUse.output).toMatch(/is open in the shop process/);

    const restore = await runScript('restore', [file], { DATA_DIR: dirs.restored });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/SHA-256 matches/);
    const again = await runScript('restore', [file], { DATA_DIR: dirs.restored });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already holds a database/);

    restored = startShop(restoredPort, '', { DATA_DIR: dirs.restored, MEDIA_FETCH_PRIVATE: 'true' });
    await restored.ready();
    expectSameShop(await snapshot(`http://127.0.0.1:${restoredPort}`, filled), before);
  }, 900_000);

  it('refuses a damaged file before touching anything', async () => {
    const file = backupIn(dirs.backups, 'embedded');
    const damaged = path.join(dirs.backups, 'damaged.tar.gz');
    copyFileSync(file, damaged);
    truncateSync(damaged, 100_000);
    const empty = mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-embedded-'));
    try {
      const refused = await runScript('restore', [damaged], { DATA_DIR: empty });
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(/damaged or truncated/);
      expect(existsSync(path.join(empty, 'pglite', 'PG_VERSION'))).toBe(false);
      // A copy whose checksum does not match is refused by it.
      writeFileSync(`${damaged}.sha256`, `${'0'.repeat(64)}  damaged.tar.gz\n`);
      expect((await runScript('restore', [damaged], { DATA_DIR: empty })).output).toMatch(/is damaged: its SHA-256/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  }, 120_000);
});
