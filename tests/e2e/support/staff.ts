/**
 * Shared steps of the back-office journeys: the demo accounts, an access token for API set-up, the staff
 * sign-in at /staff/, and the mails the shop kept (DEV_OUTBOX).
 */
import { expectNoSeriousAxeViolations } from './axe.ts';
import { expect, type APIRequestContext, type Page } from './test.ts';

export const DOCTOR = { email: 'doctor@dental.test', password: 'Doctor-Demo-2026' };
export const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };

/** An access token of the account, asked for from an address of the set-up's own (logins are limited per address). */
export async function apiToken(
  request: APIRequestContext,
  account: { email: string; password: string },
  address = '192.0.2.200',
): Promise<string> {
  const response = await request.post('/api/v1/accounts/auth/jwt/create/', {
    data: account,
    headers: { 'X-Forwarded-For': address },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** Signs in at /staff/ as the demo staff member and waits for the dashboard; axe checks both screens. */
export async function signInStaff(page: Page): Promise<void> {
  await page.goto('/staff/');
  // The back office's script is large (react-admin and MUI): give its first load time on a slow machine.
  await expect(page.getByRole('heading', { name: /управление/ })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Пароль').fill(STAFF.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Сегодня в магазине' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
}

/** The mails kept for an address, newest first. */
export async function mailsTo(
  request: APIRequestContext,
  to: string,
): Promise<{ kind: string; subject: string; text: string }[]> {
  const response = await request.get(`/api/v1/dev/outbox/?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { kind: string; subject: string; text: string }[] }).results;
}
