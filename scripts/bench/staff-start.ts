/**
 * How fast the back office starts in a browser whose CPU runs `cpuSlowdown` times slower (Chrome's CPU
 * throttling, DevTools' «4× slowdown», through the DevTools protocol), each run in a fresh browser
 * context, so nothing is cached:
 * - signed out: the time from the start of navigation to /staff/ until the sign-in form is visible, and
 *   until it works (the «Войти» button enabled); then, after pressing it, until the shell (the menu) shows;
 * - signed in (the session's cookies set before the load): until the shell shows.
 * Each figure comes with the gzipped JavaScript the page had fetched by then (zlib level 9, as
 * js-weight.ts counts it). Timing goals live here, never in a test.
 *
 * On its own against a running shop: `node scripts/bench/staff-start.ts --origin http://127.0.0.1:4321
 * [--runs 5] [--cpu 4] [--email … --password …]` (default account: the demo staff member).
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { REFRESH_COOKIE, TOKEN_COOKIE } from '../../src/shared/session-cookies.ts';

export interface StaffAccount {
  email: string;
  password: string;
}

/** One moment of a run: milliseconds since navigation started, and the JavaScript fetched until then. */
export interface Moment {
  ms: number;
  js_gzip_bytes: number;
  js_files: number;
}

export interface StaffStartRun {
  form_visible: Moment;
  form_ready: Moment;
  /** Counted from pressing «Войти» (the JavaScript: all the page fetched since its navigation). */
  shell_after_sign_in: Moment;
  /** A signed-in person's cold load. */
  shell_signed_in: Moment;
}

export interface StaffStartResult {
  cpu_slowdown: number;
  runs: StaffStartRun[];
  /** Medians and maxima over the runs, per moment. */
  summary: Record<keyof StaffStartRun, { median_ms: number; max_ms: number; js_gzip_bytes: number }>;
}

/** The sign-in form's goal: visible within 2 s of a cold load at 4× CPU slowdown (issue 33). */
export const SIGN_IN_GOAL_MS = 2000;

const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

// Predicates run in the page on every animation frame; each returns performance.now() once true.
const EMAIL_VISIBLE = () => {
  const input = document.querySelector<HTMLInputElement>('input[autocomplete="username"]');
  return input && input.getClientRects().length > 0 ? performance.now() : false;
};
const SUBMIT_READY = () => {
  const button = document.querySelector<HTMLButtonElement>('form button[type="submit"]');
  return button && !button.disabled && button.getClientRects().length > 0 ? performance.now() : false;
};
const SHELL_VISIBLE = () => {
  const item = document.querySelector('[role="menuitem"][href="#/orders"]');
  return item && item.getClientRects().length > 0 ? performance.now() : false;
};

async function waitForMoment(page: Page, predicate: () => number | false, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(predicate, undefined, { polling: 'raf', timeout });
  return (await handle.jsonValue()) as number;
}

const gzipSizes = new Map<string, number>();

/** The gzipped size of a script the shop serves (fetched once per URL: files under /_astro/ are immutable). */
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const response = await fetch(url);
  const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  gzipSizes.set(url, size);
  return size;
}

/** The scripts the page finished fetching between `from` and `until` (its own clock). */
async function scriptsBetween(page: Page, from: number, until: number): Promise<{ bytes: number; files: number }> {
  const urls = await page.evaluate(
    ([start, end]) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname) && e.responseEnd > start && e.responseEnd <= end)
        .map((e) => e.name),
    [from, until] as const,
  );
  const unique = [...new Set(urls)];
  const sizes = await Promise.all(unique.map(gzipSize));
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: unique.length };
}

/** `ms` on the page's clock, counted from `from`; the JavaScript fetched since the navigation. */
async function moment(page: Page, ms: number, from = 0): Promise<Moment> {
  const js = await scriptsBetween(page, 0, ms);
  return { ms: Math.round(ms - from), js_gzip_bytes: js.bytes, js_files: js.files };
}

async function slowedPage(context: BrowserContext, cpuSlowdown: number): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return page;
}

async function signedOutRun(
  browser: Browser,
  origin: string,
  account: StaffAccount,
  cpuSlowdown: number,
): Promise<Pick<StaffStartRun, 'form_visible' | 'form_ready' | 'shell_after_sign_in'>> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await slowedPage(context, cpuSlowdown);
    await page.goto(`${origin}/staff/`, { waitUntil: 'commit' });
    const visible = await waitForMoment(page, EMAIL_VISIBLE);
    const ready = await waitForMoment(page, SUBMIT_READY);
    const formVisible = await moment(page, visible);
    const formReady = await moment(page, ready);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Пароль').fill(account.password);
    const pressed = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Войти' }).click();
    const shell = await waitForMoment(page, SHELL_VISIBLE);
    return {
      form_visible: formVisible,
      form_ready: formReady,
      shell_after_sign_in: await moment(page, shell, pressed),
    };
  } finally {
    await context.close();
  }
}

async function sessionCookies(origin: string, account: StaffAccount) {
  const response = await fetch(`${origin}/api/v1/accounts/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { access?: string; refresh?: string };
  if (response.status !== 200 || !body.access || !body.refresh)
    throw new Error(`Signing in ${account.email}: HTTP ${response.status} ${JSON.stringify(body)}`);
  const cookie = (name: string, value: string) => ({ name, value, url: origin, sameSite: 'Lax' as const });
  return [cookie(TOKEN_COOKIE, body.access), cookie(REFRESH_COOKIE, body.refresh)];
}

async function signedInRun(
  browser: Browser,
  origin: string,
  cookies: Awaited<ReturnType<typeof sessionCookies>>,
  cpuSlowdown: number,
): Promise<Moment> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await context.addCookies(cookies);
    const page = await slowedPage(context, cpuSlowdown);
    await page.goto(`${origin}/staff/`, { waitUntil: 'commit' });
    return await moment(page, await waitForMoment(page, SHELL_VISIBLE));
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** `runs` cold starts of each kind; the shop at `origin` must know `account` as staff. */
export async function measureStaffStart(
  origin: string,
  account: StaffAccount,
  { runs = 5, cpuSlowdown = 4 }: { runs?: number; cpuSlowdown?: number } = {},
): Promise<StaffStartResult> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_ARGS });
  const results: StaffStartRun[] = [];
  try {
    const cookies = await sessionCookies(origin, account);
    for (let i = 0; i < runs; i++) {
      const signedOut = await signedOutRun(browser, origin, account, cpuSlowdown);
      results.push({ ...signedOut, shell_signed_in: await signedInRun(browser, origin, cookies, cpuSlowdown) });
    }
  } finally {
    await browser.close();
  }
  const keys = ['form_visible', 'form_ready', 'shell_after_sign_in', 'shell_signed_in'] as const;
  const summary = Object.fromEntries(
    keys.map((key) => {
      const moments = results.map((r) => r[key]);
      return [
        key,
        {
          median_ms: median(moments.map((m) => m.ms)),
          max_ms: Math.max(...moments.map((m) => m.ms)),
          js_gzip_bytes: Math.max(...moments.map((m) => m.js_gzip_bytes)),
        },
      ];
    }),
  ) as StaffStartResult['summary'];
  return { cpu_slowdown: cpuSlowdown, runs: results, summary };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      origin: { type: 'string', default: 'http://127.0.0.1:4321' },
      runs: { type: 'string', default: '5' },
      cpu: { type: 'string', default: '4' },
      email: { type: 'string', default: 'staff@dental.test' },
      password: { type: 'string', default: 'Staff-Demo-2026' },
    },
  });
  const result = await measureStaffStart(
    values.origin,
    { email: values.email, password: values.password },
    { runs: Number(values.runs), cpuSlowdown: Number(values.cpu) },
  );
  console.log(JSON.stringify(result, null, 2));
}
