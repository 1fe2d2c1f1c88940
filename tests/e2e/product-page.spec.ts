import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { cartCounter, listProducts, storedJson, waitForIslands } from './support/shop.ts';
import { expect, test } from './support/test.ts';

const Z250_A1 = 'filtek-z250-kompozit-shpric-4-g-ottenok-a1';

async function stockOf(request: import('@playwright/test').APIRequestContext, slug: string): Promise<number> {
  const response = await request.get(`/api/v1/products/products/${slug}/?country=kg`);
  return (await response.json()).quantity as number;
}

test('a quantity above the stock stays as typed, is said beside the field and is not added', async ({
  page,
  request,
}) => {
  const stock = await stockOf(request, Z250_A1);
  await page.goto(`/kg/product/${Z250_A1}/`);
  await waitForIslands(page);
  await expect(page.getByText(`В наличии в Кыргызстане: ${stock} шт.`)).toBeVisible();

  const buy = page.locator('.buy');
  const quantity = buy.getByRole('spinbutton', { name: 'Количество' });
  const add = buy.getByRole('button', { name: 'В корзину', exact: true });
  await quantity.fill('500');
  await expect(quantity).toHaveValue('500');
  await expect(buy.getByRole('status')).toHaveText(`Доступно только ${stock} шт.`);
  await expect(buy.getByRole('button', { name: 'Увеличить количество' })).toBeDisabled();
  await add.click();
  await expect(quantity).toHaveValue('500');
  expect((await storedJson(page, 'cart')) ?? []).toEqual([]);

  // The buyer takes what there is.
  await quantity.fill(String(stock));
  await expect(buy.locator('#quantity-notice')).toBeEmpty();
  await add.click();
  await expect(cartCounter(page)).toHaveAttribute('aria-label', `${stock} шт.`);
  expect(await storedJson(page, 'cart')).toEqual([{ id: expect.any(Number), quantity: stock }]);

  // Everything there is already sits in the cart: nothing more is added, and the page says why.
  await expect(buy.getByRole('status')).toHaveText(`В корзине уже все ${stock} шт., что есть в наличии.`);
  await add.click();
  await expect(cartCounter(page)).toHaveAttribute('aria-label', `${stock} шт.`);
  await expectNoSeriousAxeViolations(page);

  await page.goto('/kg/cart/');
  await expect(page.getByText(`В наличии: ${stock} шт.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Увеличить количество' })).toBeDisabled();
});

test('shows the family’s other shades as links, the current one marked', async ({ page }) => {
  await page.goto(`/kg/product/${Z250_A1}/`);
  const family = page.getByRole('navigation', { name: /Варианты/ });
  await expect(family.getByRole('link')).toHaveText(['A1', 'A2', 'A3', /A3\.5/, 'B2']);
  await expect(family.getByRole('link', { name: 'A1' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousAxeViolations(page);

  await family.getByRole('link', { name: 'A2', exact: true }).click();
  await expect(page).toHaveURL(/ottenok-a2\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('оттенок A2');
  await expect(
    page.getByRole('navigation', { name: /Варианты/ }).getByRole('link', { name: 'A2', exact: true }),
  ).toHaveAttribute('aria-current', 'page');

  await expect(page.getByRole('heading', { name: 'С этим покупают' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Другие товары категории' })).toBeVisible();
});

test('says what delivery costs in the country’s main city, and from when it is free', async ({ page }) => {
  await page.goto(`/kg/product/${Z250_A1}/`);
  await expect(page.getByText('Доставка по Бишкеку — 250\u00a0сом, бесплатно от 10\u00a0000\u00a0сом.')).toBeVisible();
  await page.goto(`/kz/product/${Z250_A1}/`);
  await expect(page.getByText(/Доставка по Алматы — 1\s500\s₸, бесплатно от 60\s000\s₸\./)).toBeVisible();
});

test('the buy box’s icons stand on the middle of the first line of their text, however many lines it wraps to', async ({
  page,
}) => {
  // 320 px: the stock line, the delivery line and the originality line all wrap.
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`/kg/product/${Z250_A1}/`);
  const rows = await page.locator('.buy .stock .badge, .buy .perks li').evaluateAll((items) =>
    items.map((item) => {
      const icon = item.querySelector('svg')!.getBoundingClientRect();
      const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT, (node) =>
        node.textContent!.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP,
      );
      const text = walker.nextNode() as Text;
      const start = text.textContent!.search(/\S/);
      const firstLetter = document.createRange();
      firstLetter.setStart(text, start);
      firstLetter.setEnd(text, start + 1);
      const letter = firstLetter.getBoundingClientRect();
      const box = item.getBoundingClientRect();
      return {
        offset: icon.top + icon.height / 2 - (letter.top + letter.height / 2),
        width: icon.width,
        gap: Math.round(letter.left - icon.right),
        wraps: box.height > 2 * letter.height,
      };
    }),
  );
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    expect(row.wraps).toBe(true);
    expect(Math.abs(row.offset)).toBeLessThanOrEqual(1.5);
  }
  // The two lines under the buttons: one icon size, one gap.
  expect(rows.slice(1).map(({ width, gap }) => ({ width, gap }))).toEqual([
    { width: 18, gap: 8 },
    { width: 18, gap: 8 },
  ]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the breadcrumb is one «← parent» line and a sticky bar buys once the buy block is out of view', async ({
    page,
  }) => {
    await page.goto(`/kg/product/${Z250_A1}/`);
    await waitForIslands(page);
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
    await expect(crumbs.getByRole('link', { name: 'Композиты' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Главная' })).toBeHidden();
    expect((await crumbs.boundingBox())!.height).toBeLessThanOrEqual(48);

    const bar = page.locator('.buy-bar');
    await page.locator('.buy .add').scrollIntoViewIfNeeded();
    await expect(bar).toHaveAttribute('data-shown', 'false');
    await expect(bar).not.toBeInViewport();

    await page.getByRole('heading', { name: 'Описание' }).scrollIntoViewIfNeeded();
    await expect(bar).toHaveAttribute('data-shown', 'true');
    await expect(bar).toBeInViewport({ ratio: 1 });
    await expect(bar.locator('[data-price]').first()).toBeVisible();
    await bar.getByRole('button', { name: 'Увеличить количество' }).click();
    await bar.getByRole('button', { name: 'В корзину', exact: true }).click();
    await expect(cartCounter(page)).toHaveText('2');
    await expectNoSeriousAxeViolations(page);
  });
});

test('a product out of stock offers the back-in-stock alert instead of a buy button', async ({ page, request }) => {
  // The default ordering puts products in stock first: the out-of-stock ones are on its last page.
  const { count } = await listProducts(request, { country: 'kg', limit: 1 });
  const { results } = await listProducts(request, { country: 'kg', limit: 100, offset: Math.max(0, count - 100) });
  const product = results.find((p) => !p.in_stock && p.price !== null);
  expect(product, 'the demo catalog has a product out of stock in kg').toBeTruthy();
  await page.goto(`/kg/product/${product!.slug}/`);
  await expect(page.getByText('Нет в наличии в Кыргызстане')).toBeVisible();
  await expect(page.getByRole('button', { name: 'В корзину', exact: true })).toHaveCount(0);

  const email = page.getByLabel('Сообщить о поступлении');
  await email.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await email.fill(`alert-${Date.now()}@clinic.kg`);
  await page.getByRole('button', { name: 'Сообщить мне' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ }).last()).toBeVisible();
  await expect(page.locator('.form-result-ok')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('on a phone the first screen shows the name, the SKU and the buy button', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const { results } = await (await request.get('/api/v1/products/products/?country=kg&search=Filtek&limit=1')).json();
  await page.goto(`/kg/product/${results[0].slug}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport({ ratio: 1 });
  await expect(page.getByText(`Артикул: ${results[0].sku}`)).toBeInViewport();
  await expect(page.getByRole('button', { name: 'В корзину', exact: true }).last()).toBeInViewport();
  await context.close();
});

test('on a phone the photos swipe, each opening full size', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const { results } = await (await request.get('/api/v1/products/products/?country=kg&search=Filtek&limit=1')).json();
  await page.goto(`/kg/product/${results[0].slug}/`);
  const strip = page.getByRole('group', { name: 'Фото товара' });
  const slides = strip.getByRole('link', { name: /^Открыть фото \d+ целиком$/ });
  expect(await slides.count()).toBeGreaterThan(1);
  await expect(page.getByText(/^Листайте: \d+ фото$/)).toBeVisible();
  await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
  await context.close();
});
