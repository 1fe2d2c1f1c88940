import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { apiErrorMessage, NETWORK_ERROR_MESSAGE } from '~/lib/api/api-error.ts';
import { fakeFetch, json, memoryCookies } from '../fixtures/http.ts';

function failWith(response: () => Response | Promise<Response>) {
  const api = createApiClient({
    baseURL: 'http://shop.test/api/v1',
    fetch: fakeFetch(response).fetch,
    cookies: memoryCookies().adapter,
  });
  return api('/products/products/').catch((error: unknown) => error);
}

describe('apiErrorMessage', () => {
  it('uses the detail of an error answer', async () => {
    expect(apiErrorMessage(await failWith(() => json(404, { detail: 'Not found.' })))).toBe('Not found.');
  });

  it('uses non_field_errors first, then the first field message', async () => {
    expect(
      apiErrorMessage(
        await failWith(() => json(400, { price_from: ['Введите число.'], non_field_errors: ['Неверный запрос.'] })),
      ),
    ).toBe('Неверный запрос.');
    expect(apiErrorMessage(await failWith(() => json(400, { price_from: ['Введите число.'] })))).toBe('Введите число.');
  });

  it('never shows the API field names: nested and per-item messages come out as sentences', async () => {
    expect(
      apiErrorMessage(
        await failWith(() => json(400, { status: ['Заказ в статусе «Отправлен» нельзя перевести в статус «Новый».'] })),
      ),
    ).toBe('Заказ в статусе «Отправлен» нельзя перевести в статус «Новый».');
    expect(apiErrorMessage(await failWith(() => json(400, { payment: { tax_number: ['ИНН — это 14 цифр.'] } })))).toBe(
      'ИНН — это 14 цифр.',
    );
    expect(apiErrorMessage(await failWith(() => json(400, { items: [{}, { quantity: ['Не больше 5 шт.'] }] })))).toBe(
      'Не больше 5 шт.',
    );
  });

  it('gives a Russian network message when no answer arrived', async () => {
    expect(apiErrorMessage(await failWith(() => Promise.reject(new TypeError('fetch failed'))))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it('falls back to the error message', () => {
    expect(apiErrorMessage(new Error('boom'))).toBe('boom');
    expect(apiErrorMessage('text')).toBe('text');
  });
});
