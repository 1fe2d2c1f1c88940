/**
 * The header's catalog menu on a phone (issue 12, item 10): a full-screen sheet that goes down one
 * level at a time, with rows a finger can hit, a way back, and the page behind held still.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('drills down by level with 44 px targets and a back step, the page behind locked', async ({ page }) => {
  await page.goto('/kg/');
  const menu = page.locator('[data-catalog-menu]');
  await menu.locator('summary').click();
  // The sheet's code loads as the menu is first touched.
  await expect(menu).toHaveAttribute('data-enhanced', '');

  const sheet = menu.locator('[data-menu-panel]');
  const rows = sheet.locator('.catalog-columns > li > .row > a');
  await expect(rows.first()).toBeVisible();
  const tops = await rows.count();
  expect(tops).toBeGreaterThanOrEqual(8);
  for (const box of await rows.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height)))
    expect(box).toBeGreaterThanOrEqual(44);
  // The subcategories wait one level down: no flat list of every link.
  await expect(sheet.getByRole('link', { name: 'Пломбировочные материалы' })).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');

  const drill = sheet.getByRole('button', { name: 'Подразделы: Терапия' });
  await expect(drill).toHaveAttribute('aria-expanded', 'false');
  const drillBox = (await drill.boundingBox())!;
  expect(drillBox.height).toBeGreaterThanOrEqual(44);
  expect(drillBox.width).toBeGreaterThanOrEqual(44);
  await drill.click();
  await expect(sheet.locator('[data-menu-title]')).toHaveText('Терапия');
  await expect(sheet.getByRole('link', { name: 'Пломбировочные материалы' })).toBeVisible();
  await expect(sheet.getByRole('link', { name: 'Все товары раздела' })).toHaveAttribute(
    'href',
    '/kg/catalog/terapiya/',
  );
  await expect(sheet.getByRole('link', { name: 'Эндодонтия', exact: true })).toBeHidden();
  const back = sheet.getByRole('button', { name: 'Назад ко всем разделам' });
  await expect(back).toBeFocused();
  await expectNoSeriousAxeViolations(page);

  await back.click();
  await expect(sheet.getByRole('link', { name: 'Эндодонтия', exact: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Подразделы: Терапия' })).toBeFocused();
  await expect(back).toBeHidden();

  await sheet.getByRole('button', { name: 'Подразделы: Терапия' }).click();
  await sheet.getByRole('link', { name: 'Пломбировочные материалы' }).click();
  await expect(page).toHaveURL(/\/kg\/catalog\/plombirovochnye-materialy\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Пломбировочные материалы' })).toBeVisible();
  await expect(menu).not.toHaveAttribute('open', '');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
});

test('the close button and Escape close the sheet and give the page its scroll back', async ({ page }) => {
  await page.goto('/kg/');
  const menu = page.locator('[data-catalog-menu]');
  await menu.locator('summary').click();
  // The sheet's code loads as the menu is first touched.
  await expect(menu).toHaveAttribute('data-enhanced', '');
  await menu.getByRole('button', { name: 'Закрыть каталог' }).click();
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(menu.locator('summary')).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  await menu.locator('summary').click();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
});

test('without JavaScript the menu is a plain list of links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/kg/');
  const menu = page.locator('[data-catalog-menu]');
  await menu.locator('summary').click();
  await expect(menu.getByRole('link', { name: 'Терапия', exact: true })).toBeVisible();
  await expect(menu.getByRole('button')).toHaveCount(0);
  await context.close();
});

test('on a desktop Escape gives focus back to «Каталог», and tabbing out of the menu closes it', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/kg/');
  const menu = page.locator('[data-catalog-menu]');
  const summary = menu.locator('summary');
  await summary.focus();
  // Its keyboard manners load with the first focus.
  await expect(menu).toHaveAttribute('data-enhanced', '');
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(summary).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await menu.getByRole('link').last().focus();
  await page.keyboard.press('Tab');
  await expect(menu).not.toHaveAttribute('open', '');
  await context.close();
});

test('on a phone the keyboard goes from «Каталог» into the open sheet', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/kg/');
  const menu = page.locator('[data-catalog-menu]');
  await menu.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('open', '');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-catalog-menu]'))).toBe(true);
  await expect(menu).toHaveAttribute('open', '');
});
