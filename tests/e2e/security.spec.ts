/**
 * The regression suite of the security review (issue 13), as far as it shows in a browser or over HTTP:
 * crafted login redirects and page inputs answer without a 5xx and without an error in the shop's log.
 */
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { serverErrorsSince, serverLogOffset } from './support/server-log.ts';

const CUSTOMER = { email: 'doctor@dental.test', password: 'Doctor-Demo-2026' };

/** Signs the context in as the demo customer, as the login form leaves it: the two session cookies. */
async function signIn(context: BrowserContext, request: APIRequestContext, baseURL: string): Promise<void> {
  const response = await request.post('/api/v1/accounts/auth/jwt/create/', { data: CUSTOMER });
  expect(response.status()).toBe(200);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  await context.addCookies([
    { name: 'token', value: access, url: baseURL },
    { name: 'refresh', value: refresh, url: baseURL },
  ]);
}

test('a signed-in visitor of the login page goes to a crafted next only as a valid same-site path', async ({ context, request, baseURL }) => {
  await signIn(context, request, baseURL!);
  const offset = serverLogOffset();
  const cases: [next: string, location: string][] = [
    ['/%7F/evil', '/kg/account/'],
    ['/%E3%80%80/', '/%E3%80%80/'],
    ['/%C2%A0/', '/%C2%A0/'],
    ['/.//evil.example/', '/kg/account/'],
    ['//evil.example/', '/kg/account/'],
    ['/kg/cart/', '/kg/cart/'],
  ];
  for (const [next, location] of cases) {
    const response = await context.request.get(`/kg/login/?next=${next}`, { maxRedirects: 0 });
    expect(response.status(), next).toBe(302);
    expect(response.headers().location, next).toBe(location);
  }
  expect(await serverErrorsSince(offset)).toEqual([]);
});

test('pages refuse NUL characters and absurd page numbers before any query, logging no error', async ({ request }) => {
  const offset = serverLogOffset();
  const refused = [
    '/kg/product/%00/',
    '/kg/catalog/%00/',
    '/kg/brands/%00/',
    '/kg/docs/%00/',
    '/kg/search/?q=%00',
    '/kg/search/?q=a&s.x%00=1',
    '/kg/catalog/kompozity/?brand=%00',
    '/kg/catalog/kompozity/?page=99999999999999999999',
    '/kg/catalog/kompozity/?page=0',
    '/kg/search/?q=a&page=1e30',
  ];
  for (const url of refused) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).toContain('Страница не найдена');
  }
  expect(await serverErrorsSince(offset)).toEqual([]);
  // A page number in range still works.
  expect((await request.get('/kg/catalog/kompozity/?page=1')).status()).toBe(200);
});
