/**
 * A manager's price list from Excel, end to end: the template exported from the back office, edited
 * in Excel, checked, written, and the product page shows the new price; a check that found errors
 * offers only what can succeed; undoing asks first. At 1366 and 390 px, axe on each screen.
 */
import ExcelJS from '../../src/server/imports/exceljs.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { allProducts } from './support/shop.ts';
import { expect, test, type Page } from './support/test.ts';

const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };

let consoleErrors: string[] = [];
let sequence = 0;

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  sequence += 1;
  void context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${150 + sequence}` });
  page.on('console', (message) => {
    // The access token lives 5 s in the test server: its refresh (a 401, then the call again) is expected.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

async function signIn(page: Page): Promise<void> {
  await page.goto('/staff/');
  await expect(page.getByRole('heading', { name: /управление/ })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Сегодня в магазине' })).toBeVisible();
}

async function openUpload(page: Page): Promise<void> {
  await page.goto('/staff/#/imports/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузить файл' })).toBeVisible();
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a price list from an .xlsx: export the template, edit a price, check, write, and the product page shows it', async ({
      page,
      request,
    }) => {
      const product = (await allProducts(request, 'kg')).find(
        (p) => p.price !== null && !(p as { old_price?: string | null }).old_price,
      )!;
      const newPrice = viewport.width > 500 ? 4321 : 4322;
      await signIn(page);
      await openUpload(page);
      await expectNoSeriousAxeViolations(page);

      await choose(page, 'Что выгрузить', 'Цены');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Выгрузить' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^цены-kg-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await download.path());
      const sheet = book.worksheets[0]!;
      let edited = false;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === product.sku) {
          row.getCell(4).value = newPrice;
          edited = true;
        }
      });
      expect(edited).toBe(true);
      const bytes = Buffer.from(await book.xlsx.writeBuffer());

      await choose(page, 'Что в файле', 'Цены');
      await page.getByLabel('Файл', { exact: true }).setInputFiles({
        name: 'цены ноябрь.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: bytes,
      });
      await page.getByRole('button', { name: 'Загрузить и проверить' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Проверка: ошибок нет' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText(product.name).first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: 'Записать изменения (1)' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Записано: изменено цен: 1' })).toBeVisible({
        timeout: 30_000,
      });

      await page.goto(`/kg/product/${product.slug}/`);
      await expect(page.getByText(new RegExp(`4\\s?32${newPrice % 10}\\s*сом`)).first()).toBeVisible();
    });

    test('a check that found errors offers only writing the good rows, and undoing a write asks first', async ({
      page,
      request,
    }) => {
      const product = (await allProducts(request, 'kg')).find((p) => p.in_stock && p.quantity >= 3)!;
      const quantity = product.quantity - 1;
      await signIn(page);
      await openUpload(page);
      await page.getByLabel('Файл', { exact: true }).setInputFiles({
        name: 'остатки.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`артикул;количество\n${product.sku};${quantity}\nNO-SUCH-SKU;5\n`, 'utf8'),
      });
      await page.getByRole('button', { name: 'Загрузить и проверить' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Записать нельзя' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: /^Записать изменения/ })).toHaveCount(0);
      await expect(page.getByText('NO-SUCH-SKU').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);

      await page.getByRole('button', { name: 'Записать только верные строки' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Записаны верные строки' })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByRole('button', { name: 'Отменить загрузку' }).click();
      const dialog = page.getByRole('dialog', { name: 'Отменить загрузку?' });
      await expect(dialog).toContainText('Вернутся значения');
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('button', { name: 'Не отменять' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Отменить загрузку' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Отменить загрузку' }).click();
      await expect(page.getByText('Отменено', { exact: true })).toBeVisible();
      const stock = await request.get(`/api/v1/products/products/${product.slug}/?country=kg`);
      expect(((await stock.json()) as { quantity: number }).quantity).toBe(product.quantity);
    });
  });
}
