/**
 * Shared steps for the storefront journeys: finding demo products through the public API, waiting for
 * the page's islands, and reading what the shopper sees (prices, counters, stored cart).
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export type Country = 'kg' | 'kz';

/** A product as `GET /api/v1/products/products/` lists it (only the fields the journeys use). */
export interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  sku: string;
  price: string | null;
  currency: 'KGS' | 'KZT';
  quantity: number;
  in_stock: boolean;
  brand: { slug: string; name: string } | null;
}

interface ProductPage {
  count: number;
  results: ApiProduct[];
}

/** One page of the public product list; `query` takes the API's own parameter names. */
export async function listProducts(
  request: APIRequestContext,
  query: Record<string, string | number>,
): Promise<ProductPage> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await request.get(`/api/v1/products/products/?${params}`);
  expect(response.status(), `GET /api/v1/products/products/?${params}`).toBe(200);
  return (await response.json()) as ProductPage;
}

/** Every product sold in the country (the list is capped at 100 a page). */
export async function allProducts(request: APIRequestContext, country: Country): Promise<ApiProduct[]> {
  const products: ApiProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await listProducts(request, { country, limit: 100, offset });
    products.push(...page.results);
    if (products.length >= page.count || page.results.length === 0) return products;
  }
}

/** A product that is in stock in the country with at least `minQuantity` units, so the steppers can go up. */
export async function inStockProduct(
  request: APIRequestContext,
  country: Country = 'kg',
  minQuantity = 5,
): Promise<ApiProduct> {
  const { results } = await listProducts(request, { country, limit: 100, ordering: 'name' });
  const product = results.find((p) => p.in_stock && p.quantity >= minQuantity && p.price !== null);
  if (!product) throw new Error(`The demo catalog has no product in stock in ${country} with ${minQuantity}+ units.`);
  return product;
}

/** Client-loaded React islands keep their `ssr` attribute until hydrated; clicks before that would be lost. */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** A shown price such as `12 345,50 сом` or `1 234,00 $` as a number. */
export function parsePrice(text: string): number {
  const digits = text.replace(/[^\d,.]/g, '').replace(',', '.');
  const value = Number(digits);
  if (!digits || !Number.isFinite(value)) throw new Error(`Not a price: "${text}"`);
  return value;
}

/** The product cards of a listing, in the order shown. */
export function productCards(page: Page): Locator {
  return page.getByRole('region', { name: 'Товары' }).getByRole('article');
}

/** The current price shown on each card that has one (a card may say «Цена по запросу»). */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).locator('[data-price]:not(s)').allTextContents();
  return texts.map(parsePrice);
}

/** Each card's shown price and whether it can be bought, in the listing's order. */
export async function cardOffers(page: Page): Promise<{ price: number; inStock: boolean }[]> {
  return productCards(page).evaluateAll((cards) =>
    cards.map((card) => ({
      price: Number(card.querySelector('[data-price]:not(s)')?.getAttribute('data-price') ?? 'NaN'),
      inStock: !card.querySelector('.badge-out'),
    })),
  );
}

/** The catalog's orderings: what can be bought first, each group ordered by price in `direction`. */
export function inStockFirstByPrice(offers: { price: number; inStock: boolean }[], direction: 1 | -1): boolean {
  const availableFirst = offers.every((o, i) => i === 0 || !o.inStock || offers[i - 1]!.inStock);
  const sorted = (group: number[]) => group.every((p, i) => i === 0 || (p - group[i - 1]!) * direction >= 0);
  return (
    availableFirst &&
    sorted(offers.filter((o) => o.inStock).map((o) => o.price)) &&
    sorted(offers.filter((o) => !o.inStock).map((o) => o.price))
  );
}

export async function cardNames(page: Page): Promise<string[]> {
  return productCards(page).getByRole('heading', { level: 3 }).allTextContents();
}

/** Waits until the listing shows exactly these product names, in this order. */
export async function expectCardNames(page: Page, names: string[]): Promise<void> {
  await expect(productCards(page).getByRole('heading', { level: 3 })).toHaveText(names);
}

/** The number in «Найдено: N товаров». */
export async function foundCount(page: Page): Promise<number> {
  const text = await page.getByRole('status').filter({ hasText: 'Найдено:' }).textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

export function foundStatus(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: 'Найдено:' });
}

/** The header link to the cart; its badge shows the number of units. */
export function cartLink(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Покупки' }).getByRole('link', { name: /Корзина/ });
}

/** The badge on the header cart link («N шт.»); hidden while the cart is empty. */
export function cartCounter(page: Page): Locator {
  return cartLink(page).getByLabel(/шт\.$/);
}

/** The badge on the header favourites link; hidden while there are none. */
export function favouritesCounter(page: Page): Locator {
  return favouritesLink(page).getByLabel(/шт\.$/);
}

export function favouritesLink(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Покупки' }).getByRole('link', { name: /Избранное/ });
}

/** A localStorage value parsed as JSON, or null when missing. */
export async function storedJson<T>(page: Page, key: string): Promise<T | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as T);
}

/** A toast (react-toastify renders each as role=alert) with the given text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Closes a toast with its close button: toasts sit over the header's cart and favourites links for 5 s. */
export async function closeToast(page: Page, text: string): Promise<void> {
  const shown = toast(page, text);
  await shown.getByRole('button', { name: 'Закрыть уведомление' }).click();
  await expect(shown).toBeHidden();
}

/**
 * A client address of a test's own (the test server trusts X-Forwarded-For), so limits per address —
 * registrations, orders — count its requests apart from the rest of the suite's.
 */
export function ownAddress(block: number): string {
  return `10.${block}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
}
