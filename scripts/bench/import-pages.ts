/**
 * `npm run bench` (after the imports): the embedded shop's pages while a 20 MB import is processed
 * (issue 35, item 5: goal p99 under 500 ms).
 *
 * A fresh embedded database (`.bench-data/import-pages`, the demo catalog), the shop started on it with
 * its response cache off, so that every page is rendered and reads the database. Four clients ask for
 * pages one after another (home, a category, a product, a search), first for `BASELINE_S` seconds with
 * nothing else running, then from the moment staff start uploading a 20 MB products file (4,000 new
 * products with long descriptions, JSON) until its task has ended. Latency of each page answer: p50, p99,
 * max; failures. Writes `bench-results/import-pages.json`; `summary.ts` puts it against the goal. The
 * server's log is `bench-results/logs/import-pages-server.log` (`BENCH_LOG_LEVEL=debug` shows each step).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess, waitUntilReady } from './processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = 4414;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };
const CLIENTS = 4;
const BASELINE_S = 15;
const FILE_BYTES = 20 * 1024 * 1024;
const PRODUCTS = 4000;
/** Longer than any import of this size should take; the measurement stops there. */
const IMPORT_TIMEOUT_MS = 20 * 60_000;
const PAGES_P99_GOAL_MS = 500;

export interface ImportPagesResult {
  at: string;
  file_mb: number;
  rows: number;
  import_seconds: number;
  /** When the upload's 202 came, from the start of the upload. */
  upload_answered_s: number;
  import_status: string;
  clients: number;
  goal_p99_ms: number;
  baseline: Latencies;
  during: Latencies;
}

export interface Latencies {
  requests: number;
  /** When the slowest request was sent, from the start of the measurement (for the import: of the upload). */
  slowest_sent_s: number;
  failed: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

function latencies(samples: Sample[], since: number): Latencies {
  const slowest = samples.reduce<Sample | undefined>((worst, s) => (worst && worst.ms >= s.ms ? worst : s), undefined);
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    requests: samples.length,
    slowest_sent_s: Number((((slowest?.sent ?? since) - since) / 1000).toFixed(1)),
    failed: samples.filter((s) => !s.ok).length,
    p50_ms: Math.round(at(0.5)),
    p99_ms: Math.round(at(0.99)),
    max_ms: Math.round(sorted.at(-1) ?? 0),
  };
}

interface Sample {
  sent: number;
  ms: number;
  ok: boolean;
}

/** `CLIENTS` clients asking for `pages` in turn until `stop()`; answers every request's latency. */
function askPages(pages: string[]) {
  let stopped = false;
  const since = performance.now();
  const samples: Sample[] = [];
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let i = client; !stopped; i += 1) {
      const started = performance.now();
      let ok = false;
      try {
        const response = await fetch(`${ORIGIN}${pages[i % pages.length]}`, { signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
        ok = response.status === 200;
      } catch {
        // A timeout or a reset: a failure.
      }
      samples.push({ sent: started, ms: performance.now() - started, ok });
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(clients);
    return latencies(samples, since);
  };
}

function productsFile(category: string): Buffer {
  const paragraph =
    'Нанонаполненный светоотверждаемый композит для прямых реставраций жевательной и фронтальной групп зубов. ';
  const description = `<p>${paragraph.repeat(Math.ceil(FILE_BYTES / PRODUCTS / Buffer.byteLength(paragraph)))}</p>`;
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    sku: `IMPORT-PAGES-${String(i).padStart(5, '0')}`,
    name: `Композит светоотверждаемый, оттенок A${(i % 4) + 1}, шприц ${i}`,
    category,
    description,
  }));
  return Buffer.from(JSON.stringify({ format: 'products@1', products }));
}

const dataDir = path.join(root, '.bench-data', 'import-pages');
rmSync(dataDir, { recursive: true, force: true });
const logDir = path.join(root, 'bench-results', 'logs');
const server = startProcess(
  'import-pages-server',
  [path.join(root, 'scripts/start.ts')],
  {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SITE_URL: ORIGIN,
    RESPONSE_CACHE_MB: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  },
  path.join(logDir, 'import-pages-server.log'),
  root,
);

try {
  await waitUntilReady(server, `${ORIGIN}/kg/`, 10 * 60_000);
  server.echo = false;
  const login = await fetch(`${ORIGIN}/api/v1/accounts/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(STAFF),
  });
  const { access } = (await login.json()) as { access: string };
  const list = (await (await fetch(`${ORIGIN}/api/v1/products/products/?country=kg&limit=1`)).json()) as {
    results: { slug: string; category: { slug: string } }[];
  };
  const product = list.results[0]!;
  const pages = [
    '/kg/',
    `/kg/catalog/${product.category.slug}/`,
    `/kg/product/${product.slug}/`,
    `/kg/search/?q=${encodeURIComponent('композит')}`,
  ];
  const file = productsFile(product.category.slug);

  const baselineDone = askPages(pages);
  await new Promise((resolve) => setTimeout(resolve, BASELINE_S * 1000));
  const baseline = await baselineDone();

  const duringDone = askPages(pages);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'products.json');
  const upload = await fetch(`${ORIGIN}/api/v1/products/upload_products_json/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}` },
    body: form,
  });
  const uploaded = (await upload.json()) as { task_id?: string };
  const uploadAnswered = (performance.now() - started) / 1000;
  if (!uploaded.task_id) throw new Error(`The upload answered ${upload.status}: ${JSON.stringify(uploaded)}`);
  let status = 'not finished';
  while (performance.now() - started < IMPORT_TIMEOUT_MS) {
    const answer = await fetch(`${ORIGIN}/api/v1/products/task_checking/?task_id=${uploaded.task_id}`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    const task = (await answer.json()) as {
      status: string;
      ready: boolean;
      counts: { created: number; errors: number };
    };
    if (task.ready) {
      status = `${task.status}, ${task.counts.created} created${task.counts.errors ? `, ${task.counts.errors} errors` : ''}`;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const importSeconds = (performance.now() - started) / 1000;
  const during = await duringDone();

  const result: ImportPagesResult = {
    at: new Date().toISOString(),
    file_mb: Number((file.length / 1024 / 1024).toFixed(1)),
    rows: PRODUCTS,
    import_seconds: Number(importSeconds.toFixed(1)),
    upload_answered_s: Number(uploadAnswered.toFixed(1)),
    import_status: status,
    clients: CLIENTS,
    goal_p99_ms: PAGES_P99_GOAL_MS,
    baseline,
    during,
  };
  console.log('\n## Pages while a 20 MB import runs (embedded database, response cache off)\n');
  console.log(
    `Import: ${result.file_mb} MB, ${PRODUCTS} products, upload answered after ${result.upload_answered_s} s, ended after ${result.import_seconds} s, ${status}.\n`,
  );
  console.log('| when | pages answered | failed | p50 | p99 | max | the slowest sent at |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [when, l] of [
    ['idle', baseline],
    ['during the import', during],
  ] as const)
    console.log(
      `| ${when} | ${l.requests} | ${l.failed} | ${l.p50_ms} ms | ${l.p99_ms} ms | ${l.max_ms} ms | ${l.slowest_sent_s} s |`,
    );
  mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  writeFileSync(path.join(root, 'bench-results', 'import-pages.json'), JSON.stringify(result, null, 2));
} finally {
  await server.stop();
}
