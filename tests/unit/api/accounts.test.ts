import { ApiError, NETWORK_ERROR_MESSAGE } from '~/lib/api/api-error.ts';
import { describe, expect, it } from 'vitest';
import * as accounts from '~/lib/api/accounts.ts';
import { createApiClient } from '~/lib/api/client.ts';
import { RequiredError } from '~/lib/api/required.ts';
import { ACCOUNT_CODE_TEXTS, ACCOUNT_TEXT } from '~/islands/account/account-texts.ts';
import { toFormErrors } from '~/islands/forms/form-errors.ts';
import { fakeFetch, json, memoryCookies, type RecordedRequest } from '../fixtures/http.ts';
import { userJson } from '../fixtures/users.ts';

const BASE = 'http://shop.test/api/v1';
const AUTH = '/api/v1/accounts/auth';

const USER = userJson({ last_name: '' });

function setup(
  answer: (request: RecordedRequest) => Response = () => json(200, {}),
  cookies: Record<string, string> = { token: 'access-1' },
) {
  const server = fakeFetch(answer);
  const client = createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: memoryCookies(cookies).adapter });
  return { client, requests: server.requests };
}

const noContent = () => new Response(null, { status: 204 });

describe('accounts API calls', () => {
  const posts: [string, (client: ReturnType<typeof setup>['client']) => Promise<unknown>, string, unknown][] = [
    [
      'createToken',
      (c) => accounts.createToken({ email: 'a@b.kg', password: 'secret-pass' }, c),
      '/jwt/create/',
      { email: 'a@b.kg', password: 'secret-pass' },
    ],
    ['refreshToken', (c) => accounts.refreshToken('r1', c), '/jwt/refresh/', { refresh: 'r1' }],
    ['verifyToken', (c) => accounts.verifyToken('t1', c), '/jwt/verify/', { token: 't1' }],
    ['blacklistToken', (c) => accounts.blacklistToken('r1', c), '/jwt/blacklist/', { refresh: 'r1' }],
    [
      'registerUser',
      (c) =>
        accounts.registerUser(
          {
            email: 'a@b.kg',
            password: 'p1',
            re_password: 'p1',
            first_name: 'А',
            phone: '+996555123456',
            country: 'kz',
          },
          c,
        ),
      '/users/',
      { email: 'a@b.kg', password: 'p1', re_password: 'p1', first_name: 'А', phone: '+996555123456', country: 'kz' },
    ],
    [
      'activateUser',
      (c) => accounts.activateUser({ uid: 'MTI', token: 'tok' }, c),
      '/users/activation/',
      { uid: 'MTI', token: 'tok' },
    ],
    [
      'resendActivation',
      (c) => accounts.resendActivation({ email: 'a@b.kg' }, c),
      '/users/resend_activation/',
      { email: 'a@b.kg' },
    ],
    [
      'resendActivation with next',
      (c) => accounts.resendActivation({ email: 'a@b.kg', next: '/kg/cart/' }, c),
      '/users/resend_activation/',
      { email: 'a@b.kg', next: '/kg/cart/' },
    ],
    ['resetPassword', (c) => accounts.resetPassword('a@b.kg', c), '/users/reset_password/', { email: 'a@b.kg' }],
    [
      'resetPasswordConfirm',
      (c) => accounts.resetPasswordConfirm({ uid: 'MTI', token: 'tok', new_password: 'n1', re_new_password: 'n1' }, c),
      '/users/reset_password_confirm/',
      { uid: 'MTI', token: 'tok', new_password: 'n1', re_new_password: 'n1' },
    ],
    ['resetEmail', (c) => accounts.resetEmail('a@b.kg', c), '/users/reset_email/', { email: 'a@b.kg' }],
    [
      'resetEmailConfirm',
      (c) => accounts.resetEmailConfirm({ uid: 'MTI', token: 'tok', new_email: 'n@b.kg', re_new_email: 'n@b.kg' }, c),
      '/users/reset_email_confirm/',
      { uid: 'MTI', token: 'tok', new_email: 'n@b.kg', re_new_email: 'n@b.kg' },
    ],
    [
      'setPassword',
      (c) => accounts.setPassword({ current_password: 'old', new_password: 'n1', re_new_password: 'n1' }, c),
      '/users/set_password/',
      { current_password: 'old', new_password: 'n1', re_new_password: 'n1' },
    ],
    [
      'setEmail',
      (c) => accounts.setEmail({ current_password: 'old', new_email: 'n@b.kg', re_new_email: 'n@b.kg' }, c),
      '/users/set_email/',
      { current_password: 'old', new_email: 'n@b.kg', re_new_email: 'n@b.kg' },
    ],
  ];

  for (const [name, call, path, body] of posts) {
    it(`${name} posts its JSON body to ${path}`, async () => {
      const { client, requests } = setup();
      await call(client);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.method).toBe('POST');
      expect(requests[0]!.url.pathname).toBe(`${AUTH}${path}`);
      expect(requests[0]!.body).toEqual(body);
    });
  }

  it('createToken resolves to the token pair', async () => {
    const { client } = setup(() => json(200, { access: 'a', refresh: 'r' }));
    await expect(accounts.createToken({ email: 'a@b.kg', password: 'x' }, client)).resolves.toEqual({
      access: 'a',
      refresh: 'r',
    });
  });

  it('resolves to undefined for a 204 answer', async () => {
    const { client } = setup(noContent);
    await expect(accounts.resetPassword('a@b.kg', client)).resolves.toBeUndefined();
    await expect(accounts.activateUser({ uid: 'u', token: 't' }, client)).resolves.toBeUndefined();
  });

  it('verifyToken and blacklistToken resolve to undefined for their 200 {} answers', async () => {
    const { client } = setup(() => json(200, {}));
    await expect(accounts.verifyToken('t', client)).resolves.toBeUndefined();
    await expect(accounts.blacklistToken('r', client)).resolves.toBeUndefined();
  });

  it('reads, replaces, patches and deletes the signed-in profile with the bearer token', async () => {
    const { client, requests } = setup((request) => (request.method === 'DELETE' ? noContent() : json(200, USER)));
    await expect(accounts.getMe(client)).resolves.toEqual(USER);
    await accounts.updateMe(
      { first_name: 'Айгуль', last_name: 'Асанова', phone: '+996555123456', country: 'kg' },
      client,
    );
    await accounts.patchMe({ phone: '+996700000000' }, client);
    await expect(accounts.deleteMe({ current_password: 'pw' }, client)).resolves.toBeUndefined();
    expect(requests.map((r) => [r.method, r.url.pathname, r.authorization])).toEqual([
      ['GET', `${AUTH}/users/me/`, 'Bearer access-1'],
      ['PUT', `${AUTH}/users/me/`, 'Bearer access-1'],
      ['PATCH', `${AUTH}/users/me/`, 'Bearer access-1'],
      ['DELETE', `${AUTH}/users/me/`, 'Bearer access-1'],
    ]);
    expect(requests[2]!.body).toEqual({ phone: '+996700000000' });
    expect(requests[3]!.body).toEqual({ current_password: 'pw' });
  });

  it('lists users with limit, offset and search, leaving out empty values', async () => {
    const { client, requests } = setup(() => json(200, { count: 1, next: null, previous: null, results: [USER] }));
    await accounts.listUsers({ limit: 12, offset: 24, search: '' }, client);
    await accounts.listUsers(undefined, client);
    expect(requests[0]!.url.pathname).toBe(`${AUTH}/users/`);
    expect(Object.fromEntries(requests[0]!.url.searchParams)).toEqual({ limit: '12', offset: '24' });
    expect(requests[1]!.url.search).toBe('');
  });

  it('addresses another account by its email, encoded in the path', async () => {
    const { client, requests } = setup((request) => (request.method === 'DELETE' ? noContent() : json(200, USER)));
    const email = 'a+b@clinic.kg';
    await accounts.getUser(email, client);
    await accounts.updateUser(email, { is_staff: true }, client);
    await accounts.patchUser(email, { is_active: false }, client);
    await accounts.deleteUser(email, { current_password: 'staff-pw' }, client);
    const path = `${AUTH}/users/a%2Bb%40clinic.kg/`;
    expect(requests.map((r) => [r.method, r.url.pathname])).toEqual([
      ['GET', path],
      ['PUT', path],
      ['PATCH', path],
      ['DELETE', path],
    ]);
    expect(requests[1]!.body).toEqual({ is_staff: true });
    expect(requests[3]!.body).toEqual({ current_password: 'staff-pw' });
  });

  it('passes a 400 with field errors to the caller', async () => {
    const errors = { email: ['Пользователь с таким адресом электронной почты уже существует.'] };
    const { client } = setup(() => json(400, errors));
    await expect(
      accounts.registerUser(
        { email: 'a@b.kg', password: 'p', re_password: 'p', first_name: 'А', phone: '+996555123456' },
        client,
      ),
    ).rejects.toMatchObject({ status: 400, data: errors });
  });

  it('does not refresh on a 401 from jwt/create/ or jwt/blacklist/', async () => {
    const { client, requests } = setup(
      () => json(401, { detail: 'No active account found with the given credentials', code: 'no_active_account' }),
      {
        token: 'a',
        refresh: 'r',
      },
    );
    await expect(accounts.createToken({ email: 'a@b.kg', password: 'x' }, client)).rejects.toMatchObject({
      status: 401,
    });
    await expect(accounts.blacklistToken('r', client)).rejects.toMatchObject({ status: 401 });
    expect(requests).toHaveLength(2);
  });
});

describe('accounts API required parameters', () => {
  const client = () => Promise.reject(new Error('no request expected'));
  const cases: [string, () => unknown, string][] = [
    ['createToken', () => accounts.createToken(undefined as never, client), 'body'],
    ['createToken', () => accounts.createToken({ email: 'a@b.kg' } as never, client), 'password'],
    ['refreshToken', () => accounts.refreshToken(null as never, client), 'refresh'],
    ['verifyToken', () => accounts.verifyToken(undefined as never, client), 'token'],
    ['blacklistToken', () => accounts.blacklistToken(undefined as never, client), 'refresh'],
    [
      'registerUser',
      () =>
        accounts.registerUser({ email: 'a@b.kg', password: 'p', re_password: 'p', first_name: 'А' } as never, client),
      'phone',
    ],
    ['activateUser', () => accounts.activateUser({ uid: 'u' } as never, client), 'token'],
    ['resendActivation', () => accounts.resendActivation({} as never, client), 'email'],
    ['resetPassword', () => accounts.resetPassword(null as never, client), 'email'],
    [
      'resetPasswordConfirm',
      () => accounts.resetPasswordConfirm({ uid: 'u', token: 't', new_password: 'n' } as never, client),
      're_new_password',
    ],
    ['resetEmail', () => accounts.resetEmail(undefined as never, client), 'email'],
    [
      'resetEmailConfirm',
      () => accounts.resetEmailConfirm({ uid: 'u', token: 't', re_new_email: 'n' } as never, client),
      'new_email',
    ],
    [
      'setPassword',
      () => accounts.setPassword({ new_password: 'n', re_new_password: 'n' } as never, client),
      'current_password',
    ],
    ['setEmail', () => accounts.setEmail({ current_password: 'c', new_email: 'n' } as never, client), 're_new_email'],
    ['updateMe', () => accounts.updateMe(undefined as never, client), 'update'],
    ['patchMe', () => accounts.patchMe(null as never, client), 'update'],
    ['deleteMe', () => accounts.deleteMe({} as never, client), 'current_password'],
    ['getUser', () => accounts.getUser(undefined as never, client), 'email'],
    ['updateUser', () => accounts.updateUser('a@b.kg', undefined as never, client), 'update'],
    ['patchUser', () => accounts.patchUser(null as never, {}, client), 'email'],
    ['deleteUser', () => accounts.deleteUser('a@b.kg', undefined as never, client), 'body'],
  ];

  for (const [operation, call, param] of cases) {
    it(`${operation} throws a RequiredError for a missing ${param}`, () => {
      expect(call).toThrow(new RequiredError(param, operation));
      expect(call).toThrow(`Required parameter ${param} was null or undefined when calling ${operation}.`);
    });
  }

  it('accepts empty strings, which the API answers with its own field errors', async () => {
    const { client, requests } = setup(() => json(400, { email: ['Это поле не может быть пустым.'] }));
    await expect(accounts.createToken({ email: '', password: '' }, client)).rejects.toMatchObject({ status: 400 });
    expect(requests).toHaveLength(1);
  });
});

async function failure(status: number, body: unknown): Promise<unknown> {
  const { client } = setup(() => json(status, body), {});
  return accounts
    .resetPasswordConfirm({ uid: 'u', token: 't', new_password: 'n', re_new_password: 'n' }, client)
    .catch((e: unknown) => e);
}

describe('account form errors', () => {
  const fields = ['new_password', 're_new_password'];

  it('puts 400 messages under the form fields and the rest above the form', async () => {
    const error = await failure(400, {
      new_password: [
        'Пароль слишком короткий: нужно не меньше 8 символов.',
        'Пароль не может состоять только из цифр.',
      ],
      token: ['Ссылка недействительна или устарела. Запросите новую.'],
      non_field_errors: ['Пароли не совпадают.'],
    });
    expect(toFormErrors(error, fields, ACCOUNT_CODE_TEXTS)).toEqual({
      fields: {
        new_password: [
          'Пароль слишком короткий: нужно не меньше 8 символов.',
          'Пароль не может состоять только из цифр.',
        ],
      },
      form: ['Ссылка недействительна или устарела. Запросите новую.', 'Пароли не совпадают.'],
      status: 400,
      code: undefined,
      otherFields: ['token'],
    });
  });

  it('says a failed login in Russian, whatever the API detail', async () => {
    const error = await failure(401, {
      detail: 'No active account found with the given credentials',
      code: 'no_active_account',
    });
    expect(toFormErrors(error, fields, ACCOUNT_CODE_TEXTS)).toMatchObject({
      form: [ACCOUNT_TEXT.noActiveAccount],
      code: 'no_active_account',
    });
  });

  it('tells a person whose session ended to log in again', async () => {
    const error = await failure(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect(toFormErrors(error, fields, ACCOUNT_CODE_TEXTS).form).toEqual([ACCOUNT_TEXT.sessionEnded]);
  });

  it('shows the detail of a 429 as it is', async () => {
    const error = await failure(429, { detail: 'Слишком много попыток. Повторите через 60 с.' });
    expect(toFormErrors(error, fields, ACCOUNT_CODE_TEXTS)).toMatchObject({
      fields: {},
      form: ['Слишком много попыток. Повторите через 60 с.'],
      status: 429,
    });
  });

  it('hides the English text of a server error', async () => {
    const error = await failure(500, { detail: 'A server error occurred.' });
    expect(toFormErrors(error, fields, ACCOUNT_CODE_TEXTS).form).toEqual([ACCOUNT_TEXT.serverError]);
  });

  it('says so when no answer came', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await accounts.resetPassword('a@b.kg', client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(toFormErrors(error, ['email'], ACCOUNT_CODE_TEXTS)).toEqual({ fields: {}, form: [NETWORK_ERROR_MESSAGE] });
  });
});
