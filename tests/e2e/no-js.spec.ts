import { expect, test, type Page } from './support/test.ts';
import {
  cardNames,
  cardOffers,
  expectCardNames,
  foundStatus,
  inStockFirstByPrice,
  listProducts,
  productCards,
} from './support/shop.ts';

const isDescending = (values: number[]) => values.every((v, i) => i === 0 || v <= values[i - 1]!);

// Without JavaScript the filter panel is a plain GET form and the pages are links.
test.use({ javaScriptEnabled: false });

const CATEGORY_PATH = '/kg/catalog/plombirovochnye-materialy/';
const BRANDS = ['3M', 'GC'];

function brandBox(page: Page, name: string) {
  return page.getByRole('group', { name: 'Бренд' }).getByRole('checkbox', { name: new RegExp(`^${name} \\d+$`) });
}

function pagination(page: Page) {
  return page.getByRole('navigation', { name: 'Страницы' });
}

test('filters by brand, sorts and pages through a category with plain forms and links', async ({ page, request }) => {
  await page.goto(CATEGORY_PATH);
  for (const name of BRANDS) await brandBox(page, name).check();
  await page.getByRole('button', { name: 'Показать' }).click();

  await expect(page).toHaveURL(
    (url) => url.pathname === CATEGORY_PATH && url.searchParams.getAll('brand').join() === '3m,gc',
  );
  const expected = await listProducts(request, {
    country: 'kg',
    category: 'plombirovochnye-materialy',
    brand: '3m,gc',
    limit: 1,
  });
  expect(expected.count).toBeGreaterThan(24);
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${expected.count} `));
  for (const name of BRANDS) await expect(brandBox(page, name)).toBeChecked();
  await expect(pagination(page)).toBeVisible();
  await expect(productCards(page)).toHaveCount(24);
  expect(
    await productCards(page)
      .getByText(/^(3M|GC)$/)
      .count(),
    'every card is of a chosen brand',
  ).toBe(24);

  // Sorting: choose an order and apply it with the noscript «Применить» button.
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дороже' });
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('ordering') === '-price' && url.searchParams.getAll('brand').join() === '3m,gc',
  );
  await expect(page.getByLabel('Сортировка')).toHaveValue('-price');
  await expect(pagination(page)).toBeVisible();
  expect(isDescending((await cardOffers(page)).map((o) => o.price)), 'prices descending').toBe(true);
  const firstNames = await cardNames(page);

  // Pagination links keep the filters and the order.
  await pagination(page).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('page') === '2' && url.searchParams.get('ordering') === '-price',
  );
  expect(new URL(page.url()).searchParams.getAll('brand')).toEqual(['3m', 'gc']);
  await expect(pagination(page).getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  await expect(productCards(page)).toHaveCount(expected.count - 24);
  expect(isDescending((await cardOffers(page)).map((o) => o.price)), 'prices descending').toBe(true);
  expect((await cardNames(page)).filter((name) => firstNames.includes(name))).toEqual([]);

  await pagination(page).getByRole('link', { name: '← Назад' }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has('page') && url.searchParams.get('ordering') === '-price');
  await expect(pagination(page)).toBeVisible();
  await expectCardNames(page, firstNames);
  await pagination(page).getByRole('link', { name: 'Вперёд →' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');

  // «Показать» submits the order too, and starts again at page 1.
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дешевле' });
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('ordering') === 'price' && !url.searchParams.has('page'));
  expect(new URL(page.url()).searchParams.getAll('brand')).toEqual(['3m', 'gc']);
  await expect(pagination(page)).toBeVisible();
  expect(inStockFirstByPrice(await cardOffers(page), 1), 'in stock first, prices ascending').toBe(true);
});
