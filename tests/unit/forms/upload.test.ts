import { ApiError, NETWORK_ERROR_MESSAGE } from '~/lib/api/api-error.ts';
import { describe, expect, it, vi } from 'vitest';
import { uploadForm } from '~/lib/api/upload.ts';
import { FORM_TEXT, toFormErrors } from '~/islands/forms/form-errors.ts';
import { memoryCookies } from '../fixtures/http.ts';
import { fakeXhrs } from './fake-xhr.ts';

function start(options: { token?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) {
  const { made, createRequest } = fakeXhrs();
  const cookies = memoryCookies(options.token ? { token: options.token } : {}).adapter;
  const body = new FormData();
  body.set('name', 'Айгуль');
  body.set('cv', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'cv.pdf');
  const result = uploadForm('/services/vacancies/apply/', body, { ...options, cookies, createRequest }).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { xhr: made[0]!, body, result };
}

describe('uploadForm', () => {
  it('posts the FormData under /api/v1 with the token cookie as a bearer token', async () => {
    const { xhr, body, result } = start({ token: 'access-1' });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/services/vacancies/apply/');
    expect(xhr.headers).toEqual({ accept: 'application/json', authorization: 'Bearer access-1' });
    expect(xhr.body).toBe(body);
    xhr.answer(201, { id: 7 });
    expect(await result).toEqual({ ok: true, value: { id: 7 } });
  });

  it('sends no authorization header without a token cookie', () => {
    const { xhr } = start();
    expect(xhr.headers.authorization).toBeUndefined();
  });

  it('resolves to undefined for an empty answer', async () => {
    const { xhr, result } = start();
    xhr.answer(204);
    expect(await result).toEqual({ ok: true, value: undefined });
  });

  it('reports the share of the body sent, then 1 once it has left', async () => {
    const onProgress = vi.fn();
    const { xhr, result } = start({ onProgress });
    xhr.progress(0, 4000);
    xhr.progress(1000, 4000);
    xhr.progress(500, 0, false);
    xhr.answer(201, {});
    await result;
    expect(onProgress.mock.calls.map(([fraction]) => fraction)).toEqual([0, 0.25, 1]);
  });

  it('rejects a 400 with a ApiError whose field messages land under the form fields', async () => {
    const { xhr, result } = start();
    xhr.answer(400, { cv: ['Файл больше 10 МБ.'], non_field_errors: ['Заявка уже отправлена.'] }, 'Bad Request');
    const outcome = await result;
    expect(outcome.ok).toBe(false);
    const error = (outcome as { error: ApiError }).error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.data).toEqual({ cv: ['Файл больше 10 МБ.'], non_field_errors: ['Заявка уже отправлена.'] });
    expect(toFormErrors(error, ['name', 'cv'])).toEqual({
      fields: { cv: ['Файл больше 10 МБ.'] },
      form: ['Заявка уже отправлена.'],
      status: 400,
      code: undefined,
      otherFields: [],
    });
  });

  it('rejects other answers the way the API client does', async () => {
    const throttled = start();
    throttled.xhr.answer(429, { detail: 'Слишком много заявок. Повторите через 60 с.' });
    const tooMany = (await throttled.result) as { error: unknown };
    expect(toFormErrors(tooMany.error, ['name'])).toMatchObject({
      form: ['Слишком много заявок. Повторите через 60 с.'],
      status: 429,
    });

    const broken = start();
    broken.xhr.answer(502, '<html>Bad gateway</html>');
    const failed = (await broken.result) as { error: ApiError };
    expect(failed.error.data).toBe('<html>Bad gateway</html>');
    expect(toFormErrors(failed.error, ['name']).form).toEqual([FORM_TEXT.serverError]);

    const expired = start({ token: 'old' });
    expired.xhr.answer(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect(toFormErrors(((await expired.result) as { error: unknown }).error, []).form).toEqual([
      FORM_TEXT.sessionEnded,
    ]);
  });

  it('rejects with a ApiError without an answer when the network fails', async () => {
    const { xhr, result } = start();
    xhr.fail();
    const { error } = (await result) as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect(error.response).toBeUndefined();
    expect(toFormErrors(error, ['name'])).toEqual({ fields: {}, form: [NETWORK_ERROR_MESSAGE] });
  });

  it('aborts the request when the signal fires, and refuses to start after', async () => {
    const controller = new AbortController();
    const { xhr, result } = start({ signal: controller.signal });
    controller.abort();
    expect(xhr.aborted).toBe(true);
    const { error } = (await result) as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect((error.cause as Error).name).toBe('AbortError');

    const { made, createRequest } = fakeXhrs();
    const late = uploadForm('/x/', new FormData(), {
      signal: controller.signal,
      createRequest,
      cookies: memoryCookies().adapter,
    });
    await expect(late).rejects.toBeInstanceOf(ApiError);
    expect(made).toEqual([]);
  });
});
