/**
 * The back office's products as a manager works them: the list shows each product's photo; several
 * products are hidden, shown or moved to a category at once; the category picker finds by typing; a
 * product's screen is titled with its name and SKU and its save says what was saved.
 */
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { apiToken, signInStaff, STAFF } from './support/staff.ts';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

let consoleErrors: string[] = [];
let sequence = 0;

test.beforeEach(async ({ page, context }) => {
  consoleErrors = [];
  sequence += 1;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${60 + sequence}` });
  page.on('console', (message) => {
    // The access token lives 5 s in the test server: its refresh (a 401, then retried) is expected.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

interface Category {
  slug: string;
  name: string;
}

async function staffGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`/api/v1/${path}`, {
    headers: { Authorization: `Bearer ${await apiToken(request, STAFF, `192.0.2.${200 + sequence}`)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as T;
}

/** Two products of their own, named alike so one search finds both. */
async function twoProducts(request: APIRequestContext, tag: string): Promise<{ skus: string[]; name: string }> {
  const categories = (await staffGet<{ results: Category[] }>(request, 'staff/categories/?limit=100')).results;
  const token = await apiToken(request, STAFF, `192.0.2.${210 + sequence}`);
  const name = `Пробный товар ${tag}`;
  const skus = [`E2E-${tag}-1`, `E2E-${tag}-2`];
  for (const sku of skus) {
    const made = await request.post('/api/v1/staff/products/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { sku, name: `${name} ${sku.slice(-1)}`, category: categories[0]!.slug },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  return { skus, name };
}

async function findProducts(page: Page, text: string) {
  await page.goto('/staff/#/products');
  await page.getByPlaceholder('Артикул или название').fill(text);
  await expect(page).toHaveURL(/filter=/);
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('several products are hidden, shown and moved to a category at once', async ({ page, request }) => {
    const tag = `${Date.now()}`.slice(-7);
    const { skus, name } = await twoProducts(request, tag);
    const categories = (await staffGet<{ results: Category[] }>(request, 'staff/categories/?limit=100')).results;
    const target = categories.at(-1)!;
    await signInStaff(page);
    await findProducts(page, name);
    const rows = page.getByRole('row').filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    // Each row has its photo (the placeholder for a product without one).
    await expect(rows.first().locator('img')).toHaveCount(1);

    for (const sku of skus) await page.getByRole('row').filter({ hasText: sku }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Скрыть' }).click();
    await expect(page.getByText('Изменено: 2 товара.')).toBeVisible();
    await expect(rows.filter({ hasText: 'Скрыт' })).toHaveCount(2);

    for (const sku of skus) await page.getByRole('row').filter({ hasText: sku }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Категория…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Категория: 2 товара' });
    await dialog.getByLabel('Категория').fill(target.name);
    await page
      .getByRole('option', { name: new RegExp(target.name) })
      .first()
      .click();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Изменить' }).click();
    await expect(page.getByText('Изменено: 2 товара.')).toBeVisible();
    await expect(rows.filter({ hasText: target.name })).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('products-1366.png') });
  });

  test('a product is titled with its name and SKU, its category is found by typing, and its save says so', async ({
    page,
    request,
  }) => {
    const tag = `${Date.now()}`.slice(-7);
    const { skus, name } = await twoProducts(request, tag);
    const [first] = (await staffGet<{ results: Category[] }>(request, 'staff/categories/?limit=100')).results;
    await signInStaff(page);
    await page.goto(`/staff/#/products/${encodeURIComponent(skus[0]!)}`);
    await expect(page.getByText(`${name} 1 · ${skus[0]}`)).toBeVisible({ timeout: 15_000 });
    const picker = page.getByRole('combobox', { name: 'Категория' });
    await expect(picker).toHaveValue(new RegExp(first!.name));
    // Typed as a person types: key by key.
    await picker.clear();
    await picker.pressSequentially(first!.name.slice(0, 4), { delay: 60 });
    await expect(page.getByRole('option', { name: new RegExp(first!.name) }).first()).toBeVisible();
    await page
      .getByRole('option', { name: new RegExp(first!.name) })
      .first()
      .click();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByText(`Товар «${name} 1» сохранён`)).toBeVisible();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone list shows each product with its photo', async ({ page, request }) => {
    const tag = `${Date.now()}`.slice(-7);
    const { name } = await twoProducts(request, tag);
    await signInStaff(page);
    await findProducts(page, name);
    const items = page.getByRole('link').filter({ hasText: name });
    await expect(items).toHaveCount(2);
    await expect(items.first().locator('img')).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('products-390.png') });
  });
});
