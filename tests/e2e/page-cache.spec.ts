/**
 * The response cache of the running shop (src/server/http/response-cache.ts), seen from outside: public
 * pages are rendered once and served again, the same for everyone; nothing personal is ever kept.
 */
import { expect, test, type APIRequestContext } from './support/test.ts';

const STAFF = { email: 'staff@dental.test', password: 'Staff-Demo-2026' };
const DOCTOR = { email: 'doctor@dental.test', password: 'Doctor-Demo-2026' };

// Each login comes from an address of its own (TRUST_PROXY is on in the browser tests), so the suite's
// logins from 127.0.0.1 never reach the per-address login limit.
let loginSequence = 0;

async function tokens(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<{ access: string; refresh: string }> {
  loginSequence += 1;
  const headers = { 'X-Forwarded-For': `203.0.113.${loginSequence}` };
  const response = await request.post('/api/v1/accounts/auth/jwt/create/', { data: account, headers });
  expect(response.status()).toBe(200);
  return response.json();
}

/** The Cookie header of a browser signed in with these tokens. */
const sessionCookie = (t: { access: string; refresh: string }) => `token=${t.access}; refresh=${t.refresh}`;

async function emptyCaches(request: APIRequestContext): Promise<void> {
  const { access } = await tokens(request, STAFF);
  const response = await request.post('/api/v1/staff/cache/invalidate/', {
    data: {},
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.status()).toBe(200);
}

test('renders a public page once: the next request is served from the cache with a strong ETag, and If-None-Match gets a 304', async ({
  request,
}) => {
  await emptyCaches(request);
  const first = await request.get('/kg/brands/');
  expect(first.headers()['x-cache']).toBe('MISS');
  const second = await request.get('/kg/brands/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(second.headers()['x-cache']).toBe('HIT');
  expect(second.headers()['content-encoding']).toBe('br');
  expect(await second.text()).toBe(await first.text());
  const etag = second.headers()['etag']!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await request.get('/kg/brands/', { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'br, gzip' } });
  expect(again.status()).toBe(304);
});

for (const path of ['/kg/', '/kg/catalog/', '/kg/brands/', '/kg/cart/']) {
  test(`${path} is the same HTML for a signed-in customer of no clinic as for anyone, rendered for them`, async ({
    request,
  }) => {
    const session = sessionCookie(await tokens(request, DOCTOR));
    await emptyCaches(request);
    // A browser with a session is never served a kept page (a clinic's member sees the clinic's prices, issue 37).
    const signedIn = await request.get(path, { headers: { Cookie: session } });
    expect(signedIn.headers()['x-cache']).toBeUndefined();
    await emptyCaches(request);
    const anonymous = await request.get(path);
    expect(anonymous.headers()['x-cache']).toBe('MISS');
    expect(await signedIn.text()).toBe(await anonymous.text());
    expect(await signedIn.text()).not.toContain(DOCTOR.email);
  });
}

test('the account page is never kept: each person gets their own, every time', async ({ request }) => {
  const doctor = sessionCookie(await tokens(request, DOCTOR));
  const staff = sessionCookie(await tokens(request, STAFF));
  for (let i = 0; i < 2; i++) {
    const mine = await request.get('/kg/account/', { headers: { Cookie: doctor } });
    expect(mine.status()).toBe(200);
    expect(mine.headers()['cache-control']).toBe('private, no-store');
    expect(mine.headers()['x-cache']).not.toBe('HIT');
    expect(await mine.text()).toContain(DOCTOR.email);
    const theirs = await request.get('/kg/account/', { headers: { Cookie: staff } });
    expect(theirs.headers()['x-cache']).not.toBe('HIT');
    const html = await theirs.text();
    expect(html).toContain(STAFF.email);
    expect(html).not.toContain(DOCTOR.email);
  }
});

test('an API answer read with a token is never served from the cache, nor kept for others', async ({ request }) => {
  const { access } = await tokens(request, DOCTOR);
  const path = '/api/v1/products/products/?country=kg&limit=3';
  await emptyCaches(request);
  const withToken = await request.get(path, { headers: { Authorization: `Bearer ${access}` } });
  expect(withToken.headers()['cache-control']).toBe('private, no-store');
  expect(withToken.headers()['x-cache']).toBeUndefined();
  expect((await request.get(path)).headers()['x-cache']).toBe('MISS');
  expect((await request.get(path)).headers()['x-cache']).toBe('HIT');
  const again = await request.get(path, { headers: { Authorization: `Bearer ${access}` } });
  expect(again.headers()['x-cache']).toBeUndefined();
  expect(again.headers()['cache-control']).toBe('private, no-store');
});
