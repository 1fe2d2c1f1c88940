/**
 * `npm test`: the code checks (types with `astro check`, lint and formatting), then every suite: unit
 * and API tests (vitest, on the embedded database, and also on the PostgreSQL server in DATABASE_URL when
 * it is set), then browser tests (Playwright on Chromium), then the deployment tests (two built shop
 * processes behind nginx on a PostgreSQL of their own; only where nginx and Debian's PostgreSQL binaries
 * are installed). Ends with one summary line, "N passed, N failed"; a failed check counts as one failure, and
 * so does a suite that did not run as it should (no report, an unexplained exit code, a browser test that
 * passed only on retry), named with its reason above that line (scripts/test-summary.ts).
 * `npm test -- unit api e2e deploy checks` picks suites.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  checkOutcome,
  exitCodeOf,
  readPlaywright,
  readVitest,
  suiteOutcome,
  summaryLines,
  type SuiteOutcome,
} from './test-summary.ts';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, '.test-data/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
const wants = (suite: string) => only.length === 0 || only.includes(suite);
const outcomes: SuiteOutcome[] = [];
const exitCodes: number[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const code = result.status ?? 1;
  exitCodes.push(code);
  return code;
}

const reportText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/** Runs a suite that writes a JSON report to `out`, and counts it (a suite with no report is a failure). */
function runSuite(
  label: string,
  out: string,
  read: typeof readVitest,
  command: string,
  args: string[],
  env = {},
): void {
  const code = run(label, command, args, env);
  outcomes.push(suiteOutcome(label, code, reportText(out), read));
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
    outcomes.push(checkOutcome(label, run(label, command, [...args])));
  }
}

if (wants('unit') || wants('api')) {
  const projects = ['unit', 'api'].filter(wants);
  const out = path.join(reports, 'vitest.json');
  // The embedded database first; DATABASE_URL, when set, is for the PostgreSQL run below.
  runSuite(
    `vitest: ${projects.join(' + ')} (embedded PGlite)`,
    out,
    readVitest,
    bin('vitest'),
    vitestArgs(out, projects),
    {
      DATABASE_URL: '',
    },
  );
}

if (wants('api') && process.env.DATABASE_URL) {
  const out = path.join(reports, 'vitest-pg.json');
  runSuite('vitest: api (PostgreSQL server)', out, readVitest, bin('vitest'), vitestArgs(out, ['api']));
}

if (wants('e2e')) {
  const out = path.join(reports, 'playwright.json');
  runSuite(
    'playwright: browser tests',
    out,
    readPlaywright,
    bin('playwright'),
    ['test', '--config', 'tests/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  );
}

// After the browser tests, whose start has already built the shop the deployment tests run.
if (wants('deploy')) {
  const postgresInstalled =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
  if (existsSync('/usr/sbin/nginx') && postgresInstalled) {
    const out = path.join(reports, 'vitest-deploy.json');
    runSuite(
      'vitest: deploy (two processes behind nginx, a PostgreSQL of their own)',
      out,
      readVitest,
      bin('vitest'),
      vitestArgs(out, ['deploy']),
    );
  } else {
    console.log('\n=== deploy: skipped (needs /usr/sbin/nginx and /usr/lib/postgresql/*/bin) ===');
  }
}

console.log('');
for (const line of summaryLines(outcomes)) console.log(line);
process.exit(exitCodeOf(outcomes, exitCodes));
