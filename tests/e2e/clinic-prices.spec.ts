import { expect, test, type APIRequestContext, type BrowserContext } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { listProducts, parsePrice, waitForIslands, type ApiProduct } from './support/shop.ts';
import { DOCTOR } from './support/staff.ts';

// Issue 37, contract prices: the demo clinic's owner (clinic@dental.test, price list «Договор 2026»: 5 % off
// everything, 10 % off 3M) sees the clinic's price with the public one beside it on the product page and in
// the cart (whose product reads go with the session's token); a visitor and a customer of no clinic see the
// public page, and the kept page is never the member's.
const CLINIC = { email: 'clinic@dental.test', password: 'Clinic-Demo-2026' };
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

let logins = 0;
async function tokens(request: APIRequestContext, account: { email: string; password: string }) {
  logins += 1;
  const response = await request.post('/api/v1/accounts/auth/jwt/create/', {
    data: account,
    headers: { 'X-Forwarded-For': `198.51.100.${logins}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

const cookieOf = (t: { access: string; refresh: string }) => `token=${t.access}; refresh=${t.refresh}`;

async function signIn(context: BrowserContext, request: APIRequestContext) {
  const pair = await tokens(request, CLINIC);
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: 'token', value: pair.access, url },
    { name: 'refresh', value: pair.refresh, url },
  ]);
}

/** A 3M product in stock in Kyrgyzstan, and its price for the demo clinic: 10 % off, whole som. */
async function threeM(request: APIRequestContext): Promise<{ product: ApiProduct; contract: number }> {
  const { results } = await listProducts(request, { country: 'kg', brand: '3m', limit: 50, ordering: 'name' });
  const product = results.find((p) => p.in_stock && p.quantity >= 2 && p.price !== null);
  if (!product) throw new Error('The demo catalog has no 3M product in stock in kg.');
  return { product, contract: Math.round((Math.round(Number(product.price) * 100) * 90) / 10_000) };
}

test('the product page shows the member the contract price, privately; a visitor and another customer the public one', async ({
  request,
}) => {
  const { product, contract } = await threeM(request);
  const path = `/kg/product/${product.slug}/`;
  const member = await request.get(path, { headers: { Cookie: cookieOf(await tokens(request, CLINIC)) } });
  expect(member.status()).toBe(200);
  expect(member.headers()['cache-control']).toBe('private, no-store');
  expect(member.headers()['x-cache']).toBeUndefined();
  const html = await member.text();
  expect(html).toContain('Розничная цена');
  expect(html).toContain(`data-price="${contract}.00"`);

  for (let i = 0; i < 2; i++) {
    const visitor = await request.get(path);
    expect(visitor.headers()['cache-control']).toMatch(/^public/);
    const text = await visitor.text();
    expect(text).not.toContain('Розничная цена');
    expect(text).not.toContain(`data-price="${contract}.00"`);
  }
  const doctor = await request.get(path, { headers: { Cookie: cookieOf(await tokens(request, DOCTOR)) } });
  expect(doctor.headers()['x-cache']).toBeUndefined();
  expect(await doctor.text()).not.toContain('Розничная цена');
});

for (const size of SIZES) {
  test(`a clinic's member sees the contract price on the product page and in the cart at ${size.width}`, async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize(size);
    const { product, contract } = await threeM(request);
    await signIn(context, request);

    await page.goto(`/kg/product/${product.slug}/`);
    await waitForIslands(page);
    const box = page.locator('.buy');
    await expect(box.getByText('Розничная цена').first()).toBeVisible();
    expect(parsePrice((await box.locator('.price .now').first().textContent()) ?? '')).toBe(contract);
    expect(parsePrice((await box.locator('.price .list s').first().textContent()) ?? '')).toBe(Number(product.price));
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `test-results/clinic-prices-product-${size.width}.png`, fullPage: true });

    await box.getByRole('button', { name: 'В корзину', exact: true }).first().click();
    await page.goto('/kg/cart/');
    await waitForIslands(page);
    const unit = page.locator('.cart-info').filter({ hasText: product.name }).locator('.cart-unit');
    await expect(unit).toContainText('Розничная цена');
    const [now, list] = ((await unit.textContent()) ?? '').split('за шт.');
    expect(parsePrice(now!)).toBe(contract);
    expect(parsePrice(list!)).toBe(Number(product.price));
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({ path: `test-results/clinic-prices-cart-${size.width}.png`, fullPage: true });
  });
}
