/** What the clinic specs share (issue 37): accounts with confirmed addresses, mails, signing a context in. */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './test.ts';

export const AUTH = '/api/v1/accounts/auth';
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;
export const PASSWORD = 'Klinika-Ulybka-2026';

export interface OutboxMail {
  kind: string;
  text: string;
}

export async function mail(request: APIRequestContext, to: string, kind: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/v1/dev/outbox/?to=${encodeURIComponent(to)}`);
      expect(response.status()).toBe(200);
      found = ((await response.json()) as { results: OutboxMail[] }).results.find((m) => m.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The path of the first link of the mail's text that matches `pattern` (an absolute URL in the text). */
export function linkIn(text: string, pattern: RegExp): string {
  const url = new RegExp(`https?://[^\\s"<>]*${pattern.source}`).exec(text)?.[0];
  expect(url, text).toBeTruthy();
  const link = new URL(url!);
  return link.pathname + link.search;
}

/** An account with a confirmed address (registered, then the activation mail's link used), and its tokens. */
export async function confirmedAccount(request: APIRequestContext, email: string, firstName: string, ip: string) {
  const headers = { 'X-Forwarded-For': ip };
  const created = await request.post(`${AUTH}/users/`, {
    headers,
    data: { email, password: PASSWORD, re_password: PASSWORD, first_name: firstName, country: 'kg' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const activation = await mail(request, email, 'activation');
  const [, uid, token] = /\/kg\/activate\/([^/\s]+)\/([^/\s?]+)\//.exec(activation.text) ?? [];
  expect(uid && token, activation.text).toBeTruthy();
  const activated = await request.post(`${AUTH}/users/activation/`, { headers, data: { uid, token } });
  expect(activated.ok(), await activated.text()).toBe(true);
  const login = await request.post(`${AUTH}/jwt/create/`, { headers, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return (await login.json()) as { access: string; refresh: string };
}

export async function signIn(context: BrowserContext, tokens: { access: string; refresh: string }) {
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: 'token', value: tokens.access, url },
    { name: 'refresh', value: tokens.refresh, url },
  ]);
}

/** Console errors of the page from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/**
 * A new session for a context that has been idle: access tokens live 5 s in these tests, and a page load
 * racing the page's own refresh of an expired token can rotate one refresh token twice, which ends the
 * session. Signing in afresh before each screen keeps a long story about the screens.
 */
export async function freshSession(
  request: APIRequestContext,
  context: BrowserContext,
  email: string,
  ip: string,
): Promise<void> {
  const login = await request.post(`${AUTH}/jwt/create/`, {
    headers: { 'X-Forwarded-For': ip },
    data: { email, password: PASSWORD },
  });
  expect(login.status()).toBe(200);
  await signIn(context, (await login.json()) as { access: string; refresh: string });
}
