/**
 * The back office's clinics and price lists (issue 37, staff): a manager finds a clinic by its ИНН, gives it
 * a price list of its country and marks it «Проверена»; the price list then names the clinic. On a laptop
 * and on a phone, axe on every screen.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { apiToken, STAFF } from './support/staff.ts';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';

const AUTH = '/api/v1/accounts/auth';
const PASSWORD = 'Klinika-Proverka-2026';

let consoleErrors: string[] = [];
let sequence = 0;

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  sequence += 1;
  void context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${160 + sequence}` });
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

/** A confirmed account (registered, then activated by the mailed link) with a clinic of its own. */
async function clinicOfNewAccount(request: APIRequestContext, name: string, taxNumber: string) {
  const email = `clinic-${Date.now()}-${sequence}@example.com`;
  const headers = { 'X-Forwarded-For': `198.51.100.${40 + sequence}` };
  const created = await request.post(`${AUTH}/users/`, {
    headers,
    data: { email, password: PASSWORD, re_password: PASSWORD, first_name: 'Айгуль', country: 'kg' },
  });
  expect(created.status(), await created.text()).toBe(201);
  let activation = '';
  await expect
    .poll(async () => {
      const outbox = await request.get(`/api/v1/dev/outbox/?to=${encodeURIComponent(email)}`);
      const mails = ((await outbox.json()) as { results: { kind: string; text: string }[] }).results;
      activation = mails.find((m) => m.kind === 'activation')?.text ?? '';
      return activation !== '';
    })
    .toBe(true);
  const [, uid, token] = /\/kg\/activate\/([^/\s]+)\/([^/\s?]+)\//.exec(activation) ?? [];
  expect((await request.post(`${AUTH}/users/activation/`, { headers, data: { uid, token } })).ok()).toBe(true);
  const access = await apiToken(request, { email, password: PASSWORD }, headers['X-Forwarded-For']);
  const clinic = await request.post('/api/v1/clinics/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { country: 'kg', name, tax_number: taxNumber, legal_address: 'г. Бишкек, ул. Токтогула, 1' },
  });
  expect(clinic.status(), await clinic.text()).toBe(201);
  return { id: ((await clinic.json()) as { id: number }).id, email };
}

/** Signs in at /staff/; the dashboard's first figures may take a while on a busy machine just started. */
async function signInStaff(page: Page): Promise<void> {
  await page.goto('/staff/');
  await expect(page.getByLabel('Email')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Сегодня в магазине' })).toBeVisible({ timeout: 60_000 });
}

const notice = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

for (const { label, viewport } of [
  { label: 'laptop', viewport: { width: 1366, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on a ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 240_000 });

    test('a manager gives a clinic a price list and marks it verified', async ({ page, request }) => {
      const stamp = `${Date.now()}`;
      const taxNumber = `1${stamp.slice(-13)}`.padStart(14, '0');
      const clinicName = `Стоматология «Проверка ${label} ${stamp.slice(-5)}»`;
      const clinic = await clinicOfNewAccount(request, clinicName, taxNumber);
      const staff = await apiToken(request, STAFF, '192.0.2.230');
      const listName = `Договор ${label} ${stamp}`;
      const created = await request.post('/api/v1/staff/price_lists/', {
        headers: { Authorization: `Bearer ${staff}` },
        data: { name: listName, country: 'kg', comment: 'Сеть клиник', rules: [{ scope: 'all', percent: '5' }] },
      });
      expect(created.status(), await created.text()).toBe(201);
      const priceListId = ((await created.json()) as { id: number }).id;

      await signInStaff(page);
      await page.goto('/staff/#/clinics');
      // Each section's code loads when it is first opened.
      await expect(page.getByPlaceholder('Название или ИНН/БИН')).toBeVisible({ timeout: 30_000 });
      await page.getByPlaceholder('Название или ИНН/БИН').fill(taxNumber);
      // The list follows the search after a pause (in the address too). The new clinic is also on the
      // unsearched list's first page: a click before the search lands on a row about to be replaced.
      await expect(page).toHaveURL(new RegExp(`filter=[^&]*${taxNumber}`), { timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(clinicName)).toHaveCount(1, { timeout: 20_000 });
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`clinics-${viewport.width}.png`), fullPage: true });
      await page.getByText(clinicName).click();

      await expect(page.getByRole('heading', { name: clinicName })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(clinic.email)).toBeVisible();
      await expect(page.getByText('Владелец', { exact: true })).toBeVisible();
      await page.getByRole('combobox', { name: 'Прайс-лист' }).click();
      await page.getByRole('option', { name: listName }).click();
      await page.getByLabel('Проверена').check();
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`clinic-${viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(notice(page, `Клиника «${clinicName}» сохранена`)).toBeVisible();

      // The test server's access tokens live seconds: a fresh one for the check.
      const fresh = await apiToken(request, STAFF, `192.0.2.${label === 'phone' ? 232 : 233}`);
      const read = await request.get(`/api/v1/staff/clinics/${clinic.id}/`, {
        headers: { Authorization: `Bearer ${fresh}` },
      });
      expect(await read.json()).toMatchObject({ verified: true, price_list: { id: priceListId, name: listName } });

      // The price list names the clinic now, and its history the change.
      await page.goto(`/staff/#/price_lists/${priceListId}`);
      await expect(page.getByRole('textbox', { name: 'Название' })).toHaveValue(listName, { timeout: 30_000 });
      await expect(page.getByRole('link', { name: new RegExp(taxNumber) })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`price-list-${viewport.width}.png`), fullPage: true });
      await page.goto('/staff/#/price_lists');
      await expect(page.getByText(listName)).toBeVisible({ timeout: 20_000 });
      await expectNoSeriousAxeViolations(page);
    });
  });
}
