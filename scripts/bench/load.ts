/**
 * One load measurement with autocannon: a short unmeasured warm-up, then the measured run.
 * No `If-None-Match` is sent, so every answer is a full 200 (ETag 304s would flatter the numbers).
 */
import { createRequire } from 'node:module';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}

interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers?: Record<string, string>;
}

// autocannon ships no type declarations; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

export interface LoadResult {
  target: string;
  path: string;
  requests_per_second: number;
  /** Length of the measured run. */
  duration_ms: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_max_ms: number;
  requests_total: number;
  ok_2xx: number;
  non_2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  status_codes: Record<string, number>;
  /** Average response body throughput, bytes per second. */
  throughput_bytes_per_second: number;
  /** One request alone, before the load (set by the caller). */
  single_request_ms?: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** Loads `path` for the options' duration; `headers` go with every request (a bearer token). */
export async function measure(
  origin: string,
  target: string,
  path: string,
  options: LoadOptions,
  headers?: Record<string, string>,
): Promise<LoadResult> {
  const url = origin + path;
  const base = { url, connections: options.connections, timeout: 10, ...(headers ? { headers } : {}) };
  if (options.warmupSeconds > 0) await autocannon({ ...base, duration: options.warmupSeconds });
  const r = await autocannon({ ...base, duration: options.durationSeconds });
  return {
    target,
    path,
    requests_per_second: round(r.requests.average, 1),
    duration_ms: options.durationSeconds * 1000,
    latency_p50_ms: round(r.latency.p50, 2),
    latency_p99_ms: round(r.latency.p99, 2),
    latency_max_ms: round(r.latency.max, 2),
    requests_total: r['2xx'] + r.non2xx,
    ok_2xx: r['2xx'],
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    status_codes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
    throughput_bytes_per_second: Math.round(r.throughput.average),
  };
}

/** Load without measuring: JIT, caches and connections warm before the figures are taken. */
export async function warmUp(
  origin: string,
  path: string,
  options: LoadOptions,
  headers?: Record<string, string>,
): Promise<void> {
  await autocannon({
    url: origin + path,
    connections: options.connections,
    timeout: 10,
    duration: Math.max(1, options.warmupSeconds),
    ...(headers ? { headers } : {}),
  });
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
