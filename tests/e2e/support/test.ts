/**
 * Playwright's `test` with the shop's standing checks: every test fails on a Content-Security-Policy
 * violation reported in the console of any page of its context (the pages' policy allows no inline
 * script but the hashed ones, so a violation means a page type broke under it, or something was
 * injected). Specs import `test` and `expect` from here instead of '@playwright/test'.
 */
import { expect, test as base, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** The CSP violations the console of the context's pages reports from now on, as `page: message`. */
export function watchCspViolations(context: BrowserContext): string[] {
  const violations: string[] = [];
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  return violations;
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = watchCspViolations(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations in the console').toEqual([]);
    },
    { auto: true },
  ],
});
