/**
 * The back office's resource screens speak the shop's words, on a laptop and on a phone: what was
 * created, saved or deleted is named («Баннер «…» сохранён»), the delete dialog asks about the thing
 * itself («Удалить баннер «…»?»), document kinds read as their Russian names, and a select that must
 * have a value offers no empty choice (nor shows one: a short table's page size).
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { expect, test, type Page } from './support/test.ts';

const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };

let consoleErrors: string[] = [];
let sequence = 0;

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  // Each test signs in from an address of its own: the login limit counts per address.
  sequence += 1;
  void context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${120 + sequence}` });
  page.on('console', (message) => {
    // The test server's access token lives 5 s: its refresh (a 401, then the call again) is expected.
    const refresh = /^Failed to load resource: the server responded with a status of 401/.test(message.text());
    if (message.type() === 'error' && !refresh) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/staff/');
  // The back office's script is large: give its first load time on a busy machine.
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Сегодня в магазине' })).toBeVisible();
}

/** The notification the screen shows now. */
const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

for (const { label, viewport } of [
  { label: 'laptop', viewport: { width: 1366, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // A sign-in, three screens and four axe checks each: more than the default on a busy machine.
    test.describe.configure({ timeout: 90_000 });

    test('a banner is created, saved and deleted with messages that name it', async ({ page }) => {
      const title = `Весенняя распродажа ${label} ${Date.now()}`;
      await signIn(page);
      await page.goto('/staff/#/banners/create');
      await expect(page.getByText('Новый баннер').first()).toBeVisible();
      await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(title);
      // The picture is uploaded like a product photo, or its address typed (staff-pictures.spec.ts uploads one).
      await page.getByLabel('или адрес картинки').fill('/images/content/about.svg');
      // Hidden from the home page: other tests count the banners it shows.
      await page.getByLabel('Показан на главной').uncheck();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(notice(page, `Баннер «${title}» создан`)).toBeVisible();
      await expect(page.getByText('Элемент создан')).toHaveCount(0);

      await page.getByRole('cell', { name: title }).click();
      await page.getByLabel('Подзаголовок').fill('Скидки на композиты до конца месяца');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(notice(page, `Баннер «${title}» сохранён`)).toBeVisible();
      await expect(page.getByText(/Элемент обновл[её]н/)).toHaveCount(0);

      await page.getByRole('cell', { name: title }).click();
      await expect(page.getByLabel('Подзаголовок')).toHaveValue('Скидки на композиты до конца месяца');
      await page.getByRole('button', { name: 'Удалить' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: `Удалить баннер «${title}»?` })).toBeVisible();
      await expect(dialog).toContainText('Это нельзя отменить.');
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: 'Подтвердить' }).click();
      await expect(notice(page, `Баннер «${title}» удалён`)).toBeVisible();
      await expect(page.getByRole('cell', { name: title })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    });

    test('document kinds read as their Russian names, and required selects offer no empty choice', async ({ page }) => {
      await signIn(page);
      await page.goto('/staff/#/documents');
      await expect(page.getByText('Публичная оферта').first()).toBeVisible();
      await expect(page.getByRole('cell', { name: 'offer', exact: true })).toHaveCount(0);
      // The page size is one of its select's choices (phones show no page-size select).
      if (viewport.width > 600)
        await expect(page.getByRole('combobox', { name: /Строк на странице/ })).toHaveText('100');
      await expectNoSeriousAxeViolations(page);

      await page.goto('/staff/#/documents/create');
      await page.getByRole('combobox', { name: 'Вид' }).click();
      const kinds = page.getByRole('listbox').getByRole('option');
      await expect(kinds.first()).toHaveText('Публичная оферта');
      expect((await kinds.allTextContents()).map((text) => text.trim()).filter((text) => text === '')).toEqual([]);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('option', { name: 'Лицензия' }).click();
      await expect(page.getByRole('combobox', { name: 'Вид' })).toHaveText('Лицензия');

      await page.goto('/staff/#/specifications/create');
      await page.getByRole('combobox', { name: 'Значения' }).click();
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
        'Текст (оттенок, форма)',
        'Число (объём, длина)',
      ]);
      await page.keyboard.press('Escape');

      await page.goto('/staff/#/contacts/create');
      await page.getByRole('combobox', { name: 'Страна' }).click();
      await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Кыргызстан', 'Казахстан']);
      await page.keyboard.press('Escape');
      await expectNoSeriousAxeViolations(page);
    });
  });
}
