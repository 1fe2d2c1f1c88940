/**
 * The back office at /staff/ as staff use it: sign in, confirm and ship an order (the customer is
 * mailed), load a stock file and watch it finish (the product page shows it at once), publish a news
 * item, answer a support question; and a customer who opens /staff/ is told it is not for them.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { allProducts } from './support/shop.ts';
import { photo } from '../helpers/photo-server.ts';
import { apiToken, DOCTOR, mailsTo, signInStaff, STAFF } from './support/staff.ts';
import { expect, test, type Page } from './support/test.ts';

let consoleErrors: string[] = [];
/** Loads that fail on purpose: the access token lives 5 s in the test server, so its refresh (401, then retried) is expected. */
let expectedFailures = /^Failed to load resource: the server responded with a status of 401/;
let sequence = 0;

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  expectedFailures = /^Failed to load resource: the server responded with a status of 401/;
  // Each test signs in from an address of its own: the login limit counts per address.
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

async function chooseStatus(page: Page, label: string, comment: string): Promise<void> {
  await page.getByLabel('Новый статус').click();
  await page.getByRole('option', { name: label }).click();
  await page.getByLabel('Комментарий для покупателя').fill(comment);
  await page.getByRole('button', { name: 'Изменить статус' }).click();
}

test('staff confirm and ship an order from the back office, and the customer is mailed each time', async ({
  page,
  request,
}) => {
  const product = (await allProducts(request, 'kg')).find((p) => p.in_stock && p.quantity >= 5)!;
  const placed = await request.post('/api/v1/orders/order_create/', {
    headers: { Authorization: `Bearer ${await apiToken(request, DOCTOR)}` },
    data: {
      country: 'kg',
      items: [{ product: product.id, quantity: 1 }],
      contact: { name: 'Айгуль Доктор', phone: '+996555000222' },
      delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Токтогула, 1' },
      payment: { method: 'on_receipt' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { number } = (await placed.json()) as { number: string };

  await signInStaff(page);
  await page.getByRole('menuitem', { name: 'Заказы' }).click();
  await page.getByPlaceholder('Номер, email, имя или телефон').fill(number);
  // The search applies after a pause and redraws the list: a row clicked before that redraw is gone.
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByText('1-1 из 1')).toBeVisible();
  await page.getByRole('cell', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Заказ ${number}` })).toBeVisible();
  await expect(page.getByRole('cell', { name: product.name })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await chooseStatus(page, 'Подтверждён', 'Соберём сегодня.');
  await expect(page.getByText(`Заказ ${number}: «Подтверждён». Покупателю отправлено письмо.`)).toBeVisible();
  await expect(page.getByText('«Новый» → «Подтверждён» — staff@dental.test')).toBeVisible();
  await expect(page.getByText('Комментарий: Соберём сегодня.')).toBeVisible();
  await chooseStatus(page, 'Отправлен', 'Курьер приедет до 18:00.');
  await expect(page.getByText('«Подтверждён» → «Отправлен» — staff@dental.test')).toBeVisible();
  await expect(page.getByText('Комментарий: Курьер приедет до 18:00.')).toBeVisible();

  const subjects = (await mailsTo(request, DOCTOR.email)).map((mail) => mail.subject);
  expect(subjects).toEqual(
    expect.arrayContaining([
      expect.stringContaining(`${number} — Подтверждён`),
      expect.stringContaining(`${number} — Отправлен`),
    ]),
  );
});

test('staff load a stock file, watch it finish, and the product page shows the new stock at once', async ({
  page,
  request,
}) => {
  const product = (await allProducts(request, 'kg')).find((p) => p.in_stock && p.quantity >= 2)!;
  await signInStaff(page);
  await page.getByRole('menuitem', { name: 'Загрузки' }).click();
  await page.getByRole('link', { name: 'Загрузить файл' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузить файл' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Сначала проверить').uncheck();
  await page.getByLabel('Файл', { exact: true }).setInputFiles({
    name: 'остатки.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`артикул;количество\n${product.sku};0\n`, 'utf8'),
  });
  await page.getByRole('button', { name: 'Загрузить и записать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Записано: изменён остаток: 1' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Записано', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/kg/product/${product.slug}/`);
  await expect(page.getByText('Нет в наличии в Кыргызстане')).toBeVisible();
});

test('staff upload a product photo, make it the main one, and the shop shows it in its own sizes', async ({
  page,
  request,
}) => {
  // The browser itself logs the refused photo's 400 (the page shows why).
  expectedFailures = /^Failed to load resource: the server responded with a status of 40[01]/;
  const product = (await allProducts(request, 'kg')).find((p) => p.in_stock)!;
  await signInStaff(page);
  await page.goto(`/staff/#/products/${encodeURIComponent(product.sku)}`);
  await expect(page.getByText('Фотографии', { exact: true })).toBeVisible({ timeout: 15_000 });
  const before = await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: /^Фото \d+$/ }) })
    .count();
  await page.getByLabel('Фото товара').setInputFiles({
    name: 'упаковка.png',
    mimeType: 'image/png',
    buffer: await photo(900, 900, '#c2410c'),
  });
  const added = page.getByRole('img', { name: `Фото ${before + 1}` });
  await expect(added).toBeVisible();
  await page
    .getByLabel('Фото товара')
    .setInputFiles({ name: 'иконка.png', mimeType: 'image/png', buffer: await photo(64, 64) });
  await expect(
    page.getByRole('alert').filter({ hasText: 'иконка.png: Фото 64×64 пикселей слишком маленькое' }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Сделать фото ${before + 1} главным` }).click();
  await expectNoSeriousAxeViolations(page);
  // The test server's access token lives 5 s: a first PATCH may be refused (401), refreshed and sent again.
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/staff/products/') && r.request().method() === 'PATCH' && r.status() !== 401,
  );
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(`Товар «${product.name}» сохранён`)).toBeVisible();

  await page.goto(`/kg/product/${product.slug}/`);
  const main = page.getByRole('group', { name: 'Фото товара' }).getByRole('img').first();
  await expect(main).toHaveJSProperty('complete', true);
  const shown = await main.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
  expect(shown.src).toMatch(/\/media\/[0-9a-f]{24}\/(640|1280)\.(avif|webp)$/);
  expect(shown.width).toBeGreaterThan(500);
  const full = page.getByRole('link', { name: 'Открыть фото 1 целиком' });
  await expect(full).toHaveAttribute('href', /\/media\/[0-9a-f]{24}\/1280\.webp$/);
  const answer = await request.get((await full.getAttribute('href'))!);
  expect(answer.headers()['content-type']).toBe('image/webp');
  expect(answer.headers()['cache-control']).toContain('immutable');
});

test('staff publish a news item and it opens on the site', async ({ page, request }) => {
  const title = `Поступление Filtek ${Date.now()}`;
  await signInStaff(page);
  await page.getByRole('menuitem', { name: 'Публикации' }).click();
  await page.getByRole('link', { name: /Создать/ }).click();
  await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(title);
  await page.getByLabel('Анонс').fill('Новые оттенки на складе в Бишкеке.');
  await page.locator('.ProseMirror').fill('Пришла большая поставка композитов.');
  await page.getByLabel('Дата публикации').fill('2026-01-15T10:00');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('На сайте:')).toBeVisible();
  const id = /#\/publications\/(\d+)/.exec(page.url())?.[1];
  expect(id, page.url()).toBeTruthy();
  try {
    const url = await page.getByRole('link', { name: /\/kg\/news\// }).textContent();
    await page.goto(url!);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Пришла большая поставка композитов.')).toBeVisible();
  } finally {
    // The news list's own tests count the demo news: leave it as it was.
    const removed = await request.delete(`/api/v1/staff/publications/${id}/`, {
      headers: { Authorization: `Bearer ${await apiToken(request, STAFF)}` },
    });
    expect(removed.status()).toBe(204);
  }
});

test('staff answer a support question: notes, then done', async ({ page, request }) => {
  const message = `Есть ли Filtek Z550 в оттенке A3? ${Date.now()}`;
  const sent = await request.post('/api/v1/services/supports/', {
    headers: { 'X-Forwarded-For': '192.0.2.201' },
    data: { country: 'kg', name: 'Бакыт', phone: '+996555000333', email: 'bakyt@clinic.test', message },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await signInStaff(page);
  await page.getByRole('menuitem', { name: 'Заявки' }).click();
  await page.getByRole('cell', { name: 'Бакыт' }).first().click();
  await expect(page.getByText(message)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Состояние').click();
  await page.getByRole('option', { name: 'Готово' }).click();
  await page.getByLabel('Заметки сотрудников').fill('Ответили по почте: есть, 12 шт.');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const { number } = (await sent.json()) as { number: string };
  await expect(page.getByText(`Заявка «${number}» сохранена`)).toBeVisible();
  await page.getByRole('cell', { name: 'Бакыт' }).first().click();
  await expect(page.getByLabel('Заметки сотрудников')).toHaveValue('Ответили по почте: есть, 12 шт.');
});

test('a customer who opens /staff/ is told it is for staff, signed in or not', async ({ page, context }) => {
  // The refusal page answers 403, which Chromium logs as a failed load: that is the point here.
  expectedFailures = /^Failed to load resource: the server responded with a status of 40[13]/;
  await page.goto('/staff/');
  await page.getByLabel('Email').fill(DOCTOR.email);
  await page.getByLabel('Пароль').fill(DOCTOR.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toContainText('нет доступа к управлению магазином');

  // Now signed in on the site as a customer: the page itself refuses, with a way back.
  expect(await context.cookies()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'token' })]));
  const response = await page.goto('/staff/');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Это раздел для сотрудников магазина' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Вернуться в магазин' })).toHaveAttribute('href', '/kg/');
  await expectNoSeriousAxeViolations(page);
});
