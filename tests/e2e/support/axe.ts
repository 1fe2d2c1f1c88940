import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation of the page as it is now (WCAG 2.2 AA and best practice). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Check the page settled, not half way through a transition: toasts slide in and out with an opacity
  // animation (react-toastify's bounce on the site, MUI's grow in the back office), and a button that
  // becomes enabled fades its colours. Waits for what runs and ends within a second (not a spinner that
  // never ends).
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().flatMap((animation) => {
        // A toast's countdown bar ends by closing the toast: not waited for.
        const target = (animation.effect as KeyframeEffect | null)?.target;
        if (animation.playState !== 'running' || target?.closest('.Toastify__progress-bar')) return [];
        const timing = animation.effect?.getComputedTiming();
        const left = Number(timing?.endTime ?? Infinity) - Number(timing?.localTime ?? 0);
        return Number.isFinite(left) && left <= 1000 ? [animation.finished.catch(() => undefined)] : [];
      }),
    ),
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
