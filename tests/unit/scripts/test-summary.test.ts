import { describe, expect, it } from 'vitest';
import {
  checkOutcome,
  exitCodeOf,
  readPlaywright,
  readVitest,
  suiteOutcome,
  summaryLines,
} from '../../../scripts/test-summary.ts';

const vitestReport = (passed: number, failed: number, extra: object = {}) =>
  JSON.stringify({
    numPassedTests: passed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
    numFailedTestSuites: 0,
    numTotalTests: passed + failed,
    ...extra,
  });

const playwrightReport = (stats: object, extra: object = {}) =>
  JSON.stringify({ stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, ...stats }, suites: [], ...extra });

describe('the summary of npm test', () => {
  it('adds up the suites that ran', () => {
    const outcomes = [
      checkOutcome('types', 0),
      suiteOutcome('vitest', 0, vitestReport(1200, 0), readVitest),
      suiteOutcome('playwright', 0, playwrightReport({ expected: 110, skipped: 2 }), readPlaywright),
    ];
    expect(summaryLines(outcomes)).toEqual(['tests: 1311 passed, 0 failed, 2 skipped']);
    expect(exitCodeOf(outcomes, [0, 0, 0])).toBe(0);
  });

  it('counts a suite that wrote no report as failed, with its reason, never as 0 failed', () => {
    const outcomes = [
      suiteOutcome('vitest', 0, vitestReport(1316, 0), readVitest),
      // Port taken: Playwright refused to start its web server and wrote nothing.
      suiteOutcome('playwright: browser tests', 1, null, readPlaywright),
    ];
    expect(summaryLines(outcomes)).toEqual([
      'failed: playwright: browser tests: wrote no report (exit code 1)',
      'tests: 1316 passed, 1 failed',
    ]);
    expect(exitCodeOf(outcomes, [0, 1])).toBe(1);
  });

  it("counts Playwright's errors outside any test (its web server did not start) with their message", () => {
    const report = playwrightReport(
      {},
      {
        errors: [
          {
            message:
              '\u001b[31mError: http://127.0.0.1:4399/kg/ is already used, make sure that nothing is running on the port/url\u001b[39m\n  at …',
          },
        ],
      },
    );
    const outcome = suiteOutcome('playwright', 1, report, readPlaywright);
    expect(outcome.failed).toBe(1);
    expect(outcome.problems).toEqual([
      'Error: http://127.0.0.1:4399/kg/ is already used, make sure that nothing is running on the port/url',
    ]);
  });

  it('counts a report that cannot be read, and a suite that ran no test', () => {
    expect(suiteOutcome('vitest', 1, '{"numPassed', readVitest)).toMatchObject({
      failed: 1,
      problems: ['wrote a report that cannot be read (exit code 1)'],
    });
    expect(suiteOutcome('vitest', 0, vitestReport(0, 0), readVitest)).toMatchObject({
      failed: 1,
      problems: ['ran no test'],
    });
    expect(suiteOutcome('playwright', 0, playwrightReport({}), readPlaywright)).toMatchObject({
      failed: 1,
      problems: ['ran no test'],
    });
  });

  it('counts an exit code that no failed test explains (an unhandled error after the tests)', () => {
    const outcome = suiteOutcome('vitest', 1, vitestReport(40, 0), readVitest);
    expect(outcome).toMatchObject({ passed: 40, failed: 1, problems: ['exited with 1 though no test failed'] });
    // Failed tests explain a failed exit: nothing more is counted.
    expect(suiteOutcome('vitest', 1, vitestReport(40, 2), readVitest)).toMatchObject({ failed: 2, problems: [] });
  });

  it('counts a file that failed to load besides its tests', () => {
    const report = vitestReport(10, 0, { numFailedTestSuites: 1 });
    expect(suiteOutcome('vitest', 1, report, readVitest)).toMatchObject({ passed: 10, failed: 1 });
  });

  it('names each failed test with its message, and counts a failed test once whatever describe blocks hold it', () => {
    const report = vitestReport(10, 1, {
      // Vitest counts the file and the describe block of the failed test, and the file that did not load.
      numFailedTestSuites: 3,
      testResults: [
        {
          name: '/check/work/main/tests/api/imports-tables.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'tables › reads a workbook', title: 'reads a workbook', status: 'passed' },
            {
              fullName: 'tables › the error file of a workbook',
              title: 'the error file of a workbook',
              status: 'failed',
              failureMessages: ['AssertionError: {"status":"FAILURE"}: expected +0 to be 2\n    at tests/api/x.ts:3'],
            },
          ],
        },
        {
          name: '/check/work/main/tests/api/broken.test.ts',
          status: 'failed',
          message: "Cannot find module '../helpers/gone.ts'\nRequire stack: …",
          assertionResults: [],
        },
        { name: '/check/work/main/tests/api/fine.test.ts', status: 'passed', assertionResults: [] },
      ],
    });
    const outcome = suiteOutcome('vitest: api', 1, report, readVitest);
    expect(outcome).toMatchObject({ passed: 10, failed: 2 });
    expect(summaryLines([outcome])).toEqual([
      'failed: vitest: api: tests/api/imports-tables.test.ts › tables › the error file of a workbook: AssertionError: {"status":"FAILURE"}: expected +0 to be 2',
      "failed: vitest: api: tests/api/broken.test.ts: Cannot find module '../helpers/gone.ts'",
      'tests: 10 passed, 2 failed',
    ]);
  });

  it('names at most ten failures, and says how many more there are', () => {
    const assertionResults = Array.from({ length: 14 }, (_, i) => ({
      title: `test ${i}`,
      status: 'failed',
      failureMessages: ['Error: connection refused'],
    }));
    const report = vitestReport(0, 14, {
      testResults: [{ name: 'tests/api/a.test.ts', status: 'failed', assertionResults }],
    });
    const { problems } = suiteOutcome('vitest', 1, report, readVitest);
    expect(problems).toHaveLength(11);
    expect(problems[0]).toBe('tests/api/a.test.ts › test 0: Error: connection refused');
    expect(problems.at(-1)).toBe('and 4 more (see the log above)');
  });

  it('names a browser test that failed', () => {
    const report = playwrightReport(
      { expected: 5, unexpected: 1 },
      {
        suites: [
          {
            title: 'checkout.spec.ts',
            file: 'checkout.spec.ts',
            specs: [{ title: 'pays by invoice', tests: [{ status: 'unexpected' }] }],
          },
        ],
      },
    );
    expect(suiteOutcome('playwright', 1, report, readPlaywright)).toMatchObject({
      failed: 1,
      problems: ['checkout.spec.ts › pays by invoice: failed'],
    });
  });

  it('fails a browser test that passed only on its retry, naming it', () => {
    const report = playwrightReport(
      { expected: 100, flaky: 1 },
      {
        suites: [
          {
            title: 'catalog-history.spec.ts',
            file: 'catalog-history.spec.ts',
            specs: [
              { title: 'back and forward keep the filters', tests: [{ status: 'flaky' }] },
              { title: 'opens', tests: [{ status: 'expected' }] },
            ],
          },
        ],
      },
    );
    const outcome = suiteOutcome('playwright', 1, report, readPlaywright);
    expect(outcome).toMatchObject({
      passed: 100,
      failed: 1,
      problems: ['1 passed only on retry: catalog-history.spec.ts › back and forward keep the filters'],
    });
    expect(summaryLines([outcome]).at(-1)).toBe('tests: 100 passed, 1 failed');
  });

  it('fails npm test when a suite exited otherwise than 0 even if the counts look clean', () => {
    expect(exitCodeOf([checkOutcome('types', 0)], [0, 2])).toBe(1);
    expect(checkOutcome('lint', 1)).toMatchObject({ failed: 1, problems: ['exited with 1'] });
  });
});
