/**
 * Search as dentists type (issue 12, item 3): the header's suggestions as a keyboard combobox that
 * loads with the box's first focus, and results for transliterated and wrong-layout searches.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';
import { foundStatus, productCards } from './support/shop.ts';

test('suggestions load with the first focus and work from the keyboard', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (/search-suggest|\/products\/suggestions\//.test(request.url())) loaded.push(request.url());
  });
  await page.goto('/kg/');
  await page.waitForLoadState('networkidle');
  expect(loaded, 'nothing of the suggestions before the box is focused').toEqual([]);

  const box = page.getByRole('combobox', { name: 'Поиск по каталогу' });
  await box.focus();
  await box.pressSequentially('ашдеул');
  const list = page.getByRole('listbox', { name: 'Подсказки поиска' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const products = list.getByRole('group', { name: 'Товары' }).getByRole('option');
  await expect(products.first()).toContainText('Filtek');
  await expect(products.first()).toContainText('сом');

  await box.press('ArrowDown');
  const first = products.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await box.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousAxeViolations(page);

  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.press('ArrowDown');
  await expect(list).toBeVisible();
  await box.press('ArrowDown');
  const name = (await products.first().locator('.suggest-name').textContent())!;
  await box.press('Enter');
  await expect(page).toHaveURL(/\/kg\/product\/[^/]+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('suggests categories and brands, and a line to all results', async ({ page }) => {
  await page.goto('/kg/');
  const box = page.getByRole('combobox', { name: 'Поиск по каталогу' });
  await box.focus();
  await box.pressSequentially('ортод');
  const list = page.getByRole('listbox', { name: 'Подсказки поиска' });
  await expect(
    list.getByRole('group', { name: 'Категории' }).getByRole('option', { name: 'Ортодонтия' }),
  ).toBeVisible();
  await list.getByRole('option', { name: 'Все результаты по запросу «ортод»' }).click();
  await expect(page).toHaveURL(/\/kg\/search\/\?q=%D0%BE%D1%80%D1%82%D0%BE%D0%B4$/);
});

for (const [typed, brand] of [
  ['филтек', 'Filtek'],
  ['эстелайт', 'Estelite'],
  ['ашдеул', 'Filtek'],
] as const) {
  test(`the results page finds ${brand} for «${typed}»`, async ({ page }) => {
    await page.goto(`/kg/search/?q=${encodeURIComponent(typed)}`);
    await expect(foundStatus(page)).toContainText('Найдено');
    await expect(productCards(page).first().getByRole('heading', { level: 3 })).toContainText(brand);
  });
}

test('a search that finds nothing suggests what to try, and offers to remove filters only when some are set', async ({
  page,
}) => {
  await page.goto('/kg/search/?q=квазиголограмма');
  const main = page.getByRole('main');
  await expect(main.getByText('Ничего не нашлось')).toBeVisible();
  await expect(main.getByText('Проверьте написание')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Сбросить фильтры' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Терапия' }).first()).toBeVisible();
  // Nothing to filter or sort: neither is offered.
  await expect(main.getByRole('combobox', { name: 'Сортировка' })).toHaveCount(0);
  await expect(page.locator('.listing-filters')).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.goto('/kg/search/?q=%D0%BA%D0%BE%D0%BC%D0%BF%D0%BE%D0%B7%D0%B8%D1%82&price_from=99999999');
  await expect(main.getByRole('link', { name: 'Сбросить фильтры' })).toBeVisible();
  await expect(page.locator('.listing-filters')).toHaveCount(1);
});
