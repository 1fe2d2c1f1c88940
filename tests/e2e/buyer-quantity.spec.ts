/**
 * Issue 36, items 1, 11, 12, 14 and 15: the quantity field takes what a person types (clear, type, tap) on
 * the product page, a product card and the cart, at 390 (touch) and 1366 (keyboard); the buy bar stays
 * under the catalog drawer; counts say «N позиций, M шт.»; the printing price says «за единицу»; the tax
 * number's rule shows before any error; the orders list puts the sum on the right.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { listProducts, storedJson, toast, waitForIslands, type ApiProduct } from './support/shop.ts';
import { expect, test } from './support/test.ts';

interface StoredCartLine {
  id: number;
  quantity: number;
}

const CUSTOMER = { email: 'doctor@dental.test', password: 'Doctor-Demo-2026' };
const SHOTS = 'test-results/buyer-quantity';

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, touch: false },
] as const;

let product: ApiProduct;

test.beforeAll(async ({ request }) => {
  // Enough stock that 10 fits and «stock + 5» is clearly above it.
  const { results } = await listProducts(request, { country: 'kg', limit: 100, ordering: 'name' });
  const found = results.find((p) => p.in_stock && p.price !== null && p.quantity >= 12);
  if (!found) throw new Error('The demo catalog has no product with 12+ units in Kyrgyzstan.');
  product = found;
});

/** Clears the field and types `text` as a person does: a tap (or a click) into it, select, erase, type. */
async function retype(page: Page, field: Locator, text: string, touch: boolean): Promise<void> {
  if (touch) await field.tap();
  else await field.click();
  await field.selectText();
  await page.keyboard.press('Backspace');
  // Empty while typing: nothing snaps back to 1.
  await expect(field).toHaveValue('');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

async function press(button: Locator, touch: boolean): Promise<void> {
  if (touch) await button.tap();
  else await button.click();
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch });

    test('the product page adds the number typed: clear, type 10, «В корзину»; above the stock it says so and adds nothing', async ({
      page,
    }) => {
      await page.goto(`/kg/product/${product.slug}/`);
      await waitForIslands(page);
      const field = page.locator('#quantity');
      const add = page.getByRole('button', { name: 'В корзину', exact: true }).first();

      await retype(page, field, '10', size.touch);
      await press(add, size.touch);
      await expect(toast(page, 'Добавлено 10 шт.')).toBeVisible();
      await expect(toast(page, 'Товар добавлен в корзину')).toBeVisible();
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 10 }]);
      await expect(page.getByText('В корзине: 10 шт.')).toBeVisible();
      // Ready for the next: back to 1.
      await expect(field).toHaveValue('1');

      // More than the stock leaves: the number stays as typed, the field says why, «В корзину» adds nothing.
      const tooMany = String(product.quantity + 5);
      await retype(page, field, tooMany, size.touch);
      const notice = page.locator('#quantity-notice');
      await expect(notice).toHaveText(`Доступно только ${product.quantity} шт., 10 из них уже в корзине.`);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(/Доступно только/);
      await press(add, size.touch);
      await expect(field).toHaveValue(tooMany);
      await expect(field).toBeFocused();
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 10 }]);
      await page.screenshot({ path: `${SHOTS}/product-${size.name}.png` });
      await expectNoSeriousAxeViolations(page);

      // Left empty, the field shows the last number taken again; then the keyboard's way: ↓ and Enter.
      await retype(page, field, '2', size.touch);
      await field.selectText();
      await page.keyboard.press('Backspace');
      await field.blur();
      await expect(field).toHaveValue('2');
      await field.focus();
      await page.keyboard.press('ArrowDown');
      await expect(field).toHaveValue('1');
      await page.keyboard.press('Enter');
      await expect(toast(page, 'Добавлено 1 шт., в корзине 11 шт.')).toBeVisible();
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 11 }]);
    });

    test('a product card adds the number typed in its own field, and says when it is above the stock', async ({
      page,
    }) => {
      await page.goto(`/kg/search/?q=${encodeURIComponent(product.sku)}`);
      const card = page.locator('.product-card', { hasText: product.sku }).first();
      const field = card.getByRole('spinbutton', { name: `Количество: ${product.name}` });
      const add = card.getByRole('button', { name: `В корзину: ${product.name}` });

      await retype(page, field, '10', size.touch);
      await press(add, size.touch);
      await expect(toast(page, 'Добавлено 10 шт.')).toBeVisible();
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 10 }]);
      await expect(field).toHaveValue('1');

      await retype(page, field, String(product.quantity + 5), size.touch);
      const notice = card.locator('[data-quantity-notice]');
      await expect(notice).toHaveText(`Доступно только ${product.quantity} шт., 10 из них уже в корзине.`);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await press(add, size.touch);
      await expect(field).toHaveValue(String(product.quantity + 5));
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 10 }]);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/card-${size.name}.png` });
      await expectNoSeriousAxeViolations(page);

      // The − and + step from the number taken; an emptied field comes back to it when left.
      await retype(page, field, '3', size.touch);
      await press(card.getByRole('button', { name: 'Увеличить количество' }), size.touch);
      await expect(field).toHaveValue('4');
      await expect(notice).toBeEmpty();
      await field.selectText();
      await page.keyboard.press('Backspace');
      await field.blur();
      await expect(field).toHaveValue('4');
    });

    test('the cart takes the number typed, never 1 or the stock in its place, and says what the total leaves out', async ({
      page,
    }) => {
      await page.goto('/kg/');
      await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), {
        id: product.id,
        quantity: 2,
      });
      await page.goto('/kg/cart/');
      await waitForIslands(page);
      const field = page.getByRole('spinbutton', { name: `Количество: ${product.name}` });
      await expect(field).toHaveValue('2');

      await retype(page, field, '10', size.touch);
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 10 }]);
      await field.blur();
      await expect(field).toHaveValue('10');
      const summary = page.getByRole('complementary', { name: 'Итого' });
      await expect(summary).toContainText('Товары — 1 позиция, 10 шт.');
      await expect(summary).toContainText('Итого без доставки');

      // Emptied and left: the quantity taken stays (not 1).
      await field.selectText();
      await page.keyboard.press('Backspace');
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: 10 }]);
      await field.blur();
      await expect(field).toHaveValue('10');

      // Above the stock: kept as typed, said beside the line, with the way to fix it.
      const tooMany = product.quantity + 5;
      await retype(page, field, String(tooMany), size.touch);
      await field.blur();
      expect(await storedJson<StoredCartLine[]>(page, 'cart')).toEqual([{ id: product.id, quantity: tooMany }]);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(`Доступно только ${product.quantity} шт.`));
      await expect(page.getByRole('button', { name: `Уменьшить до ${product.quantity} шт.` })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/cart-${size.name}.png`, fullPage: true });
      await expectNoSeriousAxeViolations(page);
    });
  });
}

test('on a phone the catalog drawer opens over the product page’s buy bar', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/kg/product/${product.slug}/`);
  await waitForIslands(page);
  const bar = page.locator('.buy-bar');
  const header = page.locator('[data-site-header]');
  await page.mouse.wheel(0, 3000);
  await expect(bar).toHaveAttribute('data-shown', 'true');
  // A little way up: the header comes back, the buy block stays out of view.
  await page.mouse.wheel(0, -40);
  await expect.poll(async () => (await header.boundingBox())!.y, { message: 'header back in view' }).toBe(0);
  await expect(bar).toHaveAttribute('data-shown', 'true');

  const menu = page.locator('[data-catalog-menu]');
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
  // What is on top at the bottom of the screen, where the bar is: the drawer.
  const onTop = await page.evaluate(() => {
    const element = document.elementFromPoint(195, 830);
    return { inDrawer: !!element?.closest('.catalog-panel'), inBar: !!element?.closest('.buy-bar') };
  });
  expect(onTop).toEqual({ inDrawer: true, inBar: false });
  await page.screenshot({ path: `${SHOTS}/drawer-over-bar-phone.png` });
});

test('the printing request prices «за единицу», in the accusative', async ({ page }) => {
  await page.goto('/kg/printing/request/');
  const options = await page.locator('select option').allTextContents();
  expect(options.some((text) => / за единицу$/.test(text))).toBe(true);
  expect(options.filter((text) => / за единица$/.test(text))).toEqual([]);
});

/** Signs the context in as the demo customer (the login form's two cookies); answers the access token. */
async function signIn(context: BrowserContext, request: APIRequestContext, baseURL: string): Promise<string> {
  const response = await request.post('/api/v1/accounts/auth/jwt/create/', {
    data: CUSTOMER,
    headers: { 'X-Forwarded-For': `198.51.100.${36 + Math.floor(Math.random() * 100)}` },
  });
  expect(response.status()).toBe(200);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  await context.addCookies([
    { name: 'token', value: access, url: baseURL },
    { name: 'refresh', value: refresh, url: baseURL },
  ]);
  return access;
}

for (const size of SIZES) {
  test(`at ${size.viewport.width} an order is counted «2 позиции, 3 шт.» everywhere, its sum on the right; the ИНН rule shows before any error`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await page.setViewportSize(size.viewport);
    const access = await signIn(context, request, baseURL!);
    const { results } = await listProducts(request, { country: 'kg', limit: 100, ordering: 'name' });
    const [first, second] = results.filter((p) => p.in_stock && p.price !== null && p.quantity >= 10);
    const placed = await request.post('/api/v1/orders/order_create/', {
      headers: { Authorization: `Bearer ${access}` },
      data: {
        country: 'kg',
        items: [
          { product: first!.id, quantity: 2 },
          { product: second!.id, quantity: 1 },
        ],
        delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Токтогула, 1' },
        payment: { method: 'on_receipt' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { number } = (await placed.json()) as { number: string };

    await page.goto('/kg/account/orders/');
    const card = page.locator('.order-card', { hasText: number });
    await expect(card).toContainText('2 позиции, 3 шт.');
    const cardBox = (await card.boundingBox())!;
    const totalBox = (await card.locator('.order-total').boundingBox())!;
    const numberBox = (await card.getByRole('link', { name: `Заказ ${number}` }).boundingBox())!;
    // The sum ends at the card's right edge (its padding), on the order number's row.
    expect(cardBox.x + cardBox.width - (totalBox.x + totalBox.width)).toBeLessThanOrEqual(24);
    expect(Math.abs(totalBox.y + totalBox.height / 2 - (numberBox.y + numberBox.height / 2))).toBeLessThanOrEqual(8);
    await page.screenshot({ path: `${SHOTS}/orders-${size.name}.png` });
    await expectNoSeriousAxeViolations(page);

    await card.getByRole('link', { name: `Заказ ${number}` }).click();
    await expect(page.getByRole('heading', { name: 'Товары — 2 позиции, 3 шт.' })).toBeVisible();

    // Checkout by invoice: the field says its rule before anything is sent.
    await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), { id: first!.id, quantity: 1 });
    await page.goto('/kg/checkout/');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { name: 'Товары — 1 позиция, 1 шт.' })).toBeVisible();
    await page.getByRole('radio', { name: 'По счёту для клиники' }).check();
    await expect(page.getByRole('textbox', { name: 'ИНН' })).toHaveAccessibleDescription('ИНН — 14 цифр.');
  });
}
