/**
 * `npm test`: the code checks (types with `astro check`, lint and formatting), then every suite: unit
 * and API tests (vitest, on the embedded database, and also on the PostgreSQL server in DATABASE_URL when
 * it is set), browser tests (Playwright on Chromium), then the deployment tests (two built shop processes
 * behind nginx on a PostgreSQL of their own; only where nginx and Debian's PostgreSQL binaries are
 * installed). Ends with one summary line, "N passed, N failed"; a failed check counts as one failure, and
 * so does a suite that did not run as it should (no report, an unexplained exit code, a browser test that
 * passed only on retry), named with its reason above that line (scripts/test-summary.ts).
 * `npm test -- unit api e2e deploy checks` picks suites.
 *
 * The browser tests run beside the checks and the vitest suites: one Playwright worker keeps about half of
 * a core busy (the shop and Chromium mostly wait on each other), so on a 2-core machine the two lanes
 * take little more than the longer one alone. Their output is kept in a file and printed when they end,
 * so the log reads suite by suite.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
/** Each suite's outcome under its place in the summary, whichever lane ran it and whenever it ended. */
const outcomes = new Map<number, SuiteOutcome>();
const place = { build: 0, checks: 1, vitest: 10, vitestPg: 11, e2e: 12, deploy: 13 };
const exitCodes: number[] = [];

/**
 * Runs a command to its end. Its output goes to this process's, or, given `log`, to that file, printed
 * whole once the command ends.
 */
async function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  log?: string,
): Promise<number> {
  if (!log) console.log(`\n=== ${label} ===`);
  const fd = log ? openSync(log, 'w') : undefined;
  const child = spawn(command, args, {
    stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
    env: { ...process.env, ...env },
  });
  const code = await new Promise<number>((resolve) => {
    child.on('error', (error) => {
      console.error(`${label}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (status) => resolve(status ?? 1));
  });
  if (fd !== undefined) {
    closeSync(fd);
    console.log(`\n=== ${label} (ran beside the other suites) ===`);
    process.stdout.write(readFileSync(log!, 'utf8'));
  }
  exitCodes.push(code);
  return code;
}

const reportText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/** Runs a suite that writes a JSON report to `out`, and counts it (a suite with no report is a failure). */
async function runSuite(
  at: number,
  label: string,
  out: string,
  read: typeof readVitest,
  command: string,
  args: string[],
  env = {},
  log?: string,
): Promise<void> {
  const code = await run(label, command, args, env, log);
  outcomes.set(at, suiteOutcome(label, code, reportText(out), read));
}

async function runCheck(at: number, label: string, command: string, args: string[]): Promise<boolean> {
  const outcome = checkOutcome(label, await run(label, command, args));
  outcomes.set(at, outcome);
  return outcome.failed === 0;
}

/** Runs vitest's `projects`, its report in `reports/<report>`. */
function runVitest(at: number, label: string, report: string, projects: string[], env = {}): Promise<void> {
  const out = path.join(reports, report);
  return runSuite(
    at,
    label,
    out,
    readVitest,
    bin('vitest'),
    [
      'run',
      '--config',
      'tests/vitest.config.ts',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
}

// The build the browser and deployment tests run, made once before the lanes part (the browser tests'
// server would otherwise build it while `astro check` reads the same sources).
const built =
  wants('e2e') || wants('deploy')
    ? await runCheck(place.build, 'build: astro build', process.execPath, ['scripts/start.ts', '--build-only'])
    : false;

async function checksAndVitest(): Promise<void> {
  if (wants('checks')) {
    const checks: [string, string, string[]][] = [
      ['types: astro check', bin('astro'), ['check', '--minimumSeverity', 'warning']],
      ['lint: eslint', bin('eslint'), ['--config', 'tests/eslint.config.js', '--max-warnings', '0', '.']],
      ['format: prettier --check', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
    ];
    for (const [i, [label, command, args]] of checks.entries()) {
      await runCheck(place.checks + i, label, command, [...args]);
    }
  }

  if (wants('unit') || wants('api')) {
    const projects = ['unit', 'api'].filter(wants);
    // The embedded database first; DATABASE_URL, when set, is for the PostgreSQL run below.
    await runVitest(place.vitest, `vitest: ${projects.join(' + ')} (embedded PGlite)`, 'vitest.json', projects, {
      DATABASE_URL: '',
    });
  }

  if (wants('api') && process.env.DATABASE_URL)
    await runVitest(place.vitestPg, 'vitest: api (PostgreSQL server)', 'vitest-pg.json', ['api']);
}

async function browserTests(): Promise<void> {
  if (!wants('e2e') || !built) return;
  const out = path.join(reports, 'playwright.json');
  await runSuite(
    place.e2e,
    'playwright: browser tests',
    out,
    readPlaywright,
    bin('playwright'),
    ['test', '--config', 'tests/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    path.join(reports, 'playwright.log'),
  );
}

await Promise.all([checksAndVitest(), browserTests()]);

if (wants('deploy') && built) {
  const postgresInstalled =
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
  if (existsSync('/usr/sbin/nginx') && postgresInstalled) {
    await runVitest(
      place.deploy,
      'vitest: deploy (two processes behind nginx, a PostgreSQL of their own)',
      'vitest-deploy.json',
      ['deploy'],
    );
  } else {
    console.log('\n=== deploy: skipped (needs /usr/sbin/nginx and /usr/lib/postgresql/*/bin) ===');
  }
}

const ordered = [...outcomes.entries()].sort(([a], [b]) => a - b).map(([, outcome]) => outcome);
console.log('');
for (const line of summaryLines(ordered)) console.log(line);
process.exit(exitCodeOf(ordered, exitCodes));
