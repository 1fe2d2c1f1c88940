/** Markdown tables of the bench results. */
import type { PageJs } from './js-weight.ts';
import type { LoadResult } from './load.ts';
import { SIGN_IN_GOAL_MS, type StaffStartResult } from './staff-start.ts';

function table(header: string[], rows: (string | number)[][], align: ('l' | 'r')[]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(align.map((a) => (a === 'r' ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function jsTable(pages: PageJs[]): string {
  return table(
    [
      'page',
      'path',
      'status',
      'JS files',
      'initial gzip kB',
      'initial raw kB',
      'on demand gzip kB',
      'budget kB',
      'verdict',
    ],
    pages.map((p) => [
      p.page,
      `\`${p.path}\``,
      p.status,
      p.inline_scripts > 0 ? `${p.files} (${p.inline_scripts} inline)` : p.files,
      kb(p.gzip_bytes),
      kb(p.bytes),
      kb(p.on_demand_gzip_bytes),
      p.budget_gzip_bytes === null ? '-' : `≤ ${kb(p.budget_gzip_bytes)}`,
      p.verdict,
    ]),
    ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

const STAFF_MOMENTS = [
  ['form_visible', 'sign-in form visible (cold load)'],
  ['form_ready', 'sign-in form works (its island hydrated)'],
  ['shell_after_sign_in', 'back office shown, after pressing «Войти»'],
  ['shell_signed_in', 'back office shown, a signed-in cold load'],
] as const;

export function staffStartTable(result: StaffStartResult): string {
  return table(
    ['moment', 'p50 ms', 'max ms', 'JavaScript by then, gzip kB', 'goal', 'verdict'],
    STAFF_MOMENTS.map(([key, label]) => {
      const m = result.summary[key];
      const goal = key === 'form_visible';
      return [
        label,
        m.median_ms,
        m.max_ms,
        kb(m.js_gzip_bytes),
        goal ? `p50 ≤ ${SIGN_IN_GOAL_MS}` : '-',
        goal ? (m.median_ms <= SIGN_IN_GOAL_MS ? 'met' : 'not met') : '',
      ];
    }),
    ['l', 'r', 'r', 'r', 'r', 'l'],
  );
}

export interface P99Comparison {
  target: string;
  /** null: no request finished within the run. */
  small_p99_ms: number | null;
  large_p99_ms: number | null;
  ratio: number | null;
}

export function comparisonTable(rows: P99Comparison[], smallLabel: string, largeLabel: string): string {
  return table(
    ['target', `p99 ms (${smallLabel})`, `p99 ms (${largeLabel})`, `${largeLabel} / ${smallLabel}`],
    rows.map((r) => [
      r.target,
      r.small_p99_ms === null ? 'none finished' : fmt(r.small_p99_ms),
      r.large_p99_ms === null ? 'none finished' : fmt(r.large_p99_ms),
      r.ratio === null ? '-' : `${fmt(r.ratio, 2)}×`,
    ]),
    ['l', 'r', 'r', 'r'],
  );
}

/** One target at one number of connections: the shop and the limit under the same load. */
export interface LoadPair {
  target: string;
  connections: number;
  bytes: number;
  shop_rps: number;
  shop_p50_ms: number;
  shop_p99_ms: number | null;
  limit_rps: number;
  limit_p99_ms: number | null;
  /** shop req/s ÷ limit req/s. */
  ratio: number | null;
  shop_errors: number;
}

export function pairOf(
  target: string,
  connections: number,
  shop: LoadResult,
  limit: LoadResult,
  bytes: number,
): LoadPair {
  const p99 = (l: LoadResult) => (l.ok_2xx > 0 ? l.latency_p99_ms : null);
  return {
    target,
    connections,
    bytes,
    shop_rps: shop.requests_per_second,
    shop_p50_ms: shop.latency_p50_ms,
    shop_p99_ms: p99(shop),
    limit_rps: limit.requests_per_second,
    limit_p99_ms: p99(limit),
    ratio:
      limit.requests_per_second > 0
        ? Math.round((shop.requests_per_second / limit.requests_per_second) * 1000) / 1000
        : null,
    shop_errors: shop.errors + shop.non_2xx,
  };
}

export function pairTable(pairs: LoadPair[]): string {
  return table(
    [
      'target',
      'bytes',
      'conns',
      'shop req/s',
      'shop p50 ms',
      'shop p99 ms',
      'limit req/s',
      'limit p99 ms',
      'shop ÷ limit',
      'errors',
    ],
    pairs.map((p) => [
      p.target,
      p.bytes,
      p.connections,
      fmt(p.shop_rps, 0),
      fmt(p.shop_p50_ms),
      p.shop_p99_ms === null ? 'none finished' : fmt(p.shop_p99_ms),
      fmt(p.limit_rps, 0),
      p.limit_p99_ms === null ? '-' : fmt(p.limit_p99_ms),
      p.ratio === null ? '-' : fmt(p.ratio, 2),
      p.shop_errors,
    ]),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

export interface ColdResult {
  target: string;
  path: string;
  /** The very first request of the run (nothing memoised, nothing compiled yet). */
  single_request_ms: number;
  cold_p50_ms: number | null;
  cold_p99_ms: number | null;
  cold_max_ms: number | null;
}

export function coldSummary(times: number[]): Pick<ColdResult, 'cold_p50_ms' | 'cold_p99_ms' | 'cold_max_ms'> {
  if (times.length === 0) return { cold_p50_ms: null, cold_p99_ms: null, cold_max_ms: null };
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10;
  return { cold_p50_ms: at(0.5), cold_p99_ms: at(0.99), cold_max_ms: Math.round(sorted.at(-1)! * 10) / 10 };
}

export function coldTable(rows: ColdResult[]): string {
  return table(
    ['target', 'first ever ms', 'cold p50 ms', 'cold p99 ms', 'cold max ms'],
    rows.map((r) => [r.target, r.single_request_ms, r.cold_p50_ms ?? '-', r.cold_p99_ms ?? '-', r.cold_max_ms ?? '-']),
    ['l', 'r', 'r', 'r', 'r'],
  );
}
