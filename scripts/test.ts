/**
 * `npm test`: the code checks (types with `astro check`, lint and formatting), then every suite: unit
 * and API tests (vitest, on the embedded database, and also on the PostgreSQL server in DATABASE_URL when
 * it is set), then browser tests (Playwright on Chromium), then the deployment tests (two built shop
 * processes behind nginx on a PostgreSQL of their own; only where nginx and Debian's PostgreSQL binaries
 * are installed). Ends with one summary line, "N passed, N failed"; a failed check counts as one failure.
 * `npm test -- unit api e2e deploy checks` picks suites.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, '.test-data/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
const wants = (suite: string) => only.length === 0 || only.includes(suite);
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = 1;
  return result.status ?? 1;
}

function countVitest(file: string): void {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } catch {
    failed += 1;
  }
}

function countPlaywright(file: string): void {
  try {
    const stats = JSON.parse(readFileSync(file, 'utf8')).stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
  } catch {
    failed += 1;
  }
}

const vitestArgs = (out: string, projects: string[]) => [
  'run',
  '--config',
  'tests/vitest.config.ts',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

if (wants('checks')) {
  for (const [label, command, args] of [
    ['types: astro check', bin('astro'), ['check', '--minimumSeverity', 'warning']],
    ['lint: eslint', bin('eslint'), ['--config', 'tests/eslint.config.js', '--max-warnings', '0', '.']],
    ['format: prettier --check', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ] as const) {
    if (run(label, command, [...args]) === 0) passed += 1;
    else failed += 1;
  }
}

if (wants('unit') || wants('api')) {
  const projects = ['unit', 'api'].filter(wants);
  const out = path.join(reports, 'vitest.json');
  // The embedded database first; DATABASE_URL, when set, is for the PostgreSQL run below.
  run(`vitest: ${projects.join(' + ')} (embedded PGlite)`, bin('vitest'), vitestArgs(out, projects), {
    DATABASE_URL: '',
  });
  countVitest(out);
}

if (wants('api') && process.env.DATABASE_URL) {
  const out = path.join(reports, 'vitest-pg.json');
  run('vitest: api (PostgreSQL server)', bin('vitest'), vitestArgs(out, ['api']));
  countVitest(out);
}

if (wants('e2e')) {
  const out = path.join(reports, 'playwright.json');
  run('playwright: browser tests', bin('playwright'), ['test', '--config', 'tests/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  countPlaywright(out);
}

// After the browser tests, whose start has already built the shop the deployment tests run.
if (wants('deploy')) {
  const postgresInstalled =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
  if (existsSync('/usr/sbin/nginx') && postgresInstalled) {
    const out = path.join(reports, 'vitest-deploy.json');
    run(
      'vitest: deploy (two processes behind nginx, a PostgreSQL of their own)',
      bin('vitest'),
      vitestArgs(out, ['deploy']),
    );
    countVitest(out);
  } else {
    console.log('\n=== deploy: skipped (needs /usr/sbin/nginx and /usr/lib/postgresql/*/bin) ===');
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
