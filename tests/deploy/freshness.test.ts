/**
 * Kept answers follow the catalog across processes (issue 35, item 2): two shop processes behind nginx
 * on one PostgreSQL; each kind of change is made through one process while the other keeps the product's
 * page, its listing and its API answer, and the other's answers show the change within a second: an
 * order, its cancellation, a stock import, a hand edit of a price. The times are printed as `figure:`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxInstalled, startNginx, type RunningNginx } from '../helpers/deploy/nginx.ts';
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from '../helpers/deploy/postgres.ts';
import { buildShop, createUser, freePorts, startShop, type ShopProcess } from '../helpers/deploy/shop.ts';

const CUSTOMER = { email: 'buyer@clinic.test', password: 'Composite-Filling-42' };
const STAFF = { email: 'manager@shop.test', password: 'Stock-Manager-2026' };
const available = nginxInstalled() && postgresBinaries() !== null;
const FOLLOW_MS = 1000;

interface Product {
  id: number;
  slug: string;
  sku: string;
  quantity: number;
  price: string;
  category: { slug: string };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!available)('kept pages and answers follow every kind of catalog change in every process', () => {
  let pg: PrivatePostgres;
  let shops: ShopProcess[] = [];
  let nginx: RunningNginx;
  let writer: ShopProcess;
  let reader: ShopProcess;
  let product: Product;
  let customer = '';
  let staff = '';
  let pickupPoint = 0;

  const at = (shop: ShopProcess, path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${shop.port}${path}`, init);

  async function token(account: { email: string; password: string }, ip: string): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${nginx.port}/api/v1/accounts/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(account),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access: string }).access;
  }

  /** What the reader's product page says of the stock, and whether it came from its cache. */
  async function pageStock(): Promise<{ quantity: number; cache: string | null }> {
    const response = await at(reader, `/kg/product/${product.slug}/`);
    const html = await response.text();
    const match = /В наличии в Кыргызстане: ([\d\s\u00a0]+) шт/.exec(html);
    return { quantity: match ? Number(match[1]!.replace(/\D/g, '')) : 0, cache: response.headers.get('x-cache') };
  }

  async function apiProduct(): Promise<Product> {
    return (await (await at(reader, `/api/v1/products/products/${product.slug}/?country=kg`)).json()) as Product;
  }

  /** Reads the reader's answers until they show `expected`; the time it took, or a failure after FOLLOW_MS. */
  async function followed(check: () => Promise<boolean>, what: string): Promise<number> {
    const started = Date.now();
    while (Date.now() - started <= FOLLOW_MS) {
      if (await check()) return Date.now() - started;
      await pause(50);
    }
    throw new Error(`${what} did not follow within ${FOLLOW_MS} ms`);
  }

  /** Fills the reader's caches with the product's page, listing and answer, and checks they are kept. */
  async function warm(): Promise<void> {
    for (let i = 0; i < 2; i += 1) {
      await at(reader, `/kg/product/${product.slug}/`);
      await at(reader, `/kg/catalog/${product.category.slug}/`);
      await at(reader, `/api/v1/products/products/${product.slug}/?country=kg`);
    }
    expect((await pageStock()).cache).toBe('HIT');
  }

  beforeAll(async () => {
    buildShop();
    const [pgPort, nginxPort, portA, portB] = await freePorts(4, 4760, 4779);
    pg = startPrivatePostgres(pgPort!);
    shops = [startShop(portA!, pg.url), startShop(portB!, pg.url)];
    await Promise.all(shops.map((shop) => shop.ready()));
    [writer, reader] = shops as [ShopProcess, ShopProcess];
    nginx = await startNginx(nginxPort!, [portA!, portB!]);
    createUser(pg.url, CUSTOMER.email, CUSTOMER.password);
    createUser(pg.url, STAFF.email, STAFF.password, ['--staff']);
    customer = await token(CUSTOMER, '198.51.100.21');
    staff = await token(STAFF, '198.51.100.22');
    const list = (await (await at(writer, '/api/v1/products/products/?country=kg&limit=50')).json()) as {
      results: Product[];
    };
    product = list.results.find((p) => p.quantity >= 20)!;
    const contacts = (await (await at(writer, '/api/v1/core/contacts/?country=kg')).json()) as {
      results: { id: number }[];
    };
    pickupPoint = contacts.results[0]!.id;
  });

  afterAll(async () => {
    for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
    nginx?.stop();
    pg?.destroy();
  });

  let orderNumber = '';

  it('an order placed through one process: the other’s kept page and answer show the new stock', async () => {
    await warm();
    const before = (await pageStock()).quantity;
    const placed = await at(writer, '/api/v1/orders/order_create/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        country: 'kg',
        items: [{ product: product.id, quantity: 3 }],
        contact: { name: 'Айгуль Асанова', phone: '+996700112233' },
        delivery: { method: 'pickup', pickup_point: pickupPoint },
        payment: { method: 'on_receipt' },
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    orderNumber = ((await placed.json()) as { number: string }).number;
    const ms = await followed(async () => (await pageStock()).quantity === before - 3, 'the page after an order');
    expect((await apiProduct()).quantity).toBe(before - 3);
    console.log(`figure: the other process's product page followed an order in ${ms} ms`);
  });

  it('its cancellation gives the stock back on the other process’s page too', async () => {
    await warm();
    const before = (await pageStock()).quantity;
    const cancelled = await at(writer, `/api/v1/orders/order_list/${orderNumber}/cancel/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer}` },
    });
    expect(cancelled.status).toBe(200);
    const ms = await followed(async () => (await pageStock()).quantity === before + 3, 'the page after a cancellation');
    console.log(`figure: the other process's product page followed a cancellation in ${ms} ms`);
  });

  it('a stock import run by one process: the other’s kept page and answer show the imported stock', async () => {
    await warm();
    const target = (await pageStock()).quantity + 7;
    const form = new FormData();
    form.append('file', new Blob([`артикул;количество\r\n${product.sku};${target}\r\n`]), 'stock.csv');
    form.append('country', 'kg');
    const started = await at(writer, '/api/v1/products/products_availability_load_csv/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff}` },
      body: form,
    });
    expect(started.status).toBe(202);
    const { task_id: taskId } = (await started.json()) as { task_id: string };
    for (let i = 0; i < 200; i += 1) {
      const task = (await (
        await at(writer, `/api/v1/products/task_checking/?task_id=${taskId}`, {
          headers: { Authorization: `Bearer ${staff}` },
        })
      ).json()) as { status: string };
      if (task.status === 'SUCCESS') break;
      expect(task.status).not.toBe('FAILURE');
      await pause(100);
    }
    const ms = await followed(async () => (await pageStock()).quantity === target, 'the page after a stock import');
    expect((await apiProduct()).quantity).toBe(target);
    console.log(`figure: the other process's product page followed a stock import in ${ms} ms`);
  });

  it('a price changed by hand: the other’s product page and category listing show it', async () => {
    await warm();
    const price = (Math.round(Number((await apiProduct()).price)) + 111).toFixed(2);
    const edited = await at(writer, `/api/v1/products/products_availability/${encodeURIComponent(product.sku)}/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ country: 'kg', price }),
    });
    expect(edited.status).toBe(200);
    const shown = new Intl.NumberFormat('ru-RU').format(Number(price)).replace(/\s/g, '\u00a0');
    const ms = await followed(async () => {
      const [page, listing] = await Promise.all([
        at(reader, `/kg/product/${product.slug}/`).then((r) => r.text()),
        at(reader, `/kg/catalog/${product.category.slug}/`).then((r) => r.text()),
      ]);
      return page.includes(shown) && listing.includes(shown);
    }, 'the page and listing after a price edit');
    expect((await apiProduct()).price).toBe(price);
    console.log(`figure: the other process's product page and listing followed a price edit in ${ms} ms`);
  });
});
