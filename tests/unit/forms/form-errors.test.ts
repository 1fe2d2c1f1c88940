import { ApiError, NETWORK_ERROR_MESSAGE } from '~/lib/api/api-error.ts';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import { blankFields, FORM_TEXT, hasErrors, toFormErrors } from '~/islands/forms/form-errors.ts';
import { fakeFetch, json, memoryCookies } from '../fixtures/http.ts';

async function failWith(status: number, body: unknown): Promise<unknown> {
  const api = createApiClient({
    baseURL: 'http://shop.test/api/v1',
    fetch: fakeFetch(() => json(status, body)).fetch,
    cookies: memoryCookies().adapter,
  });
  try {
    return await api('/services/support/', { method: 'POST', body: {} });
  } catch (error) {
    return error;
  }
}

const FIELDS = ['name', 'email', 'message'];

describe('toFormErrors', () => {
  it('puts 400 messages under the fields the form has and the rest on top', async () => {
    const error = await failWith(400, {
      email: ['Введите адрес электронной почты.'],
      captcha: ['Пройдите проверку.'],
      non_field_errors: ['Заявка уже отправлена.'],
    });
    expect(toFormErrors(error, FIELDS)).toEqual({
      fields: { email: ['Введите адрес электронной почты.'] },
      form: ['Пройдите проверку.', 'Заявка уже отправлена.'],
      status: 400,
      code: undefined,
      otherFields: ['captcha'],
    });
  });

  it('takes a single message string and skips empty ones', async () => {
    const error = await failWith(400, { name: 'Укажите имя.', message: ['', 7, 'Напишите вопрос.'] });
    expect(toFormErrors(error, FIELDS).fields).toEqual({ name: ['Укажите имя.'], message: ['Напишите вопрос.'] });
  });

  it('puts the detail of a 400 on top', async () => {
    const error = await failWith(400, { detail: 'Неверный запрос.' });
    expect(toFormErrors(error, FIELDS)).toMatchObject({ fields: {}, form: ['Неверный запрос.'], status: 400 });
  });

  it('says a 401 ended the session, unless the form knows the code better', async () => {
    const expired = await failWith(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect(toFormErrors(expired, FIELDS)).toEqual({
      fields: {},
      form: [FORM_TEXT.sessionEnded],
      status: 401,
      code: 'token_not_valid',
    });
    const anonymous = await failWith(401, { detail: 'Authentication credentials were not provided.' });
    expect(toFormErrors(anonymous, FIELDS).code).toBe('not_authenticated');
    const login = await failWith(401, { detail: 'No active account found', code: 'no_active_account' });
    expect(toFormErrors(login, FIELDS, { no_active_account: 'Неверная пара.' }).form).toEqual(['Неверная пара.']);
  });

  it('uses a code text for any status, but never an inherited property as one', async () => {
    const forbidden = await failWith(403, { detail: 'Forbidden', code: 'out_of_stock' });
    expect(toFormErrors(forbidden, FIELDS, { out_of_stock: 'Товар закончился.' }).form).toEqual(['Товар закончился.']);
    const odd = await failWith(403, { detail: 'Доступ запрещён.', code: 'toString' });
    expect(toFormErrors(odd, FIELDS, {}).form).toEqual(['Доступ запрещён.']);
  });

  it('shows the detail of a 429 as it is and hides a server error behind a Russian text', async () => {
    expect(toFormErrors(await failWith(429, { detail: 'Слишком много попыток.' }), FIELDS)).toMatchObject({
      form: ['Слишком много попыток.'],
      status: 429,
    });
    expect(toFormErrors(await failWith(500, { detail: 'A server error occurred.' }), FIELDS)).toEqual({
      fields: {},
      form: [FORM_TEXT.serverError],
      status: 500,
    });
  });

  it('gives the network message when no answer came, and any other error its own message', () => {
    expect(toFormErrors(new ApiError('[POST] "/x/": <no response> fetch failed'), FIELDS).form).toEqual([
      NETWORK_ERROR_MESSAGE,
    ]);
    expect(toFormErrors(new Error('boom'), FIELDS).form).toEqual(['boom']);
  });
});

describe('blankFields', () => {
  it('asks to fill in each required field left blank or made of spaces', () => {
    const errors = blankFields({ name: '  ', email: 'a@b.kg', message: '' }, ['name', 'email', 'message', 'phone']);
    expect(errors).toEqual({
      fields: { name: [FORM_TEXT.required], message: [FORM_TEXT.required], phone: [FORM_TEXT.required] },
      form: [],
    });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(blankFields({ name: 'Айгуль' }, ['name']))).toBe(false);
  });
});
