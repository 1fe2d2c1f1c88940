/**
 * The last step of `npm run bench`: the three paths of issue 24 in one table, from the figures the run
 * just wrote (`bench-results/latest.json` by run.ts, `bench-results/orders.json` by orders.ts), each
 * against its goal: cold search at every catalog size, a signed-in call on the embedded database, and
 * order creation on PostgreSQL against the same transactions by the database alone. Then the back
 * office's start of issue 33 (from latest.json, or js.json when a `--js-only` run is newer). Then the
 * embedded shop's pages while a 20 MB import runs, issue 35 (`bench-results/import-pages.json`, import-pages.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportPagesResult } from './import-pages.ts';
import { SIGN_IN_GOAL_MS, type StaffStartResult } from './staff-start.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T | undefined => {
  const full = path.join(root, 'bench-results', file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
};

interface Scenario {
  name: string;
  js?: { path: string; gzip_bytes: number; budget_gzip_bytes: number | null }[];
  staff_start?: StaffStartResult;
  cold: { target: string; cold_p50_ms: number | null }[];
  search_set?: { queries: number; p50_ms: number; p95_ms: number; max_ms: number };
  memory?: { started: { rss_mb: number; wasm_mb: number }; after_load?: { rss_mb: number; wasm_mb: number } };
  pairs: { target: string; connections: number; shop_rps: number; shop_p99_ms: number | null; ratio: number | null }[];
}
const latest = read<{ date: string; scenarios: Scenario[] }>('latest.json');
const orders = read<{
  creation: { requests: { average: number }; latency: { p50: number; p99: number } };
  limit: { perSecond: number };
  full_limit?: { perSecond: number };
}>('orders.json');

const rows: string[][] = [];
const scenarios = latest?.scenarios ?? [];
const cold = (target: string) =>
  scenarios.map((s) => `${s.name} ${s.cold.find((c) => c.target === target)?.cold_p50_ms ?? '–'} ms`).join(', ');
const worst = (target: string) =>
  Math.max(...scenarios.map((s) => s.cold.find((c) => c.target === target)?.cold_p50_ms ?? Infinity));
if (scenarios.length) {
  const searchWorst = worst('API search');
  rows.push([
    'cold search `search=композит`, API p50',
    cold('API search'),
    '≤ 30 ms at every size',
    searchWorst <= 30 ? 'met' : 'not met',
  ]);
  rows.push(['cold search page (typo «кампозит»), p50', cold('search page'), '—', '—']);
  const searched = scenarios.filter((s) => s.search_set);
  if (searched.length) {
    const met = searched.every((s) => s.search_set!.p50_ms <= 20 && s.search_set!.p95_ms <= 50);
    rows.push([
      `cold search over ${searched[0]!.search_set!.queries} queries (search-queries.ts), API p50 / p95 / max`,
      searched
        .map((s) => `${s.name} ${s.search_set!.p50_ms} / ${s.search_set!.p95_ms} / ${s.search_set!.max_ms} ms`)
        .join(', '),
      'p50 ≤ 20 ms, p95 ≤ 50 ms at every size',
      met ? 'met' : 'not met',
    ]);
  }
  const measured = scenarios.filter((s) => s.memory);
  if (measured.length) {
    const rss = (s: Scenario) => s.memory!.after_load ?? s.memory!.started;
    const big = measured.find((s) => s.name === '100k');
    rows.push([
      'shop process memory (RSS after the load; of it, the embedded database)',
      measured.map((s) => `${s.name} ${rss(s).rss_mb} MB (${rss(s).wasm_mb} MB)`).join(', '),
      '< 512 MB at 100k',
      big ? (rss(big).rss_mb < 512 ? 'met' : 'not met') : '—',
    ]);
  }
  const demo = scenarios.find((s) => s.name === 'demo') ?? scenarios[0]!;
  const me = (connections: number) =>
    demo.pairs.find((p) => p.target === 'API users/me signed in' && p.connections === connections);
  const at10 = me(10);
  const at50 = me(50);
  if (at10 && at50) {
    const met = (at10.ratio ?? 0) >= 0.3 && (at50.ratio ?? 0) >= 0.3 && (at50.shop_p99_ms ?? Infinity) <= 20;
    rows.push([
      `signed-in \`users/me\`, embedded database (${demo.name})`,
      `${Math.round(at10.shop_rps)} req/s at 10 = ${at10.ratio} of the limit; ${Math.round(at50.shop_rps)} at 50 = ${at50.ratio}, p99 ${at50.shop_p99_ms} ms`,
      '≥ 0.3 of the limit, p99 ≤ 20 ms at 50 (issue 39)',
      met ? 'met' : 'not met',
    ]);
  }
}
if (orders) {
  const ratio = orders.creation.requests.average / orders.limit.perSecond;
  rows.push([
    'order creation, PostgreSQL, 10 connections',
    `${Math.round(orders.creation.requests.average)} orders/s (p50 ${orders.creation.latency.p50} ms, p99 ${orders.creation.latency.p99} ms); limit ${Math.round(orders.limit.perSecond)}/s: ${ratio.toFixed(2)}` +
      (orders.full_limit
        ? `; with every write the shop makes ${Math.round(orders.full_limit.perSecond)}/s: ${(orders.creation.requests.average / orders.full_limit.perSecond).toFixed(2)}`
        : ''),
    '≥ 0.7 of the limit (issue 39)',
    ratio >= 0.7 ? 'met' : 'not met',
  ]);
}

console.log(`\n## Issue 24: the three slow paths${latest ? ` (run of ${latest.date})` : ''}\n`);
if (!rows.length) console.log('No figures: run `node scripts/bench/run.ts` and `node scripts/bench/orders.ts` first.');
else {
  console.log('| path | now | goal | |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

// Issue 33: the back office's first screen and its sign-in form, from the newer run that measured them.
const withStaff = [latest, read<{ date: string; scenarios: Scenario[] }>('js.json')]
  .filter((run) => run?.scenarios.some((s) => s.staff_start))
  .sort((a, b) => b!.date.localeCompare(a!.date))[0];
const staff = withStaff?.scenarios.find((s) => s.staff_start);
if (staff?.staff_start) {
  const start = staff.staff_start.summary;
  const signIn = staff.js?.find((page) => page.path === '/staff/');
  console.log(`\n## Issue 33: the back office starts fast (run of ${withStaff!.date})\n`);
  console.log('| what | now | goal | |');
  console.log('| --- | --- | --- | --- |');
  if (signIn?.budget_gzip_bytes)
    console.log(
      `| first screen (sign-in form), initial JavaScript gzip | ${(signIn.gzip_bytes / 1000).toFixed(1)} kB | ≤ ${signIn.budget_gzip_bytes / 1000} kB | ${signIn.gzip_bytes <= signIn.budget_gzip_bytes ? 'met' : 'not met'} |`,
    );
  console.log(
    `| sign-in form visible, cold load, CPU ${staff.staff_start.cpu_slowdown}× slower | p50 ${start.form_visible.median_ms} ms, max ${start.form_visible.max_ms} ms (works at p50 ${start.form_ready.median_ms} ms) | ≤ ${SIGN_IN_GOAL_MS} ms | ${start.form_visible.median_ms <= SIGN_IN_GOAL_MS ? 'met' : 'not met'} |`,
  );
  console.log(
    `| back office shown, signed-in cold load | p50 ${start.shell_signed_in.median_ms} ms, ${(start.shell_signed_in.js_gzip_bytes / 1000).toFixed(1)} kB of JavaScript | — | — |`,
  );
}

// Issue 35, item 5: pages keep answering while an upload is processed on the embedded database.
const importPages = read<ImportPagesResult>('import-pages.json');
if (importPages) {
  const { during, baseline } = importPages;
  console.log(`\n## Issue 35: pages while a 20 MB import runs (run of ${importPages.at})\n`);
  console.log('| what | now | goal | |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| pages p99, embedded database, during a ${importPages.file_mb} MB products import (${importPages.import_seconds} s, ${importPages.import_status}), ${importPages.clients} clients, response cache off | p99 ${during.p99_ms} ms (p50 ${during.p50_ms} ms, max ${during.max_ms} ms; ${during.requests} pages, ${during.failed} failed); idle p99 ${baseline.p99_ms} ms | < ${importPages.goal_p99_ms} ms | ${during.p99_ms < importPages.goal_p99_ms && during.failed === 0 ? 'met' : 'not met'} |`,
  );
}

// Issue 38: the exchange with 1C, the daily offers file against PostgreSQL's own COPY + UPDATE.
interface ExchangeRun {
  name: string;
  seconds: number;
  rssPeakMb: number;
  limitSeconds?: number;
  answer: string;
}
const exchange = read<{ at: string; runs: ExchangeRun[] }>('exchange.json');
if (exchange) {
  console.log(`\n## Issue 38: the exchange with 1C (run of ${exchange.at})\n`);
  console.log('| what | now | goal | |');
  console.log('| --- | --- | --- | --- |');
  for (const run of exchange.runs) {
    const ratio = run.limitSeconds ? run.seconds / run.limitSeconds : null;
    console.log(
      `| ${run.name} | ${run.seconds.toFixed(1)} s, shop RSS peak ${run.rssPeakMb.toFixed(0)} MB${ratio === null ? '' : `, ${ratio.toFixed(1)}× COPY + UPDATE (${run.limitSeconds!.toFixed(2)} s)`}, ${run.answer} | ${ratio === null ? '—' : '≤ 3× COPY + UPDATE'} | ${ratio === null ? '—' : ratio <= 3 ? 'met' : 'not met'} |`,
    );
  }
}
