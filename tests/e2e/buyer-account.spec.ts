import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  allProducts,
  ownAddress,
  storedJson,
  toast,
  waitForIslands,
  type ApiProduct as Listed,
} from './support/shop.ts';

type ApiProduct = Listed & { category: { id: number; name: string } };

// Issue 36, items 2, 4, 6, 8 and 10: the buyer's addresses, names and activation, and favourites that compare.
const AUTH = '/api/v1/accounts/auth';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

interface OutboxMail {
  kind: string;
  text: string;
  html: string;
}

async function mailsTo(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const response = await request.get(`/api/v1/dev/outbox/?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: OutboxMail[] }).results;
}

/** An account opened as checkout opens one (usable at once), signed in in the page's browser. */
async function signedInBuyer(page: Page, request: APIRequestContext, label: string) {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@clinic.kg`;
  const password = 'Plomba-Svet-2026';
  const headers = { 'X-Forwarded-For': ownAddress(36) };
  const created = await request.post(`${AUTH}/users/`, {
    headers,
    data: {
      email,
      password,
      re_password: password,
      first_name: 'Айгуль',
      last_name: 'Садыкова',
      phone: '+996555123456',
      country: 'kg',
      confirm_later: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await request.post(`${AUTH}/jwt/create/`, { headers, data: { email, password } });
  expect(login.status()).toBe(200);
  const { access, refresh } = (await login.json()) as { access: string; refresh: string };
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([
    { name: 'token', value: access, url },
    { name: 'refresh', value: refresh, url },
  ]);
  return { email, access };
}

async function putInCart(page: Page, product: ApiProduct): Promise<void> {
  await page.goto('/kg/');
  await page.evaluate((id) => localStorage.setItem('cart', JSON.stringify([{ id, quantity: 1 }])), product.id);
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a repeat order keeps the address: chosen in checkout, kept in the profile; forms come prefilled', async ({
      page,
      request,
    }) => {
      const { access } = await signedInBuyer(page, request, `repeat-${size.name}`);
      const products = ((await allProducts(request, 'kg')) as ApiProduct[]).filter(
        (p) => p.in_stock && p.price !== null && p.quantity >= 20,
      );
      const address = `ул. Киевская, ${size.width}, кабинет 3`;
      const first = await request.post('/api/v1/orders/order_create/', {
        headers: { Authorization: `Bearer ${access}`, 'X-Forwarded-For': ownAddress(36) },
        data: {
          country: 'kg',
          items: [{ product: products[0]!.id, quantity: 1 }],
          contact: { name: 'Айгуль Садыкова', phone: '+996555123456' },
          delivery: { method: 'courier', city: 'Бишкек', address },
          payment: { method: 'on_receipt' },
        },
      });
      expect(first.status(), await first.text()).toBe(201);

      // The second order starts where the first went: by courier, to the remembered address.
      await putInCart(page, products[1]!);
      await page.goto('/kg/checkout/');
      await waitForIslands(page);
      await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Айгуль');
      await expect(page.getByLabel('Фамилия')).toHaveValue('Садыкова');
      await expect(page.getByRole('radio', { name: 'Курьером' })).toBeChecked();
      const saved = page.getByRole('radiogroup', { name: 'Адрес доставки' });
      await expect(saved.getByRole('radio', { name: `Бишкек, ${address}` })).toBeChecked();
      await expect(page.getByLabel('Город')).toHaveCount(0);
      await expect(page.getByTestId('checkout-delivery')).not.toHaveText('укажите город');
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/buyer-checkout-${size.width}.png`, fullPage: true });
      // «Другой адрес» asks for one; going back to the saved one keeps it.
      await saved.getByRole('radio', { name: 'Другой адрес' }).check();
      await expect(page.getByLabel('Город')).toBeVisible();
      await saved.getByRole('radio', { name: `Бишкек, ${address}` }).check();
      await page.getByRole('button', { name: 'Подтвердить заказ' }).click();
      await expect(toast(page, 'Заказ оформлен')).toBeVisible();
      await expect(page).toHaveURL(/\/kg\/account\/orders\/KG-\d{6}\/$/);
      await expect(page.getByRole('main')).toContainText(address);
      await expect(page.getByRole('main')).toContainText('Айгуль Садыкова');

      // The profile keeps it: the latest first, editable, and a new one comes first.
      await page.goto('/kg/account/');
      await waitForIslands(page);
      const book = page.getByRole('region', { name: 'Адреса доставки' });
      await expect(book.getByText(`Бишкек, ${address}`)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Профиль' }).getByText('Садыкова')).toBeVisible();
      await book.getByRole('button', { name: 'Изменить', exact: true }).click();
      await book.getByRole('button', { name: 'Добавить адрес' }).click();
      await book.getByLabel('Город', { exact: true }).fill('Ош');
      await book.getByLabel('Адрес', { exact: true }).fill('ул. Ленина, 5');
      await book.getByRole('button', { name: 'Сохранить' }).click();
      await expect(book.getByText('Адрес сохранён.')).toBeVisible();
      await expect(book.locator('li').first()).toContainText('Ош, ул. Ленина, 5');
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/buyer-addresses-${size.width}.png`, fullPage: true });
      await book.getByRole('button', { name: `Изменить адрес Ош, ул. Ленина, 5` }).click();
      await book.getByLabel('Адрес', { exact: true }).fill('ул. Ленина, 7');
      await book.getByRole('button', { name: 'Сохранить' }).click();
      await expect(book.getByText('Адрес изменён.')).toBeVisible();
      await book.getByRole('button', { name: 'Сделать основным' }).click();
      await expect(book.locator('li').first()).toContainText(address);
      await book.getByRole('button', { name: 'Удалить адрес Ош, ул. Ленина, 7' }).click();
      await expect(book.locator('li', { hasText: 'Ош, ул. Ленина, 7' })).toHaveCount(0);
      await expect(book.locator('li')).toHaveCount(1);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Адреса доставки' }).locator('li')).toHaveCount(1);

      // A form the buyer sends is filled in from the profile.
      await page.goto('/kg/support/');
      await waitForIslands(page);
      await expect(page.getByLabel('Имя')).toHaveValue('Айгуль Садыкова');
      await expect(page.getByLabel(/Электронная почта/)).toHaveValue(/@clinic\.kg$/);
      await expect(page.getByLabel(/Телефон/)).not.toHaveValue('');
    });

    test('the activation link from the mail signs in and returns to the cart', async ({ page, request }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress(37) });
      const product = ((await allProducts(request, 'kg')) as ApiProduct[]).find((p) => p.in_stock && p.price !== null)!;
      await putInCart(page, product);
      await page.goto('/kg/cart/');
      await waitForIslands(page);
      await page.getByRole('navigation', { name: 'Покупки' }).getByRole('link', { name: 'Войти' }).click();
      await expect(page).toHaveURL(/\/kg\/login\/\?next=%2Fkg%2Fcart%2F$/);
      await page.getByRole('link', { name: 'Зарегистрируйтесь' }).click();
      await expect(page).toHaveURL(/\/kg\/register\/\?next=%2Fkg%2Fcart%2F$/);
      await waitForIslands(page);
      const email = `activation-${size.width}-${Date.now()}@clinic.kg`;
      await page.getByLabel('Электронная почта').fill(email);
      await page.getByLabel('Пароль', { exact: true }).fill('Plomba-Svet-2026');
      await page.getByLabel('Пароль ещё раз').fill('Plomba-Svet-2026');
      await page.getByLabel('Имя', { exact: true }).fill('Бакыт');
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Подтвердите адрес электронной почты' })).toBeVisible();
      await expect(page.getByText('сразу впустит вас в магазин и вернёт туда, откуда вы пришли')).toBeVisible();

      // «Письмо не пришло?»: the mail sent again keeps the way back too (the newest mail is used below).
      const activationMails = async () => (await mailsTo(request, email)).filter((m) => m.kind === 'activation');
      await expect.poll(async () => (await activationMails()).length).toBe(1);
      await page.getByRole('button', { name: 'Отправить письмо ещё раз' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'мы отправили на этот адрес новое письмо' }),
      ).toBeVisible();

      // The mail's HTML has a button (a link), and the link keeps the way back to the cart.
      let mail: OutboxMail | undefined;
      await expect
        .poll(async () => {
          const activations = await activationMails();
          mail = activations[0];
          return activations.length;
        })
        .toBe(2);
      const href = /<a href="([^"]+\/kg\/activate\/[^"]+)"[^>]*>Подтвердить адрес<\/a>/.exec(mail!.html)?.[1];
      expect(href).toBeTruthy();
      const link = new URL(href!.replace(/&amp;/g, '&'));
      expect(link.searchParams.get('next')).toBe('/kg/cart/');

      await page.goto(`${link.pathname}${link.search}`);
      await expect(page).toHaveURL(/\/kg\/cart\/$/);
      await expect(toast(page, 'Адрес подтверждён, вы вошли в магазин')).toBeVisible();
      await waitForIslands(page);
      await expect(
        page.getByRole('navigation', { name: 'Покупки' }).getByRole('link', { name: 'Личный кабинет: Бакыт' }),
      ).toBeVisible();
      expect(await storedJson(page, 'cart')).toEqual([{ id: product.id, quantity: 1 }]);
      await expectNoSeriousAxeViolations(page);

      // Opened again, the spent link speaks to a buyer who is signed in: no «войдите».
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { name: 'Адрес уже подтверждён' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Вернуться в корзину' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Войти' })).toHaveCount(0);
      await page.screenshot({ path: `test-results/buyer-activation-${size.width}.png`, fullPage: true });
    });

    test('favourites compare products in a table whose columns swipe on a phone', async ({ page, request }) => {
      const products = ((await allProducts(request, 'kg')) as ApiProduct[]).filter((p) => p.price !== null);
      // Three products of one category, one of them with a known pack size, for the price per unit.
      const byCategory = new Map<number, ApiProduct[]>();
      for (const p of products) byCategory.set(p.category.id, [...(byCategory.get(p.category.id) ?? []), p]);
      let chosen: ApiProduct[] = [];
      for (const group of byCategory.values()) {
        if (group.length < 3) continue;
        const ids = group.slice(0, 100).map((p) => p.id);
        const answer = await request.get(`/api/v1/products/comparison/?ids=${ids.join(',')}`);
        expect(answer.status()).toBe(200);
        const { products: compared } = (await answer.json()) as {
          products: { id: number; values: Record<string, string> }[];
        };
        const packed = compared.find((c) => c.values['kolichestvo-v-upakovke']);
        if (!packed) continue;
        const first = group.find((p) => p.id === packed.id)!;
        chosen = [first, ...group.filter((p) => p.id !== first.id).slice(0, 2)];
        break;
      }
      expect(chosen).toHaveLength(3);
      await page.goto('/kg/');
      await page.evaluate(
        (ids) => localStorage.setItem('fav', JSON.stringify(ids)),
        chosen.map((p) => p.id),
      );
      await page.goto('/kg/favorites/');
      await waitForIslands(page);

      const table = page.getByRole('region', { name: new RegExp(chosen[0]!.category.name) }).getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveCount(3);
      for (const p of chosen) await expect(table.getByRole('link', { name: p.name, exact: true })).toBeVisible();
      for (const row of ['Цена', 'Цена за единицу', 'Наличие', 'Бренд', 'Артикул', 'Количество в упаковке'])
        await expect(table.getByRole('rowheader', { name: row, exact: true })).toBeVisible();
      await expect(table.getByRole('row', { name: /Артикул/ })).toContainText(chosen[0]!.sku);
      await expect(table.getByRole('row', { name: /Цена за единицу/ })).toContainText('/ шт');
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/buyer-favourites-${size.width}.png`, fullPage: true });

      // Each removal button lies whole within the screen (issue 36, item 10), at 320 px too.
      const widths = size.width === 390 ? [390, 320] : [1366];
      for (const width of widths) {
        await page.setViewportSize({ width, height: size.height });
        const remove = table.getByRole('button', { name: `Убрать из избранного: ${chosen[0]!.name}` });
        const box = (await remove.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.width).toBeGreaterThanOrEqual(44);
        // No word of the table is split across lines (issue 36: «производит-еля» at 320 px).
        expect(await table.evaluate(brokenWords)).toEqual([]);
        if (width === 320) await page.screenshot({ path: 'test-results/buyer-favourites-320.png', fullPage: true });
      }

      if (size.width === 390) {
        // The columns swipe and snap: one scroll step lands on the next column's edge.
        const scroller = page.locator('.compare-scroll').first();
        const step = await scroller.evaluate((el) => {
          const [first, second] = el.querySelectorAll('thead th');
          return second!.getBoundingClientRect().left - first!.getBoundingClientRect().left;
        });
        await scroller.evaluate((el, by) => el.scrollBy({ left: by }), Math.round(step * 0.7));
        await expect.poll(() => scroller.evaluate((el) => Math.round(el.scrollLeft))).toBeGreaterThan(step - 3);
        expect(await scroller.evaluate((el) => Math.round(el.scrollLeft))).toBeLessThan(step + 3);
      }

      await table.getByRole('button', { name: `Убрать из избранного: ${chosen[0]!.name}` }).click();
      await expect(table.getByRole('columnheader')).toHaveCount(2);
      expect(await storedJson<number[]>(page, 'fav')).toEqual(chosen.slice(1).map((p) => p.id));
    });
  });
}

/** The words of an element's text that a line break splits in two (each word measured on its own). */
function brokenWords(root: Element): string[] {
  const broken: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  return broken;
}
