/**
 * Pictures of news, articles, courses and banners are uploaded like product photos (not typed
 * addresses), shown as they will look, and served by the site in its own sizes; a draft goes on the
 * site with «Опубликовать сейчас».
 */
import { photo } from '../helpers/photo-server.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { apiToken, signInStaff, STAFF } from './support/staff.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

let consoleErrors: string[] = [];
/** Loads that fail on purpose: the access token's refresh (a 401, then retried); a refused file's 400. */
let expectedFailures = /status of 401/;
let sequence = 0;

test.beforeEach(async ({ page, context }) => {
  consoleErrors = [];
  expectedFailures = /status of 401/;
  sequence += 1;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${90 + sequence}` });
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedFailures.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

for (const screen of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`at ${screen.width} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    test('a news item gets an uploaded cover and goes on the site with «Опубликовать сейчас»', async ({
      page,
      request,
    }) => {
      const title = `Обложка ${screen.name} ${Date.now()}`;
      await signInStaff(page);
      await page.goto('/staff/#/publications/create');
      await page.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(title);
      await page.getByLabel('Анонс').fill('Новые оттенки на складе.');
      await page.locator('.ProseMirror').fill('Пришла поставка.');
      await page
        .getByLabel('Обложка', { exact: true })
        .setInputFiles({ name: 'обложка.png', mimeType: 'image/png', buffer: await photo(1200, 630, '#0e7490') });
      const preview = page.getByRole('img', { name: 'Обложка: как на сайте' });
      await expect(preview).toBeVisible();
      await expect(page.getByLabel('или адрес картинки')).toHaveValue(/^\/media\/[0-9a-f]{24}$/);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`cover-${screen.name}.png`), fullPage: true });

      await page.getByRole('button', { name: 'Опубликовать сейчас' }).click();
      await expect(page.getByText(`Публикация «${title}» создана`)).toBeVisible();
      await expect(page.getByText('На сайте:')).toBeVisible();
      const id = /#\/publications\/(\d+)/.exec(page.url())?.[1];
      expect(id, page.url()).toBeTruthy();
      try {
        // Published: the button is gone, the date is set.
        await expect(page.getByRole('button', { name: 'Опубликовать сейчас' })).toHaveCount(0);
        const url = await page.getByRole('link', { name: /\/kg\/news\// }).textContent();
        await page.goto(url!);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const cover = page.locator('img.cover').first();
        await expect(cover).toHaveJSProperty('complete', true);
        expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
          /\/media\/[0-9a-f]{24}\/\d+\.webp$/,
        );
        expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
      } finally {
        // The news list's own tests count the demo news: leave it as it was.
        const removed = await request.delete(`/api/v1/staff/publications/${id}/`, {
          headers: { Authorization: `Bearer ${await apiToken(request, STAFF)}` },
        });
        expect(removed.status()).toBe(204);
      }
    });
  });
}

test('a banner’s picture is uploaded, and a refused file says why', async ({ page }) => {
  expectedFailures = /status of 40[01]/;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInStaff(page);
  await page.goto('/staff/#/banners/create');
  await page
    .getByLabel('Картинка', { exact: true })
    .setInputFiles({ name: 'значок.png', mimeType: 'image/png', buffer: await photo(64, 64) });
  await expect(page.getByRole('alert').filter({ hasText: 'значок.png:' })).toBeVisible();
  await page
    .getByLabel('Картинка', { exact: true })
    .setInputFiles({ name: 'баннер.png', mimeType: 'image/png', buffer: await photo(1200, 400, '#1d4ed8') });
  await expect(page.getByRole('img', { name: 'Картинка: как на сайте' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
