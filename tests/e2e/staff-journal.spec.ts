/**
 * The journal of changes as a manager uses it, on a desktop and on a phone: a price changed in a
 * product's form is in the product's own history at once and in «Журнал изменений», in words
 * («изменил(а) цену: 6 550 сом → 6 650 сом»), found again by person and by record; the journal passes
 * axe and never scrolls sideways on a phone.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { listProducts, type ApiProduct } from './support/shop.ts';
import { expect, test, type Page } from './support/test.ts';

const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };

let consoleErrors: string[] = [];
/** The access token lives 5 s in the test server: its refresh (401, then retried) is expected. */
const expectedFailures = /^Failed to load resource: the server responded with a status of 401/;
let sequence = 0;

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  sequence += 1;
  // Each test signs in from an address of its own: the login limit counts per address.
  void context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${140 + sequence}` });
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedFailures.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/staff/');
  // The back office's script is large: give its first load time on a slow machine.
  await expect(page.getByRole('heading', { name: /управление/ })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Сегодня в магазине' })).toBeVisible();
}

/** A menu item of the back office; on a phone the menu opens first. */
async function openMenuItem(page: Page, name: string, phone: boolean): Promise<void> {
  if (phone) {
    // The app bar hides while the page scrolls down on a phone, and comes back at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Открыть меню' }).click();
  }
  await page.getByRole('menuitem', { name }).click();
}

/** «6 650 сом» as the shop writes it (grouped digits, a no-break space before the currency), as a pattern. */
const som = (amount: number) => `${amount.toLocaleString('ru-RU').replace(/\s/g, '\\s')}\\sсом`;

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths[1]!);
}

for (const [label, viewport, bump] of [
  ['at 1366 px', { width: 1366, height: 900 }, 100],
  ['on a 390 px phone', { width: 390, height: 844 }, 200],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });
    const phone = viewport.width < 600;

    test('a price changed in the product form is in its history and in the journal, in words', async ({
      page,
      request,
    }) => {
      // Sign-in, two screens and axe on a shared machine: more than the default 45 s.
      test.slow();
      const { results } = await listProducts(request, { country: 'kg', limit: 20, ordering: 'name' });
      const product: ApiProduct = results.filter((p) => p.price !== null)[phone ? 1 : 0]!;
      const before = Math.round(Number(product.price));
      const after = before + bump;

      await signIn(page);
      await openMenuItem(page, 'Товары', phone);
      await page.getByPlaceholder('Артикул или название').fill(product.sku);
      await expect(page).toHaveURL(/filter=/);
      await page.getByText(product.name).first().click();
      await expect(page.getByRole('textbox', { name: 'Название' })).toHaveValue(product.name);

      const kyrgyzstan = page.locator('form').filter({ has: page.getByRole('heading', { name: /^Кыргызстан/ }) });
      await kyrgyzstan.getByLabel('Цена', { exact: true }).fill(String(after));
      await kyrgyzstan.getByRole('button', { name: 'Сохранить цену и остаток' }).click();
      await expect(page.getByText('Кыргызстан: цена и остаток сохранены, на сайте — сразу.')).toBeVisible();

      const change = new RegExp(`изменил\\(а\\) цену: ${som(before)} → ${som(after)}`);
      const history = page.getByRole('complementary', { name: 'История изменений' });
      await expect(history.getByText(change)).toBeVisible();
      await expect(history.getByText('Сотрудник Магазина').first()).toBeVisible();

      await openMenuItem(page, 'Журнал изменений', phone);
      await expect(page.getByText(change).first()).toBeVisible();
      const entry = phone
        ? page.getByRole('listitem').filter({ hasText: change }).first()
        : page.getByRole('row').filter({ hasText: change }).first();
      await expect(entry.getByRole('link', { name: product.name })).toBeVisible();
      await expect(entry.getByText('Кыргызстан')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await noSidewaysScroll(page);

      // Found again by the person who made it (the filter is in the address) and by the record.
      if (phone) {
        await page.getByRole('button', { name: 'Добавить фильтр' }).click();
        await page.getByRole('menuitemcheckbox', { name: 'Кто' }).click();
      }
      await page.getByRole('combobox', { name: 'Кто' }).click();
      // The filtered page (after the session's refresh, if it had to) must be in before the reload.
      const filtered = page.waitForResponse((r) => /\/staff\/journal\/\?.*user=/.test(r.url()) && r.ok());
      await page.getByRole('option', { name: `Сотрудник Магазина (${STAFF.email})` }).click();
      await filtered;
      await expect(page).toHaveURL(/filter=.*user/);
      await expect(page.getByText(change).first()).toBeVisible();
      await page.reload();
      await expect(page.getByText(change).first()).toBeVisible();

      await entry.getByRole('link', { name: product.name }).click();
      await expect(page.getByRole('textbox', { name: 'Название' })).toHaveValue(product.name);
      await expect(page.getByRole('complementary', { name: 'История изменений' }).getByText(change)).toBeVisible();
      await noSidewaysScroll(page);
    });
  });
}
