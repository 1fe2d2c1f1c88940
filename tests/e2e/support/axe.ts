import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation of the page as it is now (WCAG 2.2 AA and best practice). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Toasts slide in and out with an opacity animation (react-toastify's bounce): check them settled.
  await page
    .locator('.Toastify__toast')
    .evaluateAll((toasts) =>
      Promise.all(toasts.flatMap((t) => t.getAnimations()).map((a) => a.finished.catch(() => undefined))),
    );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join('\n  ')}`,
  );
  expect(report, report.join('\n')).toEqual([]);
}
