/**
 * The buyer, third round (issue 36): Kyrgyz first on the Kyrgyz site (item 3), the order's story (item 5),
 * a search that admits it found nothing and puts the size typed first (item 7), and phones written one way
 * (item 13), at a phone's and a desktop's width, with axe on every page.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { apiToken, DOCTOR, STAFF } from './support/staff.ts';
import { productCards, waitForIslands } from './support/shop.ts';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** An order of the demo doctor's, confirmed and shipped by a manager with a comment. */
async function shippedOrder(request: APIRequestContext): Promise<string> {
  const doctor = await apiToken(request, DOCTOR, '192.0.2.201');
  const { results } = (await (await request.get('/api/v1/products/products/?country=kg&limit=50')).json()) as {
    results: { id: number; in_stock: boolean; quantity: number }[];
  };
  const product = results.find((p) => p.in_stock && p.quantity > 2)!;
  const placed = await request.post('/api/v1/orders/order_create/', {
    headers: { Authorization: `Bearer ${doctor}`, 'X-Forwarded-For': '192.0.2.202' },
    data: {
      country: 'kg',
      items: [{ product: product.id, quantity: 1 }],
      contact: { name: 'Айгуль Садыкова', phone: '+996555123456' },
      delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Киевская, 95' },
      payment: { method: 'on_receipt' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = (await placed.json()) as { number: string };
  const staff = await apiToken(request, STAFF, '192.0.2.203');
  for (const [status, comment] of [
    ['confirmed', ''],
    ['shipped', 'Курьер выехал, будет у вас до 18:00.'],
  ]) {
    const moved = await request.post(`/api/v1/staff/orders/${number}/status/`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { status, comment },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return number;
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the Kyrgyz home page and course pages list Bishkek’s courses and cities first', async ({ page }) => {
      await page.goto('/kg/');
      const courses = page.getByRole('region', { name: 'Ближайшие курсы' });
      await expect(courses.locator('.course-card').first()).toContainText('Бишкек');
      await courses.scrollIntoViewIfNeeded();
      await shot(page, `kg-home-courses-${size.name}`);
      await expectNoSeriousAxeViolations(page);

      await page.goto('/kg/courses/?city=all');
      const chips = page.getByRole('navigation', { name: 'Фильтры курсов' }).getByRole('link');
      await expect(chips.first()).toContainText('Бишкек');
      // On a phone the first chip is on the screen, not pushed off by the Kazakh cities.
      const box = (await chips.first().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await expect(page.locator('.course-card').first()).toContainText('Бишкек');
      await shot(page, `kg-courses-${size.name}`);
      await expectNoSeriousAxeViolations(page);

      await page.goto('/kz/courses/?city=all');
      await expect(page.getByRole('navigation', { name: 'Фильтры курсов' }).getByRole('link').first()).toContainText(
        'Алматы',
      );

      await page.goto('/kg/courses/request/');
      await waitForIslands(page);
      const options = await page.getByLabel('Город').locator('option').allTextContents();
      expect(options.slice(0, 3)).toEqual(['Любой', 'Бишкек', 'Ош']);
      await expectNoSeriousAxeViolations(page);
    });

    test('the order page tells the order’s story with dates and the manager’s comment', async ({ page, request }) => {
      const number = await shippedOrder(request);
      await page.goto(`/kg/login/?next=${encodeURIComponent(`/kg/account/orders/${number}/`)}`);
      await waitForIslands(page);
      await page.getByLabel('Электронная почта').fill(DOCTOR.email);
      await page.getByLabel('Пароль').fill(DOCTOR.password);
      await page.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/kg/account/orders/${number}/$`));

      const story = page.getByRole('region', { name: 'История заказа' });
      const steps = story.getByRole('listitem');
      await expect(steps).toHaveCount(3);
      await expect(steps.nth(0)).toContainText('Отправлен');
      await expect(steps.nth(0)).toContainText('Менеджер');
      await expect(steps.nth(0)).toContainText('Курьер выехал, будет у вас до 18:00.');
      await expect(steps.nth(1)).toContainText('Подтверждён');
      await expect(steps.nth(2)).toContainText('Новый');
      await expect(steps.nth(2)).toContainText('Вы');
      await expect(steps.nth(0).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
      await expect(story).not.toContainText(STAFF.email);
      // The recipient's phone, the shop's way.
      await expect(page.getByRole('region', { name: 'Доставка и оплата' })).toContainText('+996 555 12-34-56');
      await story.scrollIntoViewIfNeeded();
      await shot(page, `order-story-${size.name}`);
      await expectNoSeriousAxeViolations(page);
    });

    test('a search for what the shop does not sell says so; a size typed comes first', async ({ page }) => {
      await page.goto(`/kg/search/?q=${encodeURIComponent('ультракаин')}`);
      await expect(page.getByRole('heading', { name: 'Ничего не нашлось по запросу «ультракаин»' })).toBeVisible();
      await expect(productCards(page)).toHaveCount(0);
      await expect(page.getByText('Или загляните в разделы каталога:')).toBeVisible();
      await expect(page.locator('.try-instead a').first()).toBeVisible();
      await shot(page, `search-nothing-${size.name}`);
      await expectNoSeriousAxeViolations(page);

      await page.goto(`/kg/search/?q=${encodeURIComponent('перчатки M')}`);
      await expect(productCards(page).first()).toContainText('размер M');
      await expectNoSeriousAxeViolations(page);
    });

    test('the office phone reads the same in the header, the footer and on the contacts page', async ({ page }) => {
      await page.goto('/kg/contacts/');
      await expect(page.locator('main').getByRole('link', { name: '+996 312 98-76-54' }).first()).toBeVisible();
      await expect(page.locator('footer').getByText('+996 312 98-76-54').first()).toBeAttached();
      await expect(page.locator('footer a[href="tel:+996312987654"]').first()).toBeAttached();
    });
  });
}
