import { expect, test, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { cardPrices, foundStatus, listProducts, productCards, waitForIslands } from './support/shop.ts';

// Demo catalog: «Пломбировочные материалы» in Kazakhstan has products of several brands, 3M and GC among them.
const CATEGORY_PATH = '/kz/catalog/plombirovochnye-materialy/';
const CATEGORY = 'plombirovochnye-materialy';

function brandBox(scope: Page | ReturnType<Page['getByRole']>, name: string) {
  return scope.getByRole('group', { name: 'Бренд' }).getByRole('checkbox', { name: new RegExp(`^${name} \\d+$`) });
}

/** Axe after a client-side navigation: the progress bar (role="bar") is gone once the page has arrived. */
async function expectNoViolationsOnceArrived(page: Page) {
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
}

function chips(page: Page) {
  return page.getByRole('list', { name: 'Выбранные фильтры' });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('filters open as a sheet that stays open across choices, counts them, applies them, and chips remove them', async ({
    page,
    request,
  }) => {
    await page.goto(CATEGORY_PATH);
    await waitForIslands(page);
    const path = new URL(page.url()).pathname + new URL(page.url()).search;

    await page.getByRole('button', { name: /^Фильтры/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Фильтры' });
    await expect(sheet).toBeVisible();
    // Focus is inside the sheet and the page behind does not scroll.
    expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await expectNoSeriousAxeViolations(page);

    const only3m = await listProducts(request, { country: 'kz', category: CATEGORY, brand: '3m', limit: 1 });
    const both = await listProducts(request, { country: 'kz', category: CATEGORY, brand: '3m,gc', limit: 1 });
    const show = sheet.getByRole('button', { name: /^Показать \d+ товар/ });

    await brandBox(sheet, '3M').check();
    await expect(show).toHaveText(new RegExp(`^Показать ${only3m.count} товар`));
    await brandBox(sheet, 'GC').check();
    await expect(show).toHaveText(new RegExp(`^Показать ${both.count} товар`));
    // No reload: the sheet is still open with both choices and the address is unchanged.
    await expect(sheet).toBeVisible();
    await expect(brandBox(sheet, '3M')).toBeChecked();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);

    // Escape closes the sheet and forgets what was not applied.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    await page.getByRole('button', { name: /^Фильтры/ }).click();
    await expect(brandBox(sheet, '3M')).not.toBeChecked();

    await brandBox(sheet, '3M').check();
    await brandBox(sheet, 'GC').check();
    await expect(show).toHaveText(new RegExp(`^Показать ${both.count} товар`));
    await show.click();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('brand').join() === '3m,gc');
    await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${both.count} `));

    // Chips name every active filter; each removes its own.
    await expect(chips(page).getByRole('link')).toHaveText([/Бренд: 3M/, /Бренд: GC/, 'Сбросить всё']);
    await expectNoViolationsOnceArrived(page);
    await chips(page).getByRole('link', { name: 'Убрать фильтр: Бренд GC' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.getAll('brand').join() === '3m');
    await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${only3m.count} `));
    await chips(page).getByRole('link', { name: 'Сбросить всё' }).click();
    await expect(page).toHaveURL(CATEGORY_PATH);
    await expect(chips(page)).toHaveCount(0);
  });
});

test('with dollars chosen, prices are rounded and approximate and the price filter speaks dollars', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('currency', 'usd'));
  await page.goto(CATEGORY_PATH);
  await waitForIslands(page);
  const first = productCards(page).first().locator('[data-price]:not(s)');
  await expect(first).toHaveText(/^≈\s[\d\s]+(,\d\d)?\s\$$/);
  const filters = page.getByRole('form', { name: 'Фильтры товаров' });
  const price = filters.getByRole('group', { name: 'Цена, $' });
  await expect(price).toBeVisible();
  await expect(price.getByText(/^≈ [\d\s,]+ – [\d\s,]+ \$$/)).toBeVisible();

  // The cheapest card's shown price as the lower bound keeps that card: the bound is widened, not cut.
  const [cheapest] = await cardPrices(page);
  const cheapestName = await productCards(page).first().getByRole('heading', { level: 3 }).textContent();
  await price.getByLabel('Цена от, $').fill(String(cheapest));
  await price.getByLabel('Цена от, $').press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.has('price_from'));
  const bound = Number(new URL(page.url()).searchParams.get('price_from'));
  expect(bound, 'the bound is in tenge').toBeGreaterThan(cheapest * 100);
  await expect(productCards(page).first().getByRole('heading', { level: 3 })).toHaveText(cheapestName!);
  await expect(price.getByLabel('Цена от, $')).toHaveValue(String(cheapest));
  // The chip shows the bound in dollars as well.
  const typed = cheapest < 100 ? cheapest.toFixed(2).replace('.', ',') : String(Math.round(cheapest));
  await expect(chips(page).getByRole('link').first()).toHaveText(new RegExp(`Цена от: ≈\\s${typed}\\s\\$`));

  // A country's own other currency is rounded to whole units.
  await page.getByLabel('Валюта цен').selectOption('kgs');
  await expect(first).toHaveText(/^≈\s[\d\s]+\sсом$/);
});

test('a brand page filters by category first and offers specifications only within one', async ({ page, request }) => {
  await page.goto('/kz/brands/3m/');
  await waitForIslands(page);
  const filters = page.getByRole('form', { name: 'Фильтры товаров' });
  const categories = filters.getByRole('group', { name: 'Категория' });
  await expect(categories.getByRole('radio', { name: 'Все категории' })).toBeChecked();
  // Only the category and the price: no specification of unrelated products.
  await expect(filters.locator('fieldset > legend')).toHaveText(['Категория', /^Цена/]);
  await expect(filters.getByRole('group', { name: 'Бренд' })).toHaveCount(0);

  await categories.getByRole('radio', { name: /^Композиты \d+$/ }).check();
  await expect(page).toHaveURL((url) => url.searchParams.get('category') === 'kompozity');
  const expected = await listProducts(request, { country: 'kz', category: 'kompozity', brand: '3m', limit: 1 });
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${expected.count} `));
  await expect(categories.getByRole('radio', { name: /^Композиты \d+$/ })).toBeChecked();
  await expect.poll(() => filters.locator('fieldset > legend').count()).toBeGreaterThan(2);
  await expect(chips(page).getByRole('link').first()).toHaveText(/Категория: Композиты/);
  await expectNoViolationsOnceArrived(page);
});

test('a keyboard skips the filters to the products with one link', async ({ page }) => {
  await page.goto(CATEGORY_PATH);
  await waitForIslands(page);
  const skip = page.getByRole('link', { name: /^К товарам \(\d+\)$/ });
  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#listing-results')).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is in the results (a chip, the sort, or a card), not a filter.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#listing-results'))).toBe(true);
  await expectNoSeriousAxeViolations(page);
});
