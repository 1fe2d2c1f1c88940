import { expect, test, type Page } from './support/test.ts';
import { allProducts, parsePrice, type ApiProduct } from './support/shop.ts';

let both: { kg: ApiProduct; kz: ApiProduct };
let onlyKg: ApiProduct;
let onlyKz: ApiProduct;

test.beforeAll(async ({ request }) => {
  const [kg, kz] = await Promise.all([allProducts(request, 'kg'), allProducts(request, 'kz')]);
  const kzById = new Map(kz.map((p) => [p.id, p]));
  const kgIds = new Set(kg.map((p) => p.id));
  const shared = kg.find((p) => p.price !== null && kzById.get(p.id)?.price);
  const kgOnly = kg.find((p) => !kzById.has(p.id) && p.in_stock);
  const kzOnly = kz.find((p) => !kgIds.has(p.id));
  if (!shared || !kgOnly || !kzOnly)
    throw new Error('The demo catalog needs products sold in both countries and in only one.');
  both = { kg: shared, kz: kzById.get(shared.id)! };
  onlyKg = kgOnly;
  onlyKz = kzOnly;
});

/** The product page's own price (the first amount in the buy box). */
function productPrice(page: Page) {
  return page.getByRole('main').locator('[data-price]').first();
}

test('switches the country on a product page and remembers it', async ({ page, context }) => {
  await page.goto(`/kg/product/${both.kg.slug}/`);
  await expect(productPrice(page)).toHaveText(/\sсом$/);
  expect(parsePrice((await productPrice(page).textContent())!)).toBe(Number(both.kg.price));

  const countries = page.getByRole('navigation', { name: 'Страна' });
  await expect(countries.getByRole('link', { name: 'Кыргызстан' })).toHaveAttribute('aria-current', 'true');
  await countries.getByRole('link', { name: 'Казахстан' }).click();

  await expect(page).toHaveURL(`/kz/product/${both.kg.slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: both.kz.name })).toBeVisible();
  await expect(countries.getByRole('link', { name: 'Казахстан' })).toHaveAttribute('aria-current', 'true');
  await expect(productPrice(page)).toHaveText(/\s₸$/);
  await expect(page.getByLabel('Валюта цен')).toHaveValue('kzt');
  expect(parsePrice((await productPrice(page).textContent())!)).toBe(Number(both.kz.price));
  await expect(page.getByText('В наличии в Казахстане').or(page.getByText('Нет в наличии в Казахстане'))).toBeVisible();

  await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'country')?.value).toBe('kz');
  await page.goto('/');
  await expect(page).toHaveURL('/kz/');
});

test('shows prices in the chosen currency and keeps the choice after a reload', async ({ page }) => {
  await page.goto(`/kg/product/${both.kg.slug}/`);
  const currency = page.getByLabel('Валюта цен');
  await expect(currency).toHaveValue('kgs');
  await expect(productPrice(page)).toHaveText(/\sсом$/);

  await currency.selectOption({ label: 'USD, $' });
  await expect(productPrice(page)).toHaveText(/\s\$$/);
  // The page carries the day's rates (units per 1 KGS); the shown amount is the converted price.
  const rates = JSON.parse((await page.locator('body').getAttribute('data-exchange'))!) as Record<string, string>;
  const expected = (Number(both.kg.price) / Number(rates.kgs)) * Number(rates.usd);
  expect(parsePrice((await productPrice(page).textContent())!)).toBeCloseTo(expected, 1);
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('usd');

  await page.reload();
  await expect(page.getByLabel('Валюта цен')).toHaveValue('usd');
  await expect(productPrice(page)).toHaveText(/\s\$$/);

  // Listings follow the same choice.
  await page.goto('/kg/');
  const prices = page.getByRole('region', { name: 'Новинки' }).locator('[data-price]');
  await expect(prices.first()).toHaveText(/\s\$$/);
  for (const text of await prices.allTextContents()) expect(text).toMatch(/\s\$$/);

  // So does the cart, whose prices come from the API rather than the page.
  await page.evaluate((id) => localStorage.setItem('cart', JSON.stringify([{ id, quantity: 2 }])), both.kg.id);
  await page.goto('/kg/cart/');
  const total = page.getByRole('complementary', { name: 'Итого' }).getByRole('strong');
  await expect(total).toHaveText(/\s\$$/);
  expect(parsePrice((await total.textContent())!)).toBeCloseTo(expected * 2, 1);
});

test('says a product sold in one country is not sold in the other', async ({ page }) => {
  await page.goto(`/kz/product/${onlyKg.slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: onlyKg.name })).toBeVisible();
  await expect(page.getByText('Этот товар не продаётся в Казахстане.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'В корзину', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'посмотреть' }).click();
  await expect(page).toHaveURL(`/kg/product/${onlyKg.slug}/`);
  await expect(page.getByRole('button', { name: 'В корзину', exact: true })).toBeVisible();

  await page.goto(`/kg/product/${onlyKz.slug}/`);
  await expect(page.getByText('Этот товар не продаётся в Кыргызстане.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'посмотреть' })).toHaveAttribute('href', `/kz/product/${onlyKz.slug}/`);
});
