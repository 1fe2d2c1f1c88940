/**
 * How `npm test` (scripts/test.ts) counts what its suites did, kept apart from running them so that it
 * can be tested: each suite's report (vitest's or Playwright's JSON) and exit code become counts, and a
 * suite that did not run as it should (no report, a report it could not read, an exit code its counts
 * do not explain, a test that passed only on retry) is a failure with its reason, never a silent 0.
 */

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface SuiteOutcome extends Counts {
  label: string;
  /** Why the suite counts as failed beyond its failing tests; empty when it ran as it should. */
  problems: string[];
}

/** A report's counts, every failure included, and why the suite failed beyond its failing tests. */
type Reader = (report: unknown) => Counts & { problems: string[] };

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests?: number;
  numFailedTestSuites?: number;
  numTotalTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName?: string; title: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** At most this many failures are named (a broken database fails hundreds of tests alike). */
const NAMED_FAILURES = 10;

/** Where a report names its files: from the project's root, as the runners print them. */
function fromRoot(file: string): string {
  const at = file.indexOf('/tests/');
  return at >= 0 ? file.slice(at + 1) : file;
}

/**
 * The failed tests, and the files that failed outside any test (they did not load, a hook threw), each
 * named with the first line of its message: the closing lines say what failed without the whole log.
 */
function vitestFailures(r: VitestReport): string[] {
  return (r.testResults ?? []).flatMap((file) => {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length)
      return failed.map(
        (test) =>
          `${fromRoot(file.name)} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0] ?? 'failed', 900)}`,
      );
    return file.status === 'failed' ? [`${fromRoot(file.name)}: ${firstLine(file.message || 'failed', 900)}`] : [];
  });
}

export const readVitest: Reader = (report) => {
  const r = report as VitestReport;
  if (typeof r?.numPassedTests !== 'number' || typeof r.numFailedTests !== 'number') throw new Error('not a report');
  const failures = vitestFailures(r);
  // A file that failed to load or whose hook threw counts once besides its tests. `numFailedTestSuites`
  // also counts each file and describe block around a failed test, so it counts only without the files'
  // own results.
  const failedFiles = r.testResults
    ? r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults?.some((t) => t.status === 'failed'))
        .length
    : (r.numFailedTestSuites ?? 0);
  const ranNone = r.numTotalTests === 0 && failedFiles === 0;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + failedFiles + (ranNone ? 1 : 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    problems: [...named(failures), ...(ranNone ? ['ran no test'] : [])],
  };
};

/** The first failures, and how many more there are. */
function named(failures: string[]): string[] {
  return failures.length > NAMED_FAILURES
    ? [...failures.slice(0, NAMED_FAILURES), `and ${failures.length - NAMED_FAILURES} more (see the log above)`]
    : failures;
}

interface PlaywrightTest {
  title?: string;
  results?: { status: string }[];
  status?: string;
}
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: PlaywrightTest[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** The titles (file › title) of Playwright tests whose outcome is `status` (`flaky`, `unexpected`). */
function titlesOf(status: string, suites: PlaywrightSuite[] = [], file = ''): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.some((test) => test.status === status) ? [`${suite.file ?? file} › ${spec.title}`] : [],
    ),
    ...titlesOf(status, suite.suites, suite.file ?? file),
  ]);
}

export const readPlaywright: Reader = (report) => {
  const r = report as PlaywrightReport;
  if (typeof r?.stats?.expected !== 'number') throw new Error('not a report');
  const { expected, unexpected, flaky, skipped } = r.stats;
  // An error outside any test: the web server did not start, a global setup or a file failed to load.
  const errors = (r.errors ?? []).map((error) => firstLine(error.message ?? 'an error outside the tests'));
  const ranNone = expected + unexpected + flaky + skipped === 0 && errors.length === 0;
  const problems = [
    ...named(titlesOf('unexpected', r.suites).map((title) => `${title}: failed`)),
    ...errors,
    ...(ranNone ? ['ran no test'] : []),
  ];
  // A test that passed only on its retry has a race: it fails the run like a test that failed.
  if (flaky > 0)
    problems.push(`${flaky} passed only on retry: ${titlesOf('flaky', r.suites).join('; ') || 'see the report'}`);
  return { passed: expected, failed: unexpected + flaky + errors.length + (ranNone ? 1 : 0), skipped, problems };
};

function firstLine(text: string, max = 300): string {
  // Playwright's messages carry terminal colours.
  const plain = text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '').trim();
  return plain.split('\n')[0]!.slice(0, max);
}

/**
 * What one suite did: its report (the file's text, or null when it wrote none) read by `read`, and its
 * exit code. A missing or unreadable report is a failure, and so is an exit code other than 0 that no
 * failure in the report explains.
 */
export function suiteOutcome(label: string, exitCode: number, reportText: string | null, read: Reader): SuiteOutcome {
  if (reportText === null) {
    return { label, passed: 0, failed: 1, skipped: 0, problems: [`wrote no report (exit code ${exitCode})`] };
  }
  let counts: ReturnType<Reader>;
  try {
    counts = read(JSON.parse(reportText));
  } catch {
    return {
      label,
      passed: 0,
      failed: 1,
      skipped: 0,
      problems: [`wrote a report that cannot be read (exit code ${exitCode})`],
    };
  }
  const problems = [...counts.problems];
  let failed = counts.failed;
  if (exitCode !== 0 && failed === 0) {
    problems.push(`exited with ${exitCode} though no test failed`);
    failed += 1;
  }
  return { label, passed: counts.passed, failed, skipped: counts.skipped, problems };
}

/** A check (types, lint, formatting): one test that passed or failed. */
export function checkOutcome(label: string, exitCode: number): SuiteOutcome {
  return exitCode === 0
    ? { label, passed: 1, failed: 0, skipped: 0, problems: [] }
    : { label, passed: 0, failed: 1, skipped: 0, problems: [`exited with ${exitCode}`] };
}

/** The closing lines: each suite that failed to run as it should with its reasons, then "N passed, N failed". */
export function summaryLines(outcomes: SuiteOutcome[]): string[] {
  const total = outcomes.reduce(
    (sum, o) => ({ passed: sum.passed + o.passed, failed: sum.failed + o.failed, skipped: sum.skipped + o.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const reasons = outcomes.flatMap((o) => o.problems.map((problem) => `failed: ${o.label}: ${problem}`));
  return [
    ...reasons,
    `tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  ];
}

/** `npm test`'s exit code: 1 when any suite failed or exited otherwise than 0. */
export function exitCodeOf(outcomes: SuiteOutcome[], exitCodes: number[]): number {
  return outcomes.some((o) => o.failed > 0) || exitCodes.some((code) => code !== 0) ? 1 : 0;
}
