/**
 * The exchange with 1C as staff see it, on a desktop and on a phone: 1C (a client speaking its protocol)
 * sends a catalog, offers with two warehouses, and a broken package; «Обмен с 1С» lists the sessions and
 * shows one with its files and where the broken one stopped; «Типы цен и склады 1С» maps a warehouse to a
 * country; the account form grants the exchange. Every screen passes axe and never scrolls sideways.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { STAFF } from './support/staff.ts';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';

let consoleErrors: string[] = [];
/** The access token lives 5 s in the test server: its refresh (401, then retried) is expected. */
const expectedFailures = /^Failed to load resource: the server responded with a status of 401/;
let sequence = 0;

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  sequence += 1;
  void context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${60 + sequence}` });
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedFailures.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

/** Runs one catalog exchange as 1C does; answers the last `mode=import` of each file. */
async function exchange(request: APIRequestContext, address: string, files: Record<string, string>): Promise<string[]> {
  const headers = {
    Authorization: `Basic ${Buffer.from(`${STAFF.email}:${STAFF.password}`).toString('base64')}`,
    'X-Forwarded-For': address,
  };
  const call = async (params: Record<string, string>, body?: string, cookie = '') => {
    const query = new URLSearchParams(params).toString();
    const options = { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } };
    const response = body
      ? await request.post(`/api/v1/exchange/1c/?${query}`, { ...options, data: Buffer.from(body) })
      : await request.get(`/api/v1/exchange/1c/?${query}`, options);
    return response.text();
  };
  const [status, name, value] = (await call({ type: 'catalog', mode: 'checkauth' })).split('\n');
  expect(status).toBe('success');
  const cookie = `${name}=${value}`;
  await call({ type: 'catalog', mode: 'init' }, undefined, cookie);
  for (const [filename, text] of Object.entries(files))
    expect(await call({ type: 'catalog', mode: 'file', filename }, text, cookie)).toBe('success');
  const answers: string[] = [];
  for (const filename of Object.keys(files)) {
    let answer = 'progress';
    for (let i = 0; i < 60 && answer === 'progress'; i += 1) {
      answer = await call({ type: 'catalog', mode: 'import', filename }, undefined, cookie);
      if (answer === 'progress') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    answers.push(answer);
  }
  return answers;
}

const products = (t: string, withName = true) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.10">
  <Классификатор><Ид>cls-e2e</Ид><Наименование>Классификатор</Наименование>
    <Группы><Группа><Ид>grp-e2e</Ид><Наименование>Товары 1С для проверки</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="true"><Ид>cat-e2e</Ид><Наименование>Каталог</Наименование><Товары>
    <Товар><Ид>e2e-${t}-1</Ид><Артикул>1C-E2E-${t}-1</Артикул><Наименование>Бор алмазный 1С ${t}</Наименование><Группы><Ид>grp-e2e</Ид></Группы></Товар>
    <Товар><Ид>e2e-${t}-2</Ид><Артикул>1C-E2E-${t}-2</Артикул>${withName ? `<Наименование>Бор твердосплавный 1С ${t}</Наименование>` : ''}<Группы><Ид>grp-e2e</Ид></Группы></Товар>
  </Товары></Каталог>
</КоммерческаяИнформация>`;

const offers = (t: string) => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.10">
  <ПакетПредложений СодержитТолькоИзменения="true"><Ид>cat-e2e#</Ид><Наименование>Предложения</Наименование>
    <ТипыЦен><ТипЦены><Ид>pt-e2e-${t}</Ид><Наименование>Розничная ${t}</Наименование><Валюта>KGS</Валюта></ТипЦены></ТипыЦен>
    <Склады><Склад><Ид>wh-e2e-${t}</Ид><Наименование>Склад Алматы ${t}</Наименование></Склад></Склады>
    <Предложения>
      <Предложение><Ид>e2e-${t}-1</Ид><Цены><Цена><ИдТипаЦены>pt-e2e-${t}</ИдТипаЦены><ЦенаЗаЕдиницу>450</ЦенаЗаЕдиницу><Валюта>KGS</Валюта></Цена></Цены><Количество>8</Количество><Склад ИдСклада="wh-e2e-${t}" КоличествоНаСкладе="8"/></Предложение>
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;

/** Signs in at /staff/ as the demo staff member (axe on the form and the dashboard); slow machines get time. */
async function signInStaff(page: Page): Promise<void> {
  await page.goto('/staff/');
  await expect(page.getByRole('heading', { name: /управление/ })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Сегодня в магазине' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
}

async function openMenuItem(page: Page, name: string, phone: boolean): Promise<void> {
  if (phone) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Открыть меню' }).click();
  }
  await page.getByRole('menuitem', { name }).click();
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths[1]!);
}

for (const [label, viewport] of [
  ['at 1366 px', { width: 1366, height: 900 }],
  ['on a 390 px phone', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });
    const phone = viewport.width < 600;
    const shot = phone ? '390' : '1366';

    test('the exchange sessions, one session with the file that failed, the warehouse mapping, the permission', async ({
      page,
      request,
    }) => {
      // Two exchanges, four screens with axe each, on a shared machine.
      test.setTimeout(360_000);
      const t = `${shot}${Date.now().toString(36).toUpperCase()}`;
      expect(
        await exchange(request, `192.0.2.${phone ? 31 : 32}`, { 'import.xml': products(t), 'offers.xml': offers(t) }),
      ).toEqual(['success', 'success']);
      const [broken] = await exchange(request, `192.0.2.${phone ? 33 : 34}`, { 'import0_1.xml': products(t, false) });
      expect(broken).toMatch(/^failure\n/);

      await signInStaff(page);
      await openMenuItem(page, 'Обмен с 1С', phone);
      await expect(page.getByText('Ошибок: 1').first()).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousAxeViolations(page);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `test-results/staff-exchange-sessions-${shot}.png`, fullPage: true });

      // The newest session is the broken package: it names the file, the element and the reason.
      if (phone) await page.getByText('Ошибок: 1').first().click();
      else await page.getByRole('cell', { name: 'import0_1.xml' }).first().click();
      await expect(page.getByRole('heading', { name: 'import0_1.xml' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(`элемент «Товар e2e-${t}-2»`)).toBeVisible();
      await expect(page.getByText(`у товара e2e-${t}-2 нет Наименования`)).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `test-results/staff-exchange-session-${shot}.png`, fullPage: true });

      // The warehouse 1C sent goes to Kazakhstan.
      await openMenuItem(page, 'Цены и склады 1С', phone);
      const select = page.getByRole('combobox', { name: `Куда: Склад Алматы ${t}` });
      await expect(select).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousAxeViolations(page);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `test-results/staff-exchange-mappings-${shot}.png`, fullPage: true });
      await select.click();
      await page.getByRole('option', { name: 'Казахстан' }).click();
      await expect(page.getByText(`Склад «Склад Алматы ${t}»: сохранено`)).toBeVisible();
      await expect(select).toHaveText('Казахстан');

      // The account 1C signs in with has the permission, shown in its form.
      await openMenuItem(page, 'Учётные записи', phone);
      await page.getByPlaceholder('Email, имя или телефон').fill(STAFF.email);
      // The list follows the search after a pause (in the address too): a click before that lands on a row
      // the search is about to replace, and opens nothing.
      await expect(page).toHaveURL(/filter=[^&]*staff%40dental\.test/);
      await page.waitForLoadState('networkidle');
      await page.getByText(STAFF.email).first().click();
      await expect(page.getByRole('switch', { name: 'Обмен с 1С' })).toBeChecked({ timeout: 30_000 });
      // Its history goes below the form on a phone, not beside it.
      await noSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: `test-results/staff-exchange-account-${shot}.png`, fullPage: true });
    });
  });
}
