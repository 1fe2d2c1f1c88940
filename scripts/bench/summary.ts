/**
 * The last step of `npm run bench`: the three paths of issue 24 in one table, from the figures the run
 * just wrote (`bench-results/latest.json` by run.ts, `bench-results/orders.json` by orders.ts), each
 * against its goal: cold search at every catalog size, a signed-in call on the embedded database, and
 * order creation on PostgreSQL against the same transactions by the database alone.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T | undefined => {
  const full = path.join(root, 'bench-results', file);
  return existsSync(full) ? (JSON.parse(readFileSync(full, 'utf8')) as T) : undefined;
};

interface Scenario {
  name: string;
  cold: { target: string; cold_p50_ms: number | null }[];
  pairs: { target: string; connections: number; shop_rps: number; shop_p99_ms: number | null; ratio: number | null }[];
}
const latest = read<{ date: string; scenarios: Scenario[] }>('latest.json');
const orders = read<{
  creation: { requests: { average: number }; latency: { p50: number; p99: number } };
  limit: { perSecond: number };
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
  const demo = scenarios.find((s) => s.name === 'demo') ?? scenarios[0]!;
  const me = (connections: number) =>
    demo.pairs.find((p) => p.target === 'API users/me signed in' && p.connections === connections);
  const at10 = me(10);
  const at50 = me(50);
  if (at10 && at50) {
    const met = (at10.ratio ?? 0) >= 0.1 && (at50.ratio ?? 0) >= 0.1 && (at50.shop_p99_ms ?? Infinity) <= 20;
    rows.push([
      `signed-in \`users/me\`, embedded database (${demo.name})`,
      `${Math.round(at10.shop_rps)} req/s at 10 = ${at10.ratio} of the limit; ${Math.round(at50.shop_rps)} at 50 = ${at50.ratio}, p99 ${at50.shop_p99_ms} ms`,
      '≥ 0.1 of the limit, p99 ≤ 20 ms at 50',
      met ? 'met' : 'not met',
    ]);
  }
}
if (orders) {
  const ratio = orders.creation.requests.average / orders.limit.perSecond;
  rows.push([
    'order creation, PostgreSQL, 10 connections',
    `${Math.round(orders.creation.requests.average)} orders/s (p50 ${orders.creation.latency.p50} ms, p99 ${orders.creation.latency.p99} ms); limit ${Math.round(orders.limit.perSecond)}/s: ${ratio.toFixed(2)}`,
    '≥ 0.5 of the limit',
    ratio >= 0.5 ? 'met' : 'not met',
  ]);
}

console.log(`\n## Issue 24: the three slow paths${latest ? ` (run of ${latest.date})` : ''}\n`);
if (!rows.length) console.log('No figures: run `node scripts/bench/run.ts` and `node scripts/bench/orders.ts` first.');
else {
  console.log('| path | now | goal | |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}
