import { expect, test } from './support/test.ts';

test('shows the progress bar while an internal link loads and removes it afterwards', async ({ page }) => {
  await page.goto('/kg/');
  await expect(page.locator('#nprogress')).toHaveCount(0);

  // Hold the next page's response briefly so the bar is observable on a fast local server.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/kg/brands/', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('link', { name: 'Все бренды' }).click();
  const bar = page.locator('#nprogress .bar');
  await expect(bar).toBeVisible();
  const box = await bar.boundingBox();
  expect(box?.y).toBe(0);
  release();

  await expect(page).toHaveURL('/kg/brands/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#nprogress')).toHaveCount(0);
});
