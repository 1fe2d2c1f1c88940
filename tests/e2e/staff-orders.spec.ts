/**
 * The back office's orders as a manager works them, at 1366 and at 390 px: the order page shows what the
 * customer wrote (the comment, the clinic and its ИНН) and hands out the invoice; cancelling asks first;
 * a move someone else made meanwhile is shown, in words; rows open with Enter; several orders move at
 * once; the dashboard's figures open the lists they count; the menu opens a list afresh.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { allProducts, type ApiProduct } from './support/shop.ts';
import { apiToken, mailsTo, signInStaff, STAFF } from './support/staff.ts';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';

const COMMENT = 'Привезти после 14:00, спросить Динару';
const CLINIC = { organisation: 'ОсОО «Стоматология Улыбка»', tax_number: '01234567890123' };

// Each test signs in to the back office (a large script) and runs axe on several screens.
test.describe.configure({ timeout: 90_000 });

let consoleErrors: string[] = [];
/** Loads that fail on purpose: the access token lives 5 s in the test server, so its refresh (401, then retried) is expected. */
let expectedFailures = /^Failed to load resource: the server responded with a status of 401/;
let sequence = 0;
let product: ApiProduct;

test.beforeEach(async ({ page, context, request }) => {
  consoleErrors = [];
  expectedFailures = /^Failed to load resource: the server responded with a status of 401/;
  // Each test signs in from an address of its own: the login limit counts per address.
  sequence += 1;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${120 + sequence}` });
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedFailures.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  product ??= (await allProducts(request, 'kg')).find((p) => p.in_stock && p.quantity >= 20)!;
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

let addresses = 0;
/** An address of its own for each set-up call: sign-ups, logins and orders are limited per address. */
const ownAddress = () => `198.51.100.${(addresses += 1)}`;

interface Customer {
  email: string;
  password: string;
}

/** A clinic's account of its own (the demo doctor's orders are limited per hour), usable at once. */
async function newCustomer(request: APIRequestContext): Promise<Customer> {
  const customer = { email: `clinic-${Date.now()}-${addresses}@clinic.kg`, password: 'Zakaz-Kliniki-2026' };
  const created = await request.post('/api/v1/accounts/auth/users/', {
    headers: { 'X-Forwarded-For': ownAddress() },
    data: { ...customer, re_password: customer.password, confirm_later: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return customer;
}

/** The customer orders by the API, as the checkout does; answers the order's number. */
async function placeOrder(
  request: APIRequestContext,
  customer: Customer,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const address = ownAddress();
  const placed = await request.post('/api/v1/orders/order_create/', {
    headers: { Authorization: `Bearer ${await apiToken(request, customer, address)}`, 'X-Forwarded-For': address },
    data: {
      country: 'kg',
      items: [{ product: product.id, quantity: 2 }],
      contact: { name: 'Динара Асанова', phone: '+996700112233' },
      delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Токтогула, 125/1, 2 этаж' },
      payment: { method: 'on_receipt' },
      ...extra,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { number: string }).number;
}

async function moveByApi(request: APIRequestContext, number: string, status: string): Promise<void> {
  const moved = await request.post(`/api/v1/staff/orders/${number}/status/`, {
    headers: { Authorization: `Bearer ${await apiToken(request, STAFF, ownAddress())}` },
    data: { status },
  });
  expect(moved.status()).toBe(200);
}

async function openOrder(page: Page, number: string): Promise<void> {
  await page.goto(`/staff/#/orders/${number}/show`);
  await expect(page.getByRole('heading', { level: 1, name: `Заказ ${number}` })).toBeVisible();
}

/** Nothing on the page is wider than the screen: no sideways scrolling of the page itself. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `page ${widths[0]} px wide on a ${widths[1]} px screen`).toBeLessThanOrEqual(widths[1]!);
}

const statusChip = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('.MuiChip-root')
    .filter({ hasText: new RegExp(`^${label}$`) });

async function chooseStatus(page: Page, label: string): Promise<void> {
  await page.getByLabel('Новый статус').click();
  await page.getByRole('option', { name: label }).click();
  await page.getByRole('button', { name: 'Изменить статус' }).click();
}

for (const screen of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('the order page shows what the customer wrote, and the invoice downloads', async ({ page, request }) => {
      const customer = await newCustomer(request);
      const number = await placeOrder(request, customer, {
        payment: { method: 'bank_transfer', ...CLINIC },
        comment: COMMENT,
      });
      await signInStaff(page);
      await openOrder(page, number);
      const comment = page.getByRole('region', { name: 'Комментарий покупателя' });
      await expect(comment).toContainText(COMMENT);
      await expect(page.getByText('Безналичный расчёт по счёту')).toBeVisible();
      await expect(page.getByText(CLINIC.organisation)).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: CLINIC.tax_number })).toBeVisible();
      await expect(page.getByRole('term').filter({ hasText: /^ИНН$/ })).toBeVisible();
      await expect(page.getByText('ул. Токтогула, 125/1, 2 этаж')).toBeVisible();
      await expect(page.getByText(`Оформлен: «Новый» — ${customer.email}`)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Скачать счёт (PDF)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`Счёт ${number}.pdf`);
      const bytes = await (await file.createReadStream()).toArray();
      expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    });

    test('cancelling asks first; a move someone else made meanwhile is shown as it now is', async ({
      page,
      request,
    }) => {
      // The refused move's 400 is logged by the browser itself (the page says why in words).
      expectedFailures = /^Failed to load resource: the server responded with a status of 40[01]/;
      const customer = await newCustomer(request);
      const number = await placeOrder(request, customer);
      await signInStaff(page);
      await openOrder(page, number);

      await chooseStatus(page, 'Отменён');
      const question = page.getByRole('dialog', { name: `Отменить заказ ${number}?` });
      // The account was opened at checkout and its address is not confirmed: no order mail goes to it.
      await expect(question).toContainText('Покупатель не получит письмо: адрес его учётной записи не подтверждён.');
      await expect(question).toContainText('Товары заказа (2 шт.) вернутся в продажу');
      await expectNoSeriousAxeViolations(page);
      await question.getByRole('button', { name: 'Не отменять' }).click();
      await expect(question).toBeHidden();
      await expect(statusChip(page, 'Новый')).toBeVisible();

      // Someone else confirms it meanwhile; this page still offers «Подтверждён».
      await moveByApi(request, number, 'confirmed');
      await chooseStatus(page, 'Подтверждён');
      const refusal = page.getByRole('alert').filter({ hasText: 'нельзя перевести' });
      await expect(refusal).toHaveText(
        'Заказ в статусе «Подтверждён» нельзя перевести в статус «Подтверждён». На странице — заказ, каким он стал.',
      );
      await expect(statusChip(page, 'Подтверждён')).toBeVisible();
      await expect(page.getByText('«Новый» → «Подтверждён» — staff@dental.test')).toBeVisible();

      await chooseStatus(page, 'Отменён');
      await page.getByRole('dialog').getByRole('button', { name: 'Отменить заказ' }).click();
      await expect(
        page.getByText(`Заказ ${number}: «Отменён». Письмо не отправлено: адрес покупателя не подтверждён.`),
      ).toBeVisible();
      await expect(statusChip(page, 'Отменён')).toBeVisible();
      await expect(page.getByText('«Подтверждён» → «Отменён» — staff@dental.test')).toBeVisible();
      await expect(page.getByText('Статус «Отменён» окончательный.')).toBeVisible();
      expect((await mailsTo(request, customer.email)).map((m) => m.subject)).not.toContainEqual(
        expect.stringContaining(`${number} — Отменён`),
      );
    });

    test('the list shows delivery and payment, and a row opens with Enter', async ({ page, request }) => {
      const number = await placeOrder(request, await newCustomer(request), {
        payment: { method: 'bank_transfer', ...CLINIC },
      });
      await signInStaff(page);
      await page.goto('/staff/#/orders');
      await page.getByPlaceholder('Номер, email, имя или телефон').fill('0700 112 233');
      await expect(page).toHaveURL(/filter=/);
      if (screen.name === 'desktop') {
        await expect(page.getByRole('columnheader', { name: 'Доставка' })).toBeVisible();
        await expect(page.getByRole('columnheader', { name: 'Оплата' })).toBeVisible();
        await expect(page.getByRole('row').filter({ hasText: number })).toContainText('По счёту');
      } else {
        await expect(page.getByRole('link').filter({ hasText: number })).toContainText('По счёту · Курьером, Бишкек');
      }
      await expectNoSidewaysScroll(page);
      await expectNoSeriousAxeViolations(page);

      // From the search box, Tab goes on to the rows; the newest order is the first row.
      await page.getByPlaceholder('Номер, email, имя или телефон').focus();
      let reached = false;
      for (let step = 0; step < 12 && !reached; step += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(
          (n) => document.activeElement?.matches('tr, a') === true && document.activeElement.textContent!.includes(n),
          number,
        );
      }
      expect(reached, 'Tab reaches the order').toBe(true);
      const ring = await page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!);
        return { outline: style.outlineStyle, background: style.backgroundColor };
      });
      expect(ring.outline !== 'none' || ring.background !== 'rgba(0, 0, 0, 0)', JSON.stringify(ring)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: `Заказ ${number}` })).toBeVisible();
    });
  });
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('several orders move along the same step at once; those that cannot are named', async ({ page, request }) => {
    const customer = await newCustomer(request);
    const first = await placeOrder(request, customer);
    const second = await placeOrder(request, customer);
    const shipped = await placeOrder(request, customer);
    await moveByApi(request, shipped, 'confirmed');
    await moveByApi(request, shipped, 'shipped');
    await signInStaff(page);
    await page.goto('/staff/#/orders');
    for (const number of [first, second, shipped])
      await page.getByRole('row').filter({ hasText: number }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Изменить статус' }).click();
    const dialog = page.getByRole('dialog', { name: 'Изменить статус: 3 заказа' });
    await dialog.getByLabel('Новый статус').click();
    await page.getByRole('option', { name: 'Подтверждён' }).click();
    await expect(dialog).toContainText(
      'В «Подтверждён» перейдут 2 заказа; покупатели с подтверждённым адресом получат письмо.',
    );
    await expect(dialog).toContainText(`Останутся как есть: ${shipped} («Отправлен»).`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Изменить статус' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Переведено в «Подтверждён»: 2 заказа. Покупателям с подтверждённым адресом отправлены письма. Не переведены: 1 заказ.',
    );
    await expect(dialog).toContainText(
      `${shipped}: Заказ в статусе «Отправлен» нельзя перевести в статус «Подтверждён».`,
    );
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    for (const number of [first, second])
      await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Подтверждён');
    await expect(page.getByRole('row').filter({ hasText: shipped })).toContainText('Отправлен');
  });

  test("the dashboard's order figures open the lists they count, and the menu opens the list afresh", async ({
    page,
    request,
  }) => {
    await placeOrder(request, await newCustomer(request));
    await signInStaff(page);
    const today = page
      .getByRole('listitem')
      .filter({ hasText: 'Сегодня' })
      .first()
      .getByRole('link', { name: /заказ/ });
    const figure = Number(/^(\d+)/.exec((await today.textContent()) ?? '')?.[1]);
    expect(figure).toBeGreaterThan(0);
    await today.click();
    await expect(page).toHaveURL(/created_after/);
    await expect(page.getByText(new RegExp(`из ${figure}$`))).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('menuitem', { name: 'Заказы' }).click();
    await expect(page).not.toHaveURL(/created_after/);
    await expect(page.getByPlaceholder('Номер, email, имя или телефон')).toHaveValue('');
    await expect(page.getByLabel('С даты')).toHaveCount(0);
  });
});
