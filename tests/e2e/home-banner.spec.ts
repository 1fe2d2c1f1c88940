/**
 * The home page's main banner (issue 12, item 7) holds at every width: the text never runs into the
 * illustration or gets cut off, there is a call to action, and beside the promos it is as tall as they are.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

for (const width of [320, 390, 768, 1024, 1366, 1920]) {
  test(`the banner holds at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/kg/');
    const hero = page.getByRole('region', { name: 'Предложения' });
    const banner = hero.locator('.hero-main');
    const text = banner.locator('.hero-text');
    const art = banner.locator('img');
    const cta = banner.getByText('Смотреть товары');
    await expect(cta).toBeVisible();

    const [b, t, a, c] = await Promise.all([banner, text, art, cta].map(async (l) => (await l.boundingBox())!));
    // The call to action and the text stay inside the banner.
    expect(c.x + c.width).toBeLessThanOrEqual(b!.x + b!.width + 0.5);
    expect(c.y + c.height).toBeLessThanOrEqual(b!.y + b!.height + 0.5);
    const overflowing = await text.evaluate((el) =>
      [...el.querySelectorAll('*')].some((child) => child.scrollWidth > child.clientWidth + 1),
    );
    expect(overflowing, 'no line of the text is cut').toBe(false);
    // Text and illustration side by side (or stacked on phones), never on top of each other.
    const overlapX = Math.min(t!.x + t!.width, a!.x + a!.width) - Math.max(t!.x, a!.x);
    const overlapY = Math.min(t!.y + t!.height, a!.y + a!.height) - Math.max(t!.y, a!.y);
    expect(overlapX <= 0.5 || overlapY <= 0.5, 'text and illustration do not overlap').toBe(true);
    // Beside the promos, as tall as they are.
    const promos = await hero.locator('.promos').boundingBox();
    if (promos && promos.y < b!.y + b!.height && promos.x > b!.x)
      expect(Math.abs(b!.height - promos.height)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scroll').toBeLessThanOrEqual(
      width,
    );
    if (width === 390 || width === 1366) await expectNoSeriousAxeViolations(page);
  });
}

test.describe('the home page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows its first products within a screen of scrolling, and the header offers a call', async ({ page }) => {
    await page.goto('/kg/');
    const firstCard = page.locator('.product-card').first();
    const top = await firstCard.evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
    expect(top, 'the first product card, from the top of the page').toBeLessThan(2 * 844);
    const call = page.getByRole('link', { name: /^Позвонить: / });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute('href', /^tel:\+996\d+$/);
    const header = (await page.locator('[data-site-header]').boundingBox())!;
    expect(header.height, 'the header').toBeLessThanOrEqual(196);
    // The search's placeholder fits its box.
    const search = page.locator('[data-site-search]').first();
    const fits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    // Tab follows the rows as seen: after the logo come the account, favourites and cart icons beside it.
    await page.locator('.mainbar .logo').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.user-nav'))).toBe(true);
  });
});
