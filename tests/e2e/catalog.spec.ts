import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test, type Page } from './support/test.ts';
import {
  cardNames,
  cardPrices,
  expectCardNames,
  foundCount,
  foundStatus,
  listProducts,
  productCards,
  waitForIslands,
} from './support/shop.ts';

// Demo catalog: «Пломбировочные материалы» holds 87 products in Kyrgyzstan, most of them light-cured,
// so the filtered list still spans several pages of 24.
const CATEGORY = 'Пломбировочные материалы';
const CATEGORY_PATH = '/kg/catalog/plombirovochnye-materialy/';
const SPEC = { legend: 'Тип отверждения', param: 's.tip-otverzhdeniya', value: 'световой' };

function specCheckbox(page: Page) {
  return page
    .getByRole('group', { name: SPEC.legend })
    .getByRole('checkbox', { name: new RegExp(`^${SPEC.value} \\d+$`) });
}

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

function isDescending(values: number[]): boolean {
  return values.every((value, index) => index === 0 || values[index - 1] >= value);
}

test('filters a category by a specification, sorts by price, pages and restores the state on back and forward', async ({
  page,
  browser,
}) => {
  await page.goto('/kg/');
  const header = page.getByRole('banner');
  await header.locator('summary').filter({ hasText: 'Каталог' }).click();
  await header.getByRole('link', { name: CATEGORY, exact: true }).click();

  await expect(page).toHaveURL(CATEGORY_PATH);
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY })).toBeVisible();
  await waitForIslands(page);
  const total = await foundCount(page);
  // The checkbox is named «световой 69»: the value and how many products it leaves. A snapshot is read once
  // (one answered "" while the filters' island hydrated): read until it names one.
  let expected = 0;
  await expect
    .poll(async () => (expected = Number((await specCheckbox(page).ariaSnapshot()).replace(/\D/g, ''))))
    .toBeGreaterThan(24);
  expect(expected).toBeLessThan(total);

  // Filter: one click on a facet value navigates to the filtered URL.
  await specCheckbox(page).check();
  await expect(page).toHaveURL((url) => url.searchParams.getAll(SPEC.param).join() === SPEC.value);
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${expected} `));
  await expect(specCheckbox(page)).toBeChecked();
  await expect(productCards(page)).toHaveCount(24);

  // Every card on the page has the value: read the specification table of each product page.
  const links = await productCards(page)
    .getByRole('heading', { level: 3 })
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).pathname));
  const row = new RegExp(`<th scope="row"[^>]*>${SPEC.legend}</th><td[^>]*>([^<]*)</td>`);
  for (const href of links) {
    const html = await (await page.request.get(href)).text();
    expect(html.match(row)?.[1], `${SPEC.legend} of ${href}`).toBe(SPEC.value);
  }

  // …and a shopper opening one sees it in «Характеристики».
  const firstName = (await cardNames(page))[0];
  await productCards(page).first().getByRole('link', { name: firstName }).click();
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  const specs = page.getByRole('region', { name: 'Характеристики' }).getByRole('table');
  await expect(specs.getByRole('row', { name: new RegExp(SPEC.legend) }).getByRole('cell')).toHaveText(SPEC.value);
  await page.goBack();
  await expect(page).toHaveURL((url) => url.searchParams.get(SPEC.param) === SPEC.value);
  await expect(page.getByRole('heading', { level: 1, name: CATEGORY })).toBeVisible();
  await waitForIslands(page);

  // Sort by price, highest first.
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дороже' });
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('ordering') === '-price' && url.searchParams.get(SPEC.param) === SPEC.value,
  );
  await expect(page.getByLabel('Сортировка')).toHaveValue('-price');
  // The select shows the choice before the new page arrives, so wait for the cards themselves.
  await expect
    .poll(async () => isDescending(await cardPrices(page)), { message: 'prices on page 1 descending' })
    .toBe(true);
  const firstPage = await cardPrices(page);
  expect(firstPage.length).toBeGreaterThan(1);
  expect(isDescending(firstPage), `prices on page 1: ${firstPage.join(', ')}`).toBe(true);
  const firstPageNames = await cardNames(page);

  // Page 2 keeps the filter and the order.
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
  expect(query(page).get('ordering')).toBe('-price');
  expect(query(page).get(SPEC.param)).toBe(SPEC.value);
  await expect(
    page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${expected} `));
  const secondPage = await cardPrices(page);
  expect(isDescending(secondPage), `prices on page 2: ${secondPage.join(', ')}`).toBe(true);
  expect(Math.max(...secondPage)).toBeLessThanOrEqual(Math.min(...firstPage));
  const secondPageNames = await cardNames(page);
  expect(secondPageNames.filter((name) => firstPageNames.includes(name))).toEqual([]);
  await waitForIslands(page);

  // Back: page 1, still filtered and sorted.
  await page.goBack();
  await expect(page).toHaveURL((url) => !url.searchParams.has('page') && url.searchParams.get('ordering') === '-price');
  await expect(specCheckbox(page)).toBeChecked();
  await expect(page.getByLabel('Сортировка')).toHaveValue('-price');
  await expectCardNames(page, firstPageNames);

  // Back: filtered, default order.
  await page.goBack();
  await expect(page).toHaveURL(
    (url) => !url.searchParams.has('ordering') && url.searchParams.get(SPEC.param) === SPEC.value,
  );
  await expect(page.getByLabel('Сортировка')).toHaveValue('price');
  await expect(specCheckbox(page)).toBeChecked();
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${expected} `));

  // Back: no filter at all.
  await page.goBack();
  await expect(page).toHaveURL(CATEGORY_PATH);
  await expect(specCheckbox(page)).not.toBeChecked();
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${total} `));

  // Forward twice: filtered and sorted again.
  await page.goForward();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get(SPEC.param) === SPEC.value && !url.searchParams.has('ordering'),
  );
  await expect(specCheckbox(page)).toBeChecked();
  await expect(page.getByLabel('Сортировка')).toHaveValue('price');
  await expect(foundStatus(page)).toHaveText(new RegExp(`Найдено: ${expected} `));
  await page.goForward();
  await expect(page).toHaveURL((url) => url.searchParams.get('ordering') === '-price');
  await expect(specCheckbox(page)).toBeChecked();
  await expect(page.getByLabel('Сортировка')).toHaveValue('-price');

  // The page-2 URL opened directly (no scripts at all) renders the same results on the server.
  const direct = await browser.newContext({ javaScriptEnabled: false });
  const fresh = await direct.newPage();
  const params = new URLSearchParams([
    [SPEC.param, SPEC.value],
    ['ordering', '-price'],
    ['page', '2'],
  ]);
  const response = await fresh.goto(`${CATEGORY_PATH}?${params}`);
  expect(response?.status()).toBe(200);
  await expect(foundStatus(fresh)).toHaveText(new RegExp(`Найдено: ${expected} `));
  await expect(specCheckbox(fresh)).toBeChecked();
  await expect(fresh.getByLabel('Сортировка')).toHaveValue('-price');
  await expectCardNames(fresh, secondPageNames);
  await direct.close();
});

test('a product card’s name link shows the focus ring around the name when reached with the keyboard', async ({
  page,
}) => {
  await page.goto(CATEGORY_PATH);
  const card = page.locator('.product-card').first();
  const link = card.locator('.name a');
  const before = await card.locator('.body').screenshot();
  await link.focus();
  await expect(link).toBeFocused();
  // Something is drawn: the ring around the link's box (an inline link around block-level spans drew nothing).
  const after = await card.locator('.body').screenshot();
  expect(after.equals(before)).toBe(false);
});

test('the catalog page shows every top category as a card with its picture and product count, its subcategories with theirs', async ({
  page,
  request,
}) => {
  type Category = { slug: string; name: string; children: Category[] };
  const tree = (await (await request.get('/api/v1/products/categories/')).json()) as Category[];
  const countOf = async (category: string) =>
    (await listProducts(request, { country: 'kg', category, limit: 1 })).count;
  await page.goto('/kg/catalog/');
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText(tree.map((top) => top.name));
  await expect(
    page.getByText(`${(await listProducts(request, { country: 'kg', limit: 1 })).count} товаров с ценами`),
  ).toBeVisible();
  for (const [index, top] of tree.entries()) {
    const card = cards.nth(index);
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('src', /\.svg$/);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const count = await countOf(top.slug);
    await expect(card.getByRole('link', { name: new RegExp(`^${top.name} ${count} товар`) })).toHaveAttribute(
      'href',
      `/kg/catalog/${top.slug}/`,
    );
    // Only subcategories the country sells something of; each says how many, as its own page will.
    const sold = [];
    for (const child of top.children) {
      const childCount = await countOf(child.slug);
      if (childCount > 0) sold.push(`${child.name} ${childCount} товар`);
    }
    const links = card.getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(sold.length);
    for (const [i, name] of sold.entries()) await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`^${name}`));
  }
  await expectNoSeriousAxeViolations(page);

  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('the brands page reads A–Z, then А–Я, each brand a tile with its monogram and its product count', async ({
  page,
  request,
}) => {
  await page.goto('/kg/brands/');
  const main = page.getByRole('main');
  const letters = await main.getByRole('heading', { level: 2 }).allTextContents();
  const firstCyrillic = letters.findIndex((letter) => /\p{Script=Cyrillic}/u.test(letter));
  expect(letters.slice(0, 3)).toEqual(['0–9', 'A', 'C']);
  expect(letters.slice(firstCyrillic)).toEqual(['В']);
  expect(letters.slice(1, firstCyrillic)).toEqual([...letters.slice(1, firstCyrillic)].sort());

  const countOf = async (brand: string) => (await listProducts(request, { country: 'kg', brand, limit: 1 })).count;
  for (const [slug, name, origin] of [
    ['3m', '3M', 'США'],
    ['vladmiva', 'ВладМиВа', 'Россия'],
  ]) {
    const tile = main.getByRole('link', { name: new RegExp(`^${name} `) });
    await expect(tile).toHaveAccessibleName(new RegExp(`^${name} ${origin} · ${await countOf(slug)} товар`));
    await expect(tile).toHaveAttribute('href', `/kg/brands/${slug}/`);
    await expect(tile.locator('.mark')).toHaveText(name === '3M' ? '3M' : 'ВМ');
  }
  await expectNoSeriousAxeViolations(page);

  // The letters above jump to their groups, the Cyrillic ones after the Latin ones.
  const alphabet = page.getByRole('navigation', { name: 'Бренды по первой букве' });
  await expect(alphabet.getByRole('list', { name: 'Кириллица' }).getByRole('link')).toHaveText(['В']);
  await alphabet.getByRole('link', { name: 'В', exact: true }).click();
  await expect(main.getByRole('heading', { level: 2, name: 'В' })).toBeInViewport();
});
