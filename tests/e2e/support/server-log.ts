/** The shop's own output during the browser tests, which `playwright.config.ts` also writes to a file. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SERVER_LOG = path.resolve(import.meta.dirname, '../../../.test-data/e2e/server.log');

/** Where the log ends now: pass it to {@link serverErrorsSince} after the requests to check. */
export function serverLogOffset(): number {
  return existsSync(SERVER_LOG) ? statSync(SERVER_LOG).size : 0;
}

/** The lines the shop wrote after `offset` that match `pattern`. */
export async function serverLinesSince(offset: number, pattern: RegExp): Promise<string[]> {
  const text = readFileSync(SERVER_LOG).subarray(offset).toString('utf8');
  return text.split('\n').filter((line) => pattern.test(line));
}

/**
 * Error lines the shop wrote after `offset`: pino's error and fatal levels, Astro's `[ERROR]`, and
 * failed queries, once the output of the requests made until now has reached the file.
 */
export async function serverErrorsSince(offset: number): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return serverLinesSince(offset, /"level":(50|60)\b|\[ERROR\]|Failed query/);
}
