/**
 * How the back office loads, without timing it (timing goals are the bench's: scripts/bench/staff-start.ts):
 * the sign-in form comes with the page and works before any of react-admin or MUI is fetched; each
 * section's code and the rich-text editor are fetched when opened, and every section still opens; when the
 * session ends the form comes back with the reason, and signing in again returns to the same screen.
 */
import type { Page, Response } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { allProducts } from './support/shop.ts';
import { expect, test } from './support/test.ts';

const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };

/**
 * Text only some code holds: react-admin's layout (its class name), the forms and filters of its sections
 * (react-hook-form's `criteriaMode` option), MUI's buttons, the rich-text editor (ProseMirror).
 */
const REACT_ADMIN = 'RaLayout';
const FORMS = 'criteriaMode';
const MUI = 'MuiButtonBase';
const EDITOR = 'ProseMirror';

let consoleErrors: string[] = [];
let sequence = 0;
/** Every script the page fetched, with its text. */
let scripts: Promise<{ url: string; text: string }>[] = [];

test.beforeEach(({ page, context }) => {
  consoleErrors = [];
  scripts = [];
  // Each test signs in from an address of its own: the login limit counts per address.
  sequence += 1;
  void context.setExtraHTTPHeaders({ 'X-Forwarded-For': `192.0.2.${120 + sequence}` });
  page.on('console', (message) => {
    // The test server's access token lives 5 s: a refused call before its refresh is expected.
    if (message.type() === 'error' && !/status of 401/.test(message.text())) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

/** The scripts fetched so far that hold `marker`, by address. */
async function scriptsWith(page: Page, marker: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return (await Promise.all(scripts)).filter((s) => s.text.includes(marker)).map((s) => s.url);
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('menuitem', { name: 'Заказы' })).toBeVisible();
}

/** Opens a section from the menu and waits for its list: its title in the bar, its records asked for. */
async function openSection(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(new RegExp(`#/${path}`));
  await expect(page.getByRole('banner').getByRole('heading', { name })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the sign-in form comes with the page and works before react-admin or MUI is fetched', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/staff/')).text();
  expect(html).toContain('Вход для сотрудников магазина');
  expect(html).toMatch(/<input[^>]*autocomplete="username"/i);

  await page.goto('/staff/');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeEnabled();
  expect(await scriptsWith(page, REACT_ADMIN)).toEqual([]);
  expect(await scriptsWith(page, MUI)).toEqual([]);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Введите email и пароль.');
  await signIn(page);
  expect(await scriptsWith(page, REACT_ADMIN)).not.toEqual([]);
  // The shell and the first screen: no section's forms, no editor.
  expect(await scriptsWith(page, FORMS)).toEqual([]);
  expect(await scriptsWith(page, EDITOR)).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test('each section opens, its code fetched when opened, and the rich-text editor only with a form that has one', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const product = (await allProducts(request, 'kg'))[0]!;
  await page.goto('/staff/');
  await signIn(page);

  for (const [name, path] of [
    ['Заказы', 'orders'],
    ['Товары', 'products'],
    ['Загрузки', 'imports'],
    ['Публикации', 'publications'],
  ] as const) {
    await openSection(page, name, path);
    await expectNoSeriousAxeViolations(page);
  }
  expect(await scriptsWith(page, EDITOR)).toEqual([]);
  await openSection(page, 'Загрузки', 'imports');
  await page.getByRole('link', { name: 'Загрузить файл' }).first().click();
  await expect(page.getByLabel('Файл', { exact: true })).toBeAttached();
  expect(await scriptsWith(page, FORMS)).not.toEqual([]);
  expect(await scriptsWith(page, EDITOR)).toEqual([]);

  await page.goto(`/staff/#/products/${encodeURIComponent(product.sku)}`);
  await expect(page.locator('.ProseMirror')).toBeVisible();
  expect(await scriptsWith(page, EDITOR)).not.toEqual([]);
  await expectNoSeriousAxeViolations(page);

  await openSection(page, 'Публикации', 'publications');
  await page.getByRole('link', { name: /Создать/ }).click();
  await expect(page.locator('.ProseMirror')).toBeVisible();
  await page.locator('.ProseMirror').fill('Текст из редактора.');
  await expect(page.locator('.ProseMirror')).toHaveText('Текст из редактора.');
  await expectNoSeriousAxeViolations(page);
});

test('when the session ends the form comes back saying so, and signing in again returns to the same screen', async ({
  page,
  context,
}) => {
  // Refreshes of the pair on their way (one is due every few seconds on the test server).
  let refreshing = 0;
  const isRefresh = (request: { url(): string }) => request.url().includes('/accounts/auth/jwt/refresh/');
  page.on('request', (request) => (refreshing += isRefresh(request) ? 1 : 0));
  page.on('requestfinished', (request) => (refreshing -= isRefresh(request) ? 1 : 0));
  page.on('requestfailed', (request) => (refreshing -= isRefresh(request) ? 1 : 0));
  await page.goto('/staff/');
  await signIn(page);
  await openSection(page, 'Товары', 'products');

  // The session ends elsewhere: the server refuses its refresh token from now on, and neither cookie is
  // valid any more (revoked, expired). A refresh sent before would store a valid new pair over the ended
  // cookies: it is let finish first.
  await page.route('**/accounts/auth/jwt/refresh/', (route) =>
    route.fulfill({ status: 401, json: { detail: 'Token is blacklisted', code: 'token_not_valid' } }),
  );
  await expect.poll(() => refreshing).toBe(0);
  // The answer of the last one is stored by the page's script in a task of its own, before this one.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const origin = new URL(page.url()).origin;
  await context.addCookies(['token', 'refresh'].map((name) => ({ name, value: `ended.${name}.session`, url: origin })));
  // Another section asks the API. The back office may notice the ended session first on its own (a token
  // refresh due every few seconds on the test server), and the menu is gone then: the address is changed
  // instead of clicking.
  await page.evaluate(() => (window.location.hash = '#/orders'));

  await expect(page.getByRole('alert')).toHaveText('Сессия закончилась: войдите снова.');
  // The new session, signed in below, refreshes as usual.
  await page.unroute('**/accounts/auth/jwt/refresh/');
  await expect(page.getByRole('heading', { name: /управление/ })).toBeVisible();
  const screen = page.url();
  expect(screen).toMatch(/#\/(products|orders)/);
  await expectNoSeriousAxeViolations(page);
  await signIn(page);
  expect(page.url()).toBe(screen);
  await expect(page.locator('#main-content')).not.toBeEmpty();

  // Signing out by hand: the form again, without a reason.
  await page.getByRole('button', { name: /Сотрудник/ }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page.getByRole('button', { name: 'Войти' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect((await context.cookies()).filter((cookie) => ['token', 'refresh'].includes(cookie.name))).toEqual([]);
});
