/**
 * `npm run bench`: load and page-weight figures of the built shop, on the demo catalog and on a
 * generated 20,000-product catalog (DESIGN.md, "Budgets"). Budgets are reported, not enforced: the
 * exit code is non-zero only when the bench itself fails (the server does not start, requests fail).
 *
 * Each scenario gets a fresh embedded database in `.bench-data/<scenario>` and its own server process
 * (`scripts/start.ts`, through `scripts/bench/serve.ts`; it builds when the build is stale), then
 * autocannon loads each target (API list, list with facets, search, product detail; home, category,
 * product and search pages; a signed-in call) with a browser's `Accept-Encoding`, warm, at each number
 * of connections. Right after each shop run the same load goes to the limit: a bare Node.js server
 * (`scripts/bench/limit-server.ts`) answering the very bytes the shop answered for that target. The
 * ratio shop ÷ limit is the figure to read; absolute numbers on a shared machine mean little.
 * "Cold" is the first request after every cache was emptied (`POST /api/v1/staff/cache/invalidate/`),
 * repeated `--cold` times. Results: Markdown on stdout, JSON in `bench-results/latest.json`.
 *
 * Options: `--scenario demo|20k|100k` (repeatable; default all three; the 100k catalog is seeded once into
 * `.bench-data/seeded-100k` and reused), `--duration <s>` (measured seconds per
 * run, default 8), `--connections <n,n>` (default 10,50), `--cold <n>` (default 10), `--products <n>`
 * (large catalog, default 20000), `--no-response-cache` (the shop without its response cache, to compare),
 * `--js-only` (only the JavaScript weight per page and the back office's start, on the demo catalog unless
 * `--scenario` says otherwise: no load, no cold figures), `--staff-runs <n>` (cold starts of the back office
 * in a browser with a 4× slower CPU, default 5, 0 skips them; `staff-start.ts`), `--port <n>` (the shop's
 * port, default 4410; the limit server takes the next one).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TOKEN_COOKIE } from '../../src/shared/session-cookies.ts';
import { encodeSpecifications } from '../../src/shared/specifications.ts';
import { measurePageJs, type PageJs } from './js-weight.ts';
import { measureStaffStart, SIGN_IN_GOAL_MS, type StaffStartResult } from './staff-start.ts';
import { capture, type Captured } from './capture.ts';
import { SEARCH_QUERIES } from './search-queries.ts';
import { measure, warmUp, type LoadOptions, type LoadResult } from './load.ts';
import {
  portInUse,
  residentMemory,
  runToEnd,
  startProcess,
  waitUntilReady,
  type Proc,
  type ResidentMemory,
} from './processes.ts';
import {
  coldSummary,
  coldTable,
  comparisonTable,
  jsTable,
  pairOf,
  staffStartTable,
  pairTable,
  type ColdResult,
  type LoadPair,
  type P99Comparison,
} from './report.ts';

const root = path.resolve(import.meta.dirname, '../..');
process.chdir(root);

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', multiple: true },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10,50' },
    cold: { type: 'string', default: '10' },
    products: { type: 'string', default: '20000' },
    'no-response-cache': { type: 'boolean', default: false },
    'js-only': { type: 'boolean', default: false },
    'staff-runs': { type: 'string', default: '5' },
    port: { type: 'string', default: '4410' },
  },
});

const JS_ONLY = args['js-only'];
const STAFF_RUNS = Number(args['staff-runs']);
const PORT = Number(args.port);
const HOST = '127.0.0.1';
const ORIGIN = `http://${HOST}:${PORT}`;
const BENCH_DATA = path.join(root, '.bench-data');
const RESULTS_DIR = path.join(root, 'bench-results');
const LARGE_PRODUCTS = Number(args.products);
const CONNECTIONS = args.connections
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const load: LoadOptions = {
  connections: CONNECTIONS[0] ?? 10,
  warmupSeconds: 2,
  durationSeconds: Number(args.duration),
};
const COLD_REPEATS = Number(args.cold);
const LIMIT_PORT = PORT + 1;
/** What browsers send; API clients in browsers too. */
const BROWSER_ENCODING = { 'Accept-Encoding': 'gzip, deflate, br' };
const SEARCH_WORD = 'композит';
const SEARCH_TYPO = 'кампозит';
const READY_TIMEOUT_MS = 5 * 60_000;
/** A target whose errors and non-2xx answers exceed this share of its requests fails the bench. */
const FAILURE_SHARE = 0.01;

// Content pages ≤ 20 kB of gzipped JavaScript, catalog and product pages ≤ 90 kB (DESIGN.md, "Budgets").
const CONTENT_BUDGET = 20_000;
const CATALOG_BUDGET = 90_000;
// The back office's first screen, the sign-in form, ≤ 200 kB (issue 33): react-admin loads after it.
const STAFF_FIRST_SCREEN_BUDGET = 200_000;
/** The back office's start is measured with the CPU this many times slower (Chrome's CPU throttling). */
const STAFF_CPU_SLOWDOWN = 4;

interface ScenarioDef {
  name: string;
  dataDir: string;
  products: number | null;
  /**
   * A seeded copy kept between runs (seeding takes minutes at this size): seeded there once, then copied
   * for each run, which changes its copy (the bench account, emptied caches).
   */
  seedCache?: string;
}

const allScenarios: ScenarioDef[] = [
  { name: 'demo', dataDir: path.join(BENCH_DATA, 'demo'), products: null },
  { name: '20k', dataDir: path.join(BENCH_DATA, 'large'), products: LARGE_PRODUCTS },
  {
    name: '100k',
    dataDir: path.join(BENCH_DATA, '100k'),
    products: 100_000,
    seedCache: path.join(BENCH_DATA, 'seeded-100k'),
  },
];
const wanted = args.scenario ?? (JS_ONLY ? ['demo'] : allScenarios.map((s) => s.name));
const scenarios = allScenarios.filter((s) => wanted.includes(s.name));
if (scenarios.length === 0) {
  console.error(`Unknown --scenario ${wanted.join(', ')}; use ${allScenarios.map((s) => s.name).join(' or ')}.`);
  process.exit(2);
}

/** The account the bench signs in with (staff: it empties the caches for the cold figures), created with `npm run user:create` before the server starts. */
const BENCH_ACCOUNT = { email: 'bench@dental.test', password: 'Bench-Account-2026' };

interface Picks {
  top_category: { slug: string; name: string; products: number };
  product: string;
  specification: { slug: string; value: string; param: string } | null;
  search: { word: string; products: number };
  typo: { word: string; products: number };
  catalog_products: number;
}

interface ScenarioResult {
  name: string;
  catalog_products?: number;
  startup_ms?: number;
  seed_ms?: number;
  /** Cold API searches over `SEARCH_QUERIES`, each after every cache was emptied. */
  search_set?: SearchSetResult;
  /** The shop process's memory once it has answered a search (its search index built), and after the load. */
  memory?: { started: ResidentMemory; after_load?: ResidentMemory };
  picks?: Picks;
  load: (LoadResult & { connections: number; limit?: boolean })[];
  /** The same load on the shop and on the limit, per target and number of connections. */
  pairs: LoadPair[];
  cold: ColdResult[];
  js?: PageJs[];
  staff_start?: StaffStartResult;
  failures: string[];
}

// The server needs no secret from the person running the bench; an ephemeral one keeps production mode
// happy, and the bench sends no mail (MAIL_OUTBOX_ONLY lets production start without SMTP_URL).
const serverEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  MAIL_OUTBOX_ONLY: 'true',
  PORT: String(PORT),
  HOST,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  SITE_URL: ORIGIN,
  JWT_SECRET: process.env.JWT_SECRET || randomBytes(48).toString('base64url'),
  ...(args['no-response-cache'] ? { RESPONSE_CACHE_MB: '0' } : {}),
});

// ---------------------------------------------------------------------------------------------

const qs = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

const LIST = '/api/v1/products/products/';

async function getJson<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(ORIGIN + pathAndQuery, { signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${pathAndQuery}: HTTP ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

interface ListAnswer {
  count: number;
  results: { slug: string }[];
  facets?: { specifications: { slug: string; values: { value: string; count: number }[] }[] };
}

/** Real slugs of this catalog: the biggest top-level category, a product, a specification value. */
async function pick(): Promise<Picks> {
  const base = { country: 'kg', is_active: 'true' };
  const tree = await getJson<{ slug: string; name: string }[]>('/api/v1/products/categories/');
  if (tree.length === 0) throw new Error('The category tree is empty.');
  let top = { slug: '', name: '', products: -1 };
  for (const node of tree) {
    const { count } = await getJson<ListAnswer>(`${LIST}?${qs({ ...base, category: node.slug, limit: 1 })}`);
    if (count > top.products) top = { slug: node.slug, name: node.name, products: count };
  }
  const all = await getJson<ListAnswer>(`${LIST}?${qs({ ...base, limit: 1 })}`);
  if (all.results.length === 0) throw new Error('The product list is empty.');
  const withFacets = await getJson<ListAnswer>(
    `${LIST}?${qs({ ...base, category: top.slug, facets: 'true', limit: 1 })}`,
  );
  const spec = withFacets.facets?.specifications.find((s) => s.values.length > 0);
  const count = async (search: string) =>
    (await getJson<ListAnswer>(`${LIST}?${qs({ ...base, search, limit: 1 })}`)).count;
  return {
    top_category: top,
    product: all.results[0].slug,
    specification: spec
      ? {
          slug: spec.slug,
          value: spec.values[0].value,
          param: encodeSpecifications({ [spec.slug]: [spec.values[0].value] }),
        }
      : null,
    search: { word: SEARCH_WORD, products: await count(SEARCH_WORD) },
    typo: { word: SEARCH_TYPO, products: await count(SEARCH_TYPO) },
    catalog_products: all.count,
  };
}

/**
 * Waits until the requests autocannon abandoned at the end of a run have been served: the embedded
 * database runs one query at a time, so one more query returns only after the backlog. Without
 * this a slow target would slow down the next one.
 */
async function drain(): Promise<void> {
  const response = await fetch(`${ORIGIN}${LIST}?${qs({ country: 'kg', limit: 1 })}`, {
    signal: AbortSignal.timeout(180_000),
  });
  await response.arrayBuffer();
}

/** An access token of the bench account, for the signed-in targets. */
async function signIn(): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/v1/accounts/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(BENCH_ACCOUNT),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { access?: string };
  if (response.status !== 200 || !body.access)
    throw new Error(`Signing in the bench account: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.access;
}

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Personal answers are never cached; their cold figure is their every figure. */
  personal?: boolean;
}

/**
 * Makes the bench account a member (owner) of a clinic of kg with a price list (5 % overall, 10 % off the
 * top category's products), through the API as a customer and staff would: its pages then show contract
 * prices, rendered for it on every request (issue 37). Once per scenario's database.
 */
async function becomeClinicMember(access: string, p: Picks): Promise<void> {
  const call = async (path: string, method: string, body: unknown) => {
    const response = await fetch(`${ORIGIN}/api/v1${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json()) as { id?: number };
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const clinics = await fetch(`${ORIGIN}/api/v1/clinics/`, { headers: { Authorization: `Bearer ${access}` } });
  if (((await clinics.json()) as unknown[]).length > 0) return;
  const clinic = await call('/clinics/', 'POST', { country: 'kg', name: 'Бенч-клиника', tax_number: '01234567890123' });
  const list = await call('/staff/price_lists/', 'POST', {
    name: `Бенч ${Date.now()}`,
    country: 'kg',
    rules: [
      { scope: 'all', percent: '5' },
      { scope: 'category', category: p.top_category.slug, percent: '10' },
    ],
  });
  await call(`/staff/clinics/${clinic.id}/`, 'PATCH', { price_list: list.id });
}

function targets(p: Picks, access: string): Target[] {
  const list = { country: 'kg', is_active: 'true', limit: 24 };
  const member = { Cookie: `${TOKEN_COOKIE}=${access}` };
  return [
    { name: 'API list', path: `${LIST}?${qs(list)}` },
    { name: 'API list with facets', path: `${LIST}?${qs({ ...list, category: p.top_category.slug, facets: 'true' })}` },
    { name: 'API search', path: `${LIST}?${qs({ ...list, search: p.search.word })}` },
    { name: 'API product detail', path: `${LIST}${encodeURIComponent(p.product)}/?country=kg` },
    { name: 'home page', path: '/kg/' },
    { name: 'category page', path: `/kg/catalog/${encodeURIComponent(p.top_category.slug)}/` },
    { name: 'product page', path: `/kg/product/${encodeURIComponent(p.product)}/` },
    { name: 'search page', path: `/kg/search/?q=${encodeURIComponent(p.typo.word)}` },
    // A clinic member's pages: never from the response cache, each rendered with the clinic's prices (issue 37:
    // within 2× of a visitor's cold render).
    {
      name: 'category page, clinic member',
      path: `/kg/catalog/${encodeURIComponent(p.top_category.slug)}/`,
      headers: member,
    },
    { name: 'product page, clinic member', path: `/kg/product/${encodeURIComponent(p.product)}/`, headers: member },
    // Every signed-in call verifies the token and reads the account: this is that cost on its own.
    {
      name: 'API users/me signed in',
      path: '/api/v1/accounts/auth/users/me/',
      headers: { Authorization: `Bearer ${access}` },
      personal: true,
    },
  ];
}

/** Empties every cache of the shop, as a staff upload would. */
async function invalidate(access: string): Promise<void> {
  const response = await fetch(`${ORIGIN}/api/v1/staff/cache/invalidate/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`POST /api/v1/staff/cache/invalidate/ answered ${response.status}`);
}

/** The first request after an invalidation, `repeats` times: milliseconds each. */
async function coldLatencies(target: Target, access: string, repeats: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    await invalidate(access);
    const t0 = performance.now();
    const response = await fetch(ORIGIN + target.path, {
      headers: { ...BROWSER_ENCODING, ...target.headers },
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (response.status !== 200) throw new Error(`cold ${target.path} answered ${response.status}`);
  }
  return times;
}

async function firstSlug(listPath: string): Promise<string> {
  const page = await getJson<{ results: { slug: string }[] }>(`/api/v1${listPath}`);
  if (!page.results[0]) throw new Error(`${listPath} lists nothing to measure`);
  return page.results[0].slug;
}

async function measureJs(p: Picks, access: string): Promise<PageJs[]> {
  const signedIn = { Cookie: `${TOKEN_COOKIE}=${access}` };
  const [news, article, course, vacancy] = await Promise.all([
    firstSlug('/seo/news/?limit=1'),
    firstSlug('/seo/articles/?limit=1'),
    firstSlug('/services/courses/?limit=1'),
    firstSlug('/services/vacancies/?limit=1'),
  ]);
  const pages: [string, string, number | null, Record<string, string>?][] = [
    // Every shop page within the 90 kB budget, content pages within 20 kB (issue 9).
    ['home', '/kg/', CATALOG_BUDGET],
    ['catalog', `/kg/catalog/${encodeURIComponent(p.top_category.slug)}/`, CATALOG_BUDGET],
    ['product', `/kg/product/${encodeURIComponent(p.product)}/`, CATALOG_BUDGET],
    ['search', `/kg/search/?q=${encodeURIComponent(p.search.word)}`, CATALOG_BUDGET],
    ['cart', '/kg/cart/', CATALOG_BUDGET],
    ['favourites', '/kg/favorites/', CATALOG_BUDGET],
    ['brands', '/kg/brands/', CONTENT_BUDGET],
    ['document', '/kg/docs/oferta/', CONTENT_BUDGET],
    ['404', '/kg/no-such-page-bench/', CONTENT_BUDGET],
    ['news list', '/kg/news/', CONTENT_BUDGET],
    ['news item', `/kg/news/${news}/`, CONTENT_BUDGET],
    ['article list', '/kg/articles/', CONTENT_BUDGET],
    ['article', `/kg/articles/${article}/`, CONTENT_BUDGET],
    ['site page', '/kg/pages/dostavka/', CONTENT_BUDGET],
    ['course list', '/kg/courses/', CONTENT_BUDGET],
    ['course calendar', '/kg/courses/calendar/', CONTENT_BUDGET],
    // A course's and a vacancy's page carry their request form (a React island): shop pages' budget.
    ['course', `/kg/courses/${course}/`, CATALOG_BUDGET],
    ['printing', '/kg/printing/', CONTENT_BUDGET],
    ['vacancy list', '/kg/vacancies/', CONTENT_BUDGET],
    ['vacancy', `/kg/vacancies/${vacancy}/`, CATALOG_BUDGET],
    ['contacts', '/kg/contacts/', CONTENT_BUDGET],
    ['support form', '/kg/support/', CATALOG_BUDGET],
    ['printing request', '/kg/printing/request/', CATALOG_BUDGET],
    ['course search request', '/kg/courses/request/', CATALOG_BUDGET],
    ['newsletter', '/kg/newsletter/', CONTENT_BUDGET],
    ['login', '/kg/login/', CATALOG_BUDGET],
    ['register', '/kg/register/', CATALOG_BUDGET],
    ['password reset', '/kg/password/reset/', CATALOG_BUDGET],
    // Signed in (the bench account's session cookie), as a customer reaches them.
    ['account', '/kg/account/', CATALOG_BUDGET, signedIn],
    ['checkout', '/kg/checkout/', CATALOG_BUDGET, signedIn],
    ['order history', '/kg/account/orders/', CATALOG_BUDGET, signedIn],
    ['clinic', '/kg/account/clinic/', CATALOG_BUDGET, signedIn],
    ['quick order', '/kg/account/quick-order/', CATALOG_BUDGET, signedIn],
    // The back office's first screen: its sign-in form, before react-admin (issue 33). What a signed-in
    // staff member's first load fetches is the back office's start, measured in a browser (staff-start.ts).
    ['back office sign-in', '/staff/', STAFF_FIRST_SCREEN_BUDGET],
  ];
  const out: PageJs[] = [];
  for (const [page, pagePath, budget, headers] of pages)
    out.push(await measurePageJs(ORIGIN, page, pagePath, budget, headers));
  return out;
}

// ---------------------------------------------------------------------------------------------

/** Each target: one probe, its cold figures (public ones), warm load; then the same load on the limit server answering the shop's bytes. */
async function loadTargets(
  def: ScenarioDef,
  result: ScenarioResult,
  server: Proc,
  picks: Picks,
  access: string,
  logDir: string,
): Promise<void> {
  const list = targets(picks, access);
  const recorded: Record<string, Captured> = {};
  for (const target of list) {
    // One plain request first: a target that does not answer 200 is not worth loading.
    server.assertAlive();
    const headers = { ...BROWSER_ENCODING, ...target.headers };
    const t0 = performance.now();
    const probe = await capture(ORIGIN, target.path, headers).catch((e: Error) => e);
    if (probe instanceof Error || probe.status !== 200) {
      const why = probe instanceof Error ? probe.message : `HTTP ${probe.status}`;
      result.failures.push(`${def.name}: ${target.name} (${target.path}) → ${why}`);
      console.log(`  ${target.name}: FAILED before load (${why})`);
      continue;
    }
    const singleMs = Math.round(performance.now() - t0);
    const cold = target.personal ? [] : await coldLatencies(target, access, COLD_REPEATS);
    // Warm: the shop has answered it under load before its bytes are taken for the limit.
    await warmUp(ORIGIN, target.path, load, headers);
    recorded[target.path] = await capture(ORIGIN, target.path, headers);
    result.cold.push({ target: target.name, path: target.path, single_request_ms: singleMs, ...coldSummary(cold) });
    console.log(
      `  ${target.name}: first request ${singleMs} ms${cold.length ? `, cold p50 ${coldSummary(cold).cold_p50_ms} ms` : ''}, ${recorded[target.path]!.bytes} bytes`,
    );
    await drain();
  }

  const limitFile = path.join(logDir, `limit-${def.name}.json`);
  mkdirSync(logDir, { recursive: true });
  writeFileSync(limitFile, JSON.stringify(recorded));
  if (await portInUse(LIMIT_PORT, HOST)) throw new Error(`Port ${LIMIT_PORT} on ${HOST} is already in use.`);
  const limitServer = startProcess(
    'limit',
    [path.join(root, 'scripts/bench/limit-server.ts'), limitFile, String(LIMIT_PORT)],
    process.env,
    path.join(logDir, `limit-${def.name}.log`),
    root,
  );
  limitServer.echo = false;
  try {
    await waitUntilReady(limitServer, `http://${HOST}:${LIMIT_PORT}${list[0]!.path}`, 30_000);
    for (const target of list) {
      if (!recorded[target.path]) continue;
      const headers = { ...BROWSER_ENCODING, ...target.headers };
      for (const connections of CONNECTIONS) {
        server.assertAlive();
        const options = { ...load, connections };
        process.stdout.write(`  ${target.name}, ${connections} connections: `);
        const shop = await measure(ORIGIN, target.name, target.path, options, headers);
        server.assertAlive();
        const limit = await measure(`http://${HOST}:${LIMIT_PORT}`, target.name, target.path, options, headers);
        result.load.push({ ...shop, connections }, { ...limit, connections, limit: true });
        result.pairs.push(pairOf(target.name, connections, shop, limit, recorded[target.path]!.bytes));
        console.log(
          `shop ${shop.requests_per_second} req/s (p99 ${shop.latency_p99_ms} ms), limit ${limit.requests_per_second} req/s`,
        );
        // Timeouts (10 s) and requests still running when the run ends are results: the server is slow.
        // Refused or reset connections and non-2xx answers mean the figures are not worth reading.
        const broken = shop.errors - shop.timeouts + shop.non_2xx;
        if (broken > FAILURE_SHARE * Math.max(1, shop.requests_total + shop.errors)) {
          result.failures.push(
            `${def.name}: ${target.name}: ${shop.non_2xx} non-2xx (${JSON.stringify(shop.status_codes)}), ${shop.errors - shop.timeouts} connection errors of ${shop.requests_total} answers`,
          );
        }
        await drain();
      }
    }
  } finally {
    await limitServer.stop();
  }
}

async function runScenario(def: ScenarioDef, result: ScenarioResult, withJs: boolean): Promise<void> {
  console.log(`\n## Scenario "${def.name}"\n`);
  rmSync(def.dataDir, { recursive: true, force: true });
  mkdirSync(def.dataDir, { recursive: true });
  const logDir = path.join(RESULTS_DIR, 'logs');

  if (def.products !== null) {
    const marker = def.seedCache && path.join(def.seedCache, `seeded-${def.products}`);
    if (marker && existsSync(marker)) {
      console.log(`Reusing the ${def.products} products seeded in ${path.relative(root, def.seedCache!)}.`);
    } else {
      const target = def.seedCache ?? def.dataDir;
      if (def.seedCache) rmSync(def.seedCache, { recursive: true, force: true });
      console.log(`Seeding ${def.products} products into ${path.relative(root, target)}…`);
      const t = Date.now();
      await runToEnd(
        'seed',
        [path.join(root, 'scripts/seed.ts'), '--products', String(def.products)],
        { ...process.env, DATA_DIR: target, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        path.join(logDir, `seed-${def.name}.log`),
        root,
      );
      result.seed_ms = Date.now() - t;
      if (marker) writeFileSync(marker, new Date().toISOString());
      console.log(`Seeded in ${(result.seed_ms / 1000).toFixed(1)} s.`);
    }
    if (def.seedCache) {
      rmSync(def.dataDir, { recursive: true, force: true });
      cpSync(def.seedCache, def.dataDir, { recursive: true });
    }
  }

  console.log('Creating the bench account…');
  await runToEnd(
    'user-create',
    [
      path.join(root, 'scripts/user-create.ts'),
      '--email',
      BENCH_ACCOUNT.email,
      '--password',
      BENCH_ACCOUNT.password,
      '--staff',
    ],
    { ...process.env, DATA_DIR: def.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    path.join(logDir, `user-create-${def.name}.log`),
    root,
  );

  if (await portInUse(PORT, HOST))
    throw new Error(`Port ${PORT} on ${HOST} is already in use; stop whatever listens there first.`);
  console.log(`Starting the server on ${ORIGIN} (builds first when the build is stale)…`);
  const t = Date.now();
  const server: Proc = startProcess(
    'server',
    [path.join(root, 'scripts/bench/serve.ts')],
    serverEnv(def.dataDir),
    path.join(logDir, `server-${def.name}.log`),
    root,
  );
  try {
    await waitUntilReady(server, `${ORIGIN}/kg/`, READY_TIMEOUT_MS);
    server.echo = false;
    result.startup_ms = Date.now() - t;
    console.log(`Ready in ${(result.startup_ms / 1000).toFixed(1)} s.`);

    const picks = await pick();
    result.picks = picks;
    result.catalog_products = picks.catalog_products;
    console.log(
      [
        `Catalog: ${picks.catalog_products} active products in kg.`,
        `Top category: ${picks.top_category.slug} (${picks.top_category.products} products); product: ${picks.product}.`,
        `Filter: ${picks.specification ? `${picks.specification.slug} = «${picks.specification.value}» → specifications=${picks.specification.param}` : 'no specification facet (filtered list runs without it)'}.`,
        `Search «${picks.search.word}»: ${picks.search.products} products; typo «${picks.typo.word}»: ${picks.typo.products}.`,
      ].join('\n'),
    );
    if (!picks.specification)
      console.warn(
        `Note: no specification facet in category ${picks.top_category.slug}; the filtered list runs without one.`,
      );

    // The picks searched, so the search index is built.
    result.memory = { started: residentMemory(server.child.pid!) };
    const access = await signIn();
    if (!JS_ONLY) {
      console.log(`Cold searches over ${SEARCH_QUERIES.length} queries…`);
      result.search_set = await coldSearchSet(access);
      console.log(`${searchSetText(result.search_set)}.`);
      await becomeClinicMember(access, picks);
      await loadTargets(def, result, server, picks, access, logDir);
      result.memory.after_load = residentMemory(server.child.pid!);
    }
    console.log(`Shop process: ${memoryText(result.memory)}.`);

    if (withJs) {
      console.log('Measuring page JavaScript…');
      result.js = await measureJs(picks, access);
      for (const page of result.js) {
        const expected = page.page === '404' ? 404 : 200;
        if (page.status !== expected)
          result.failures.push(`${def.name}: JS weight: ${page.path} answered ${page.status}, expected ${expected}`);
        // A signed-in page that sends the bench account to the login page would be measured as the login page.
        if (page.redirected_to)
          result.failures.push(`${def.name}: JS weight: ${page.path} redirected to ${page.redirected_to}`);
        for (const w of page.warnings) console.log(`  ${page.page}: ${w}`);
      }
      if (STAFF_RUNS > 0) {
        console.log(`Starting the back office ${STAFF_RUNS} times with a ${STAFF_CPU_SLOWDOWN}× slower CPU…`);
        result.staff_start = await measureStaffStart(ORIGIN, BENCH_ACCOUNT, {
          runs: STAFF_RUNS,
          cpuSlowdown: STAFF_CPU_SLOWDOWN,
        });
      }
    }
  } finally {
    await server.stop();
  }
}

interface SearchSetResult {
  queries: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  slowest: { query: string; ms: number; count: number }[];
}

/** Each query of the set once, cold: caches emptied, then the API search a listing makes. */
async function coldSearchSet(access: string): Promise<SearchSetResult> {
  const times: { query: string; ms: number; count: number }[] = [];
  for (const query of SEARCH_QUERIES) {
    await invalidate(access);
    const path = `${LIST}?${qs({ country: 'kg', is_active: 'true', limit: 24, search: query })}`;
    const t0 = performance.now();
    const response = await fetch(ORIGIN + path, { headers: BROWSER_ENCODING, signal: AbortSignal.timeout(60_000) });
    const body = (await response.json()) as { count?: number };
    const ms = performance.now() - t0;
    if (response.status !== 200) throw new Error(`cold search «${query}» answered ${response.status}`);
    times.push({ query, ms, count: body.count ?? 0 });
  }
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
  return {
    queries: times.length,
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    max_ms: at(1),
    slowest: [...times]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((t) => ({ ...t, ms: Math.round(t.ms * 10) / 10 })),
  };
}

const searchSetText = (r: SearchSetResult) =>
  `cold search over ${r.queries} queries: p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms, max ${r.max_ms} ms (slowest: ${r.slowest.map((t) => `«${t.query}» ${t.ms} ms, ${t.count} found`).join('; ')})`;

function memoryText(memory: NonNullable<ScenarioResult['memory']>): string {
  const one = (m: ResidentMemory) =>
    `RSS ${m.rss_mb} MB (${m.wasm_mb} MB of it the embedded database's WebAssembly memory)`;
  return `${one(memory.started)} once started${memory.after_load ? `, ${one(memory.after_load)} after the load` : ''}`;
}

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

const started = Date.now();
const results: ScenarioResult[] = [];
let fatal: string | null = null;
for (const [i, def] of scenarios.entries()) {
  const result: ScenarioResult = { name: def.name, load: [], pairs: [], cold: [], failures: [] };
  results.push(result);
  try {
    await runScenario(def, result, i === 0);
  } catch (error) {
    fatal = `${def.name}: ${(error as Error).message}`;
    result.failures.push(fatal);
    console.error(`\nScenario "${def.name}" failed: ${(error as Error).message}`);
    break; // A server that does not start (or a seed that fails) will not do better in the next scenario.
  }
}

// ---------------------------------------------------------------------------------------------

const lines: string[] = ['', '# Bench results', ''];
lines.push(
  `${new Date().toISOString()}, commit ${gitCommit() ?? '?'}, Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}); ` +
    `${load.connections} connections, ${load.warmupSeconds} s warm-up + ${load.durationSeconds} s per target; latency in ms; ` +
    '"errors" are connection errors, 10 s timeouts included.',
);
for (const r of results) {
  if (r.load.length === 0) continue;
  const products = r.catalog_products === undefined ? '' : ` (${r.catalog_products} active products in kg)`;
  lines.push(
    '',
    `## ${r.name}${products}: warm, shop and limit (the same bytes from a bare Node.js server)`,
    '',
    pairTable(r.pairs),
  );
  if (r.search_set) lines.push('', `${r.name}: ${searchSetText(r.search_set)}.`);
  if (r.memory) lines.push('', `${r.name}: shop process ${memoryText(r.memory)}.`);
  if (r.cold.length)
    lines.push(
      '',
      `### ${r.name}: cold (first request after every cache was emptied, ${COLD_REPEATS} times)`,
      '',
      coldTable(r.cold),
    );
}
const jsResult = results.find((r) => r.js);
if (jsResult?.js) {
  lines.push(
    '',
    `## Gzipped JavaScript per page (${jsResult.name} catalog; kB = 1000 bytes; zlib level 9; initial = what loading the page fetches, on demand = chunks fetched on interaction; each file counted once)`,
    '',
    jsTable(jsResult.js),
  );
}
const staffResult = results.find((r) => r.staff_start);
if (staffResult?.staff_start) {
  lines.push(
    '',
    `## The back office's start (${staffResult.name} catalog; CPU ${staffResult.staff_start.cpu_slowdown}× slower, a fresh browser profile each time; ms since navigation, or since pressing «Войти»; JavaScript fetched by then, gzip)`,
    '',
    staffStartTable(staffResult.staff_start),
  );
}
const comparisons: P99Comparison[] = [];
const small = results.find((r) => r.name === 'demo');
const large = results.find((r) => r.name === '20k');
if (small && large) {
  for (const target of ['API list', 'category page']) {
    const a = small.pairs.find((l) => l.target === target && l.connections === load.connections);
    const b = large.pairs.find((l) => l.target === target && l.connections === load.connections);
    if (!a || !b) continue;
    const [pa, pb] = [a.shop_p99_ms, b.shop_p99_ms];
    comparisons.push({
      target,
      small_p99_ms: pa,
      large_p99_ms: pb,
      ratio: pa && pb ? Math.round((pb / pa) * 100) / 100 : null,
    });
  }
  if (comparisons.length > 0) {
    lines.push(
      '',
      `## p99 vs catalog size (budget: same p99 at ${small.catalog_products ?? '?'} and ${large.catalog_products ?? '?'} products)`,
      '',
      comparisonTable(comparisons, 'demo', '20k'),
    );
  }
}
const failures = results.flatMap((r) => r.failures);
if (failures.length > 0) lines.push('', '## Bench failures', '', ...failures.map((f) => `- ${f.split('\n')[0]}`));
lines.push('', `Total bench time: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(lines.join('\n'));

mkdirSync(RESULTS_DIR, { recursive: true });
const json = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  node: process.version,
  cpus: os.cpus().length,
  options: { ...load, origin: ORIGIN, large_products: LARGE_PRODUCTS, js_only: JS_ONLY },
  budgets: {
    content_pages_js_gzip_bytes: CONTENT_BUDGET,
    catalog_product_pages_js_gzip_bytes: CATALOG_BUDGET,
    staff_first_screen_js_gzip_bytes: STAFF_FIRST_SCREEN_BUDGET,
    staff_sign_in_visible_ms: SIGN_IN_GOAL_MS,
  },
  scenarios: results,
  p99_comparison: comparisons,
  failures,
  ok: failures.length === 0,
};
// A JavaScript-only run leaves the last full run's figures in place.
const jsonFile = path.join(RESULTS_DIR, JS_ONLY ? 'js.json' : 'latest.json');
writeFileSync(jsonFile, JSON.stringify(json, null, 2) + '\n');
console.log(`JSON: ${path.relative(root, jsonFile)}`);
process.exit(failures.length > 0 ? 1 : 0);
