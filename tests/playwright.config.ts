import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/**
 * The port of the shop the browser tests start: E2E_PORT when set, else one the system finds free (a fixed
 * one may be taken, and Playwright then refuses to start). This file is read again by every worker, which
 * inherits the runner's environment: the port found first is put there, so the web server and the tests'
 * baseURL agree.
 */
function e2ePort(): number {
  if (!process.env.E2E_PORT) {
    const free = `const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });`;
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', free], { encoding: 'utf8' }).trim();
  }
  return Number(process.env.E2E_PORT);
}
const PORT = e2ePort();
const isCI = !!process.env.CI;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  forbidOnly: isCI,
  // On CI a failed test runs once more, so that its report tells a race (passed on the retry) from a
  // break; either fails the run: no test may pass only on retry.
  retries: isCI ? 1 : 0,
  failOnFlakyTests: isCI,
  workers: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results',
  // JSON only when a file is named for it (`npm test` does): otherwise the json reporter prints the whole
  // report to stdout after the list.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // A fresh embedded database per run: the shop seeds its demo catalog on first start. Its output is
    // also kept in a file, so tests can check that what they did logged no error (support/server-log.ts).
    command: `rm -rf .test-data/e2e && mkdir -p .test-data/e2e && node scripts/start.ts 2>&1 | tee .test-data/e2e/server.log`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/kg/`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.test-data/e2e',
      DATABASE_URL: '',
      SITE_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      // Tests follow mailed links through /api/v1/dev/outbox/, and see access tokens expire within seconds.
      DEV_OUTBOX: 'true',
      // Every test comes from 127.0.0.1, which the whole suite would share for rate limits (30 logins in
      // 10 minutes); a test that only needs a session names its own address in X-Forwarded-For.
      TRUST_PROXY: 'true',
      ACCESS_TOKEN_LIFETIME: '5',
    },
  },
});
