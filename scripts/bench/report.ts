/** Markdown tables of the bench results. */
import type { PageJs } from './js-weight.ts';
import type { LoadResult } from './load.ts';

function table(header: string[], rows: (string | number)[][], align: ('l' | 'r')[]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(align.map((a) => (a === 'r' ? '---:' : '---'))), ...rows.map(line)].join('\n');
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/**
 * `first ms` is the first, uncached request (nothing memoised yet); the load run then repeats the same
 * URL, so its figures are the warm path that repeat visitors of a popular page get.
 */
export function loadTable(results: (LoadResult & { single_request_ms?: number })[]): string {
  return table(
    ['target', 'first ms', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    results.map((r) =>
      r.ok_2xx === 0 && r.non_2xx === 0
        ? // Every request took longer than the run: autocannon has no latency to report.
          [r.target, r.single_request_ms ?? '-', '0 (none finished)', `> ${r.duration_ms}`, `> ${r.duration_ms}`, r.non_2xx, r.errors]
        : [r.target, r.single_request_ms ?? '-', fmt(r.requests_per_second), fmt(r.latency_p50_ms), fmt(r.latency_p99_ms), r.non_2xx, r.errors],
    ),
    ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

export function jsTable(pages: PageJs[]): string {
  return table(
    ['page', 'path', 'status', 'JS files', 'initial gzip kB', 'initial raw kB', 'on demand gzip kB', 'budget kB', 'verdict'],
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
