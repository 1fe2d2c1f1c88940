import { expect, test } from './support/test.ts';
import {
  allProducts,
  cartCounter,
  cartLink,
  inStockProduct,
  storedJson,
  toast,
  waitForIslands,
  type ApiProduct,
} from './support/shop.ts';

interface StoredCartLine {
  id: number;
  quantity: number;
}

let product: ApiProduct;

test.beforeAll(async ({ request }) => {
  product = await inStockProduct(request, 'kg');
});

test('adds a product to the cart with a toast at the top right that closes by itself', async ({ page }) => {
  await page.goto(`/kg/product/${product.slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await waitForIslands(page);

  // The buy block's field (the cards of related products below have their own).
  const quantity = page.getByRole('group', { name: 'Количество', exact: true }).getByRole('spinbutton');
  const less = page.getByRole('button', { name: 'Уменьшить количество', exact: true });
  const more = page.getByRole('button', { name: 'Увеличить количество', exact: true });
  await expect(quantity).toHaveValue('1');
  await expect(less).toBeDisabled();
  await more.click();
  await more.click();
  await expect(quantity).toHaveValue('3');
  await less.click();
  await expect(quantity).toHaveValue('2');
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();

  const added = toast(page, 'Товар добавлен в корзину');
  await expect(added).toBeVisible();
  const shownAt = Date.now();
  // The toast slides in from the right; wait until it has settled against the right edge.
  const viewport = page.viewportSize()!;
  await expect
    .poll(
      async () => {
        const box = await added.boundingBox();
        return box ? Math.abs(viewport.width - (box.x + box.width)) : Infinity;
      },
      { message: 'gap between the toast and the right edge of the viewport' },
    )
    .toBeLessThanOrEqual(32);
  const box = (await added.boundingBox())!;
  expect(box.x + box.width, 'toast right edge inside the viewport').toBeLessThanOrEqual(viewport.width);
  expect(box.x, 'toast in the right half').toBeGreaterThan(viewport.width / 2);
  // Just below the header, so the cart counter it talks about stays in view.
  const header = (await page.locator('[data-site-header]').boundingBox())!;
  expect(box.y, 'toast below the header').toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.y, 'toast near the top').toBeLessThanOrEqual(header.y + header.height + 32);
  const counter = (await cartCounter(page).boundingBox())!;
  expect(counter.y + counter.height, 'the cart counter is not under the toast').toBeLessThanOrEqual(box.y);
  await expect(added.getByRole('link', { name: 'Перейти в корзину' })).toHaveAttribute('href', '/kg/cart/');

  await expect(cartCounter(page)).toBeVisible();
  await expect(cartCounter(page)).toHaveText('2');
  await expect(page.getByText('В корзине: 2 шт.')).toBeVisible();

  // react-toastify closes it after 5000 ms (plus its exit animation).
  await expect(added).toBeHidden({ timeout: 8_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor, 'the toast stayed about 5 s').toBeGreaterThanOrEqual(4_000);
});

test('the cart and favourite toasts lead on: «Перейти в корзину» and «Открыть избранное»', async ({ page }) => {
  await page.goto(`/kg/product/${product.slug}/`);
  await waitForIslands(page);
  await page.getByRole('button', { name: `В избранное: ${product.name}` }).click();
  const favourite = toast(page, 'Товар добавлен в избранное');
  await favourite.getByRole('link', { name: 'Открыть избранное' }).click();
  await expect(page).toHaveURL(/\/kg\/favorites\/$/);
  await waitForIslands(page);
  await page.goto(`/kg/product/${product.slug}/`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await toast(page, 'Товар добавлен в корзину').getByRole('link', { name: 'Перейти в корзину' }).click();
  await expect(page).toHaveURL(/\/kg\/cart\/$/);
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
});

test.describe('the header on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('tucks away while scrolling down and comes back with its counters on the way up', async ({ page }) => {
    await page.goto('/kg/catalog/terapiya/');
    await waitForIslands(page);
    const header = page.locator('[data-site-header]');
    await page.mouse.wheel(0, 1600);
    await expect
      .poll(async () => (await header.boundingBox())!.y + (await header.boundingBox())!.height, {
        message: 'header tucked above the screen',
      })
      .toBeLessThanOrEqual(1);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await header.boundingBox())!.y, { message: 'header back at the top' }).toBe(0);
    const cart = (await cartLink(page).boundingBox())!;
    expect(cart.y).toBeGreaterThanOrEqual(0);
    expect(cart.y + cart.height).toBeLessThanOrEqual(844);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });
});

test('keeps the cart in localStorage and edits it on the cart page', async ({ page }) => {
  await page.goto(`/kg/product/${product.slug}/`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'В корзину', exact: true }).click();
  await expect(toast(page, 'Товар добавлен в корзину')).toBeVisible();
  await expect(cartCounter(page)).toHaveText('1');

  await page.reload();
  expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 1 }]);
  await expect(cartCounter(page)).toHaveText('1');

  await cartLink(page).click();
  await expect(page).toHaveURL('/kg/cart/');
  const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: product.name }) });
  await expect(line).toBeVisible();
  await expect(line.getByText(`Арт. ${product.sku}`)).toBeVisible();
  const quantity = line.getByRole('spinbutton', { name: `Количество: ${product.name}` });
  const more = line.getByRole('button', { name: 'Увеличить количество' });
  const less = line.getByRole('button', { name: 'Уменьшить количество' });
  await expect(quantity).toHaveValue('1');
  await expect(less).toBeDisabled();
  // What courier delivery in Bishkek costs for these goods, or that it is free.
  await expect(page.locator('.cart-delivery')).toContainText('Доставка по Бишкеку');

  await more.click();
  await more.click();
  await expect(quantity).toHaveValue('3');
  await expect(cartCounter(page)).toHaveText('3');
  await less.click();
  await expect(quantity).toHaveValue('2');
  await less.click();
  await expect(quantity).toHaveValue('1');
  await expect(less).toBeDisabled();
  // Typing a lower number does not go below 1 either: 0 is not taken, and leaving the field shows 1 again.
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 1 }]);

  const total = page.getByRole('complementary', { name: 'Итого' });
  await expect(total).toContainText('сом');

  await line.getByRole('button', { name: `Удалить из корзины: ${product.name}` }).click();
  await expect(toast(page, 'Товар удален из корзины')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Корзина пуста' })).toBeVisible();
  await expect(cartCounter(page)).toBeHidden();
  expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([]);
});

test('shares the cart between two tabs', async ({ context }) => {
  const productTab = await context.newPage();
  const cartTab = await context.newPage();
  await productTab.goto(`/kg/product/${product.slug}/`);
  await cartTab.goto('/kg/cart/');
  await waitForIslands(productTab);
  await waitForIslands(cartTab);
  await expect(cartTab.getByRole('heading', { name: 'Корзина пуста' })).toBeVisible();

  await productTab.getByRole('button', { name: 'В корзину', exact: true }).click();
  await expect(cartCounter(productTab)).toHaveText('1');
  // The other tab hears the storage event: its counter and its cart list update without a reload.
  await expect(cartCounter(cartTab)).toHaveText('1');
  const line = cartTab.getByRole('listitem').filter({ has: cartTab.getByRole('link', { name: product.name }) });
  await expect(line.getByRole('spinbutton')).toHaveValue('1');

  await line.getByRole('button', { name: 'Увеличить количество' }).click();
  await expect(cartCounter(cartTab)).toHaveText('2');
  await expect(cartCounter(productTab)).toHaveText('2');
  await expect(productTab.getByText('В корзине: 2 шт.')).toBeVisible();
});

test('a tap on «В корзину» before the page’s code has loaded waits visibly, then counts (slow phone)', async ({
  page,
}) => {
  // Every script of the page arrives 1.5 s late, as on a slow phone: the buttons are on screen before
  // anything can answer them.
  await page.route('**/_astro/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/kg/product/${product.slug}/`, { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: 'В корзину', exact: true });
  await add.click();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await expect(toast(page, 'Товар добавлен в корзину')).toBeVisible();
  await expect(add).not.toHaveAttribute('aria-busy');
  await expect(cartCounter(page)).toHaveText('1');
  expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 1 }]);

  // The same on a product card of a listing.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/kg/search/?q=${encodeURIComponent(product.name.split(' ')[0]!)}`, { waitUntil: 'commit' });
  const card = page.locator('[data-add-to-cart]:not([disabled])').first();
  const id = Number(await card.getAttribute('data-add-to-cart'));
  await card.click();
  await expect(card).toHaveAttribute('aria-busy', 'true');
  await expect(toast(page, 'Товар добавлен в корзину')).toBeVisible();
  expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id, quantity: 1 }]);
});

test('the cart stops a checkout that would fail on stock and offers to cut the line to what there is', async ({
  page,
}) => {
  await page.goto('/kg/');
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: product.id,
    quantity: product.quantity + 5,
  });
  await page.goto('/kg/cart/');
  await waitForIslands(page);
  const checkout = page.getByRole('button', { name: 'Оформить заказ' });
  await expect(checkout).toHaveAttribute('aria-disabled', 'true');
  await expect(checkout).toHaveAccessibleDescription(/есть замечания/);
  await expect(page.getByRole('link', { name: 'Оформить заказ' })).toHaveCount(0);
  await expect(page.locator('.cart-unit')).toContainText('за шт.');
  await page.getByRole('button', { name: `Уменьшить до ${product.quantity} шт.` }).click();
  await expect(page.getByRole('spinbutton', { name: /^Количество/ })).toHaveValue(String(product.quantity));
  await expect(page.getByRole('link', { name: 'Оформить заказ' })).toBeVisible();
  expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: product.quantity }]);
});

test('an out-of-stock card offers «Сообщить о поступлении», leading to the product page’s alert form', async ({
  page,
  request,
}) => {
  const out = (await allProducts(request, 'kg')).find((p) => !p.in_stock && p.price !== null);
  test.skip(!out, 'the demo catalog has no product out of stock in Kyrgyzstan');
  await page.goto(`/kg/search/?q=${encodeURIComponent(out!.sku)}`);
  const card = page.locator('.product-card', { hasText: out!.sku });
  await expect(card.getByRole('button', { name: /В корзину/ })).toHaveCount(0);
  await card.getByRole('link', { name: `Сообщить о поступлении: ${out!.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/kg/product/${out!.slug}/#stock-alert$`));
  await expect(page.locator('#stock-alert').getByLabel('Сообщить о поступлении')).toBeInViewport();
  await expect(page.locator('#stock-alert').getByRole('button', { name: 'Сообщить мне' })).toBeVisible();
});

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('show one at a time, the newest, and stay with the page they were raised on', async ({ page }) => {
    await page.goto(`/kg/product/${product.slug}/`);
    await waitForIslands(page);
    await page.getByRole('button', { name: `В избранное: ${product.name}` }).click();
    await expect(toast(page, 'Товар добавлен в избранное')).toBeVisible();
    await page.getByRole('button', { name: 'В корзину', exact: true }).first().click();
    await expect(toast(page, 'Товар добавлен в корзину')).toBeVisible();
    await expect(toast(page, 'Товар добавлен в избранное')).toBeHidden();
    // Moving on (in-page navigation) leaves the toast behind.
    await page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link').last().click();
    await expect(page).not.toHaveURL(new RegExp(`/product/${product.slug}/`));
    await expect(toast(page, 'Товар добавлен в корзину')).toBeHidden();
  });
});

test('while the cart’s products load, grey bars hold their place: no words flash by', async ({ page }) => {
  await page.goto('/kg/');
  await page.evaluate((id) => localStorage.setItem('cart', JSON.stringify([{ id, quantity: 1 }])), product.id);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/products/products/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/kg/cart/');
  await expect(page.locator('.cart-line .skeleton').first()).toBeVisible();
  await expect(page.getByText('Оформить заказ можно, когда')).toHaveCount(0);
  await expect(page.getByText('Итого —')).toHaveCount(0);
  release();
  await expect(page.getByRole('link', { name: product.name })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
});

test('checkout shows grey bars, not words, until its script has read the cart', async ({ page }) => {
  await page.goto('/kg/');
  await page.evaluate((id) => localStorage.setItem('cart', JSON.stringify([{ id, quantity: 1 }])), product.id);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The island's code held back: what the page shows before it runs.
  await page.route(/\/_astro\/CheckoutForm[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/kg/checkout/');
  await expect(page.getByRole('status').filter({ hasText: 'Загружаем корзину…' })).toBeAttached();
  await expect(page.locator('.checkout-loading .skeleton').first()).toBeVisible();
  // The words are for screen readers only (visually hidden): the bars hold the form's place.
  await expect(page.locator('.checkout-loading .visually-hidden')).toHaveText('Загружаем корзину…');
  release();
  await expect(page.getByRole('button', { name: 'Подтвердить заказ' })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0);
});
