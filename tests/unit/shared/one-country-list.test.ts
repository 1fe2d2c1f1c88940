/**
 * `shared/countries.ts` is the only list of countries: with a third country added there (and nothing
 * else changed), the API takes it wherever it takes a country, and storefront paths know it.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/countries.ts', () => {
  const COUNTRIES = {
    kg: {
      code: 'kg',
      name: 'Кыргызстан',
      inName: 'в Кыргызстане',
      acrossName: 'по Кыргызстану',
      currency: 'KGS',
      hreflang: 'ru-KG',
      timeZone: 'Asia/Bishkek',
    },
    kz: {
      code: 'kz',
      name: 'Казахстан',
      inName: 'в Казахстане',
      acrossName: 'по Казахстану',
      currency: 'KZT',
      hreflang: 'ru-KZ',
      timeZone: 'Asia/Almaty',
    },
    uz: {
      code: 'uz',
      name: 'Узбекистан',
      inName: 'в Узбекистане',
      acrossName: 'по Узбекистану',
      currency: 'UZS',
      hreflang: 'ru-UZ',
      timeZone: 'Asia/Tashkent',
    },
  } as const;
  // The derived exports, written as countries.ts writes them.
  const COUNTRY_CODES = Object.keys(COUNTRIES);
  const CURRENCY_CODES = [...new Set(COUNTRY_CODES.map((c) => COUNTRIES[c as keyof typeof COUNTRIES].currency))];
  return {
    COUNTRIES,
    COUNTRY_CODES,
    DEFAULT_COUNTRY: 'kg',
    isCountryCode: (value: unknown) => typeof value === 'string' && Object.hasOwn(COUNTRIES, value),
    CURRENCY_CODES,
    isCurrencyCode: (value: unknown) => typeof value === 'string' && CURRENCY_CODES.includes(value as never),
    COUNTRY_PATH_PATTERN: COUNTRY_CODES.join('|'),
  };
});

const { productListQuery } = await import('../../../src/server/api/products/products.schemas.ts');
const { orderCreateBody } = await import('../../../src/server/api/orders/orders.schemas.ts');
const { userCreateBody } = await import('../../../src/server/api/accounts/accounts.schemas.ts');
const { stockUploadForm } = await import('../../../src/server/api/imports/imports.schemas.ts');
const { offerCreateBody } = await import('../../../src/server/api/availability/availability.schemas.ts');
const { paths, switchCountry } = await import('../../../src/shared/paths.ts');

describe('one list of countries', () => {
  it('the product list takes the new country and still refuses an unknown one', () => {
    expect(productListQuery.safeParse({ country: 'uz' }).success).toBe(true);
    const refused = productListQuery.safeParse({ country: 'xx' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toContain('uz');
  });

  it('orders, registration, stock uploads and offer edits take the new country', () => {
    const order = orderCreateBody.safeParse({
      country: 'uz',
      items: [{ product: 1, quantity: 1 }],
      delivery: { method: 'pickup' },
      payment: { method: 'cash' },
    });
    expect(order.error?.issues.filter((i) => i.path[0] === 'country') ?? []).toEqual([]);
    const user = userCreateBody.safeParse({ email: 'a@b.uz', password: 'x', re_password: 'x', country: 'uz' });
    expect(user.error?.issues.filter((i) => i.path[0] === 'country') ?? []).toEqual([]);
    expect(
      stockUploadForm
        .safeParse({ file: new File(['x'], 'a.csv'), country: 'uz' })
        .error?.issues.filter((i) => i.path[0] === 'country') ?? [],
    ).toEqual([]);
    expect(offerCreateBody.safeParse({ country: 'uz', price: '10', quantity: 1 }).success).toBe(true);
  });

  it('storefront paths switch to and from the new country', () => {
    expect(switchCountry('/kg/catalog/kompozity/', 'uz' as never)).toBe('/uz/catalog/kompozity/');
    expect(switchCountry(paths.home('uz' as never), 'kz')).toBe('/kz/');
  });
});
