import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeLinkToken } from '../../src/server/accounts/link-tokens.ts';
import { findUserByEmail } from '../../src/server/accounts/users.queries.ts';
import {
  activeUser,
  GOOD_PASSWORD,
  login,
  mailedLink,
  mailsTo,
  registration,
  STAFF,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

const post = (path: string, json: unknown, ip = uniqueIp()) =>
  api(`/accounts/auth/${path}`, { method: 'POST', json, ip });

describe('POST /accounts/auth/users/', () => {
  it('POST /accounts/auth/users/ creates an inactive account and answers 201 without the password', async () => {
    const input = registration({ email: `  New.Doctor-${Date.now()}@Clinic.TEST ` });
    const { status, body } = await post('users/', input);
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      email: input.email.trim().toLowerCase(),
      first_name: 'Айгуль',
      last_name: 'Садыкова',
      phone: '+996555123456',
      organisation: '',
      tax_number: '',
      country: 'kg',
      is_active: false,
      is_staff: false,
      is_superuser: false,
      can_exchange: false,
      date_joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      last_login: null,
    });
    expect(JSON.stringify(body)).not.toContain(GOOD_PASSWORD);
    const [row] = await dbRows<{ password_hash: string }>(sql`select password_hash from users where id = ${body.id}`);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('mails an activation link in Russian, as HTML and plain text, to the country of the person', async () => {
    const input = registration({ country: 'kz' });
    await post('users/', input);
    const [mail] = await mailsTo(input.email);
    expect(mail).toMatchObject({ kind: 'activation', to: input.email, status: 'logged' });
    expect(mail!.subject).toMatch(/Подтвердите/);
    const link = await mailedLink(input.email, 'activate');
    expect(link.url.startsWith('http://shop.test/kz/activate/')).toBe(true);
    expect(mail!.html).toContain(link.url);
    expect(mail!.html).toMatch(/<html|<table/i);
  });

  it('an unactivated account cannot log in', async () => {
    const input = registration();
    await post('users/', input);
    expect((await post('jwt/create/', { email: input.email, password: input.password })).status).toBe(401);
  });

  it('POST /accounts/auth/users/ answers a taken email like a new one and tells its owner instead', async () => {
    const { email, password } = await activeUser();
    const fresh = await post('users/', registration());
    const { status, body } = await post('users/', registration({ email: email.toUpperCase() }));
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(body).toMatchObject({ email, is_active: false, last_login: null, id: expect.any(Number) });
    expect(body.id).toBeGreaterThan(fresh.body.id);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['registration_attempt']);
    expect(mails[0]!.text).toContain('Кто-то пытался зарегистрироваться');
    expect(mails[0]!.text).toContain('http://shop.test/kg/password/reset/');
    // The account is as it was: one of it, with its own password.
    expect(await dbRows(sql`select id from users where email = ${email}`)).toHaveLength(1);
    expect((await post('jwt/create/', { email, password })).status).toBe(200);
  });

  it('POST /accounts/auth/users/ for an account never activated mails its activation link again', async () => {
    const input = registration();
    await post('users/', input);
    const again = await post('users/', { ...input, first_name: 'Другое' });
    expect(again.status).toBe(201);
    expect((await mailsTo(input.email)).map((m) => m.kind)).toEqual(['activation', 'activation']);
  });

  it('POST /accounts/auth/users/ still refuses a weak password for a taken email, as for a new one', async () => {
    const { email } = await activeUser();
    const { status, body } = await post(
      'users/',
      registration({ email, password: '12345678', re_password: '12345678' }),
    );
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['password']);
  });

  it('POST /accounts/auth/users/ names every missing field', async () => {
    const { status, body } = await post('users/', {});
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['email', 'password', 're_password'].sort());
    for (const messages of Object.values(body)) expect(messages).toEqual(['Обязательное поле.']);
  });

  it('POST /accounts/auth/users/ takes a djoser-style body: no name, no phone (checkout asks for them)', async () => {
    const { status, body } = await post('users/', {
      email: 'djoser-style@clinic.kg',
      password: 'Composite-Filling-42',
      re_password: 'Composite-Filling-42',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ email: 'djoser-style@clinic.kg', first_name: '', phone: '', is_active: false });
  });

  it('POST /accounts/auth/users/ rejects a bad email, phone and country', async () => {
    const { status, body } = await post('users/', registration({ email: 'not-an-email', phone: '12', country: 'ru' }));
    expect(status).toBe(400);
    expect(body.email).toEqual(['Введите правильный адрес электронной почты.']);
    expect(body.phone[0]).toMatch(/^Введите номер телефона/);
    expect(body.country).toEqual(['Неизвестная страна. Допустимые значения: kg, kz.']);
  });

  it('normalises Kazakh and Kyrgyz domestic phone numbers', async () => {
    const kz = await post('users/', registration({ phone: '8 (701) 123-45-67', country: 'kz' }));
    expect(kz.body.phone).toBe('+77011234567');
    const kg = await post('users/', registration({ phone: '0555 12 34 56' }));
    expect(kg.body.phone).toBe('+996555123456');
  });

  it.each([
    ['short', 'Ab1-xyz', 'Пароль слишком короткий: нужно не меньше 8 символов.'],
    ['numeric', '4815162342', 'Пароль не может состоять только из цифр.'],
    ['common', 'password1', 'Этот пароль слишком распространён: его легко подобрать.'],
  ])('POST /accounts/auth/users/ rejects a %s password with its own message', async (_kind, password, message) => {
    const { status, body } = await post('users/', registration({ password, re_password: password }));
    expect(status).toBe(400);
    expect(body.password).toContain(message);
  });

  it('rejects a password too close to the email, and names every broken rule at once', async () => {
    const similar = await post(
      'users/',
      registration({
        email: `zhanibekov-${Date.now()}@clinic.test`,
        password: 'zhanibekov1',
        re_password: 'zhanibekov1',
      }),
    );
    expect(similar.body.password).toEqual(['Пароль слишком похож на адрес электронной почты.']);
    const many = await post('users/', registration({ password: '1234567', re_password: '1234567' }));
    expect(many.body.password).toEqual([
      'Пароль слишком короткий: нужно не меньше 8 символов.',
      'Пароль не может состоять только из цифр.',
      'Этот пароль слишком распространён: его легко подобрать.',
    ]);
  });

  it('POST /accounts/auth/users/ rejects passwords that do not match and creates nothing', async () => {
    const input = registration({ re_password: `${GOOD_PASSWORD}!` });
    const { status, body } = await post('users/', input);
    expect(status).toBe(400);
    expect(body).toEqual({ non_field_errors: ['Пароли не совпадают.'] });
    expect(await findUserByEmail(input.email)).toBeNull();
    expect(await mailsTo(input.email)).toEqual([]);
  });

  it('limits registrations per address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i += 1) expect((await post('users/', registration(), ip)).status).toBe(201);
    const blocked = await post('users/', registration(), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('POST /accounts/auth/users/activation/', () => {
  it('POST /accounts/auth/users/activation/ activates with the mailed uid and token; the person can then log in', async () => {
    const input = registration();
    await post('users/', input);
    const { uid, token } = await mailedLink(input.email, 'activate');
    const { status } = await post('users/activation/', { uid, token });
    expect(status).toBe(204);
    expect((await login(input.email, input.password)).access).toEqual(expect.any(String));
    const mails = await mailsTo(input.email);
    expect(mails[0]!.kind).toBe('activation_confirmed');
  });

  it('answers 403 when the link is used again', async () => {
    const input = registration();
    await post('users/', input);
    const link = await mailedLink(input.email, 'activate');
    await post('users/activation/', link);
    const again = await post('users/activation/', link);
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ detail: 'Аккаунт уже активирован.' });
  });

  it('rejects an unknown uid, a wrong token and an expired token', async () => {
    const input = registration();
    const created = await post('users/', input);
    const { uid, token } = await mailedLink(input.email, 'activate');
    expect((await post('users/activation/', { uid: 'OTk5OTk5', token })).body).toEqual({
      uid: ['Ссылка недействительна: пользователь не найден.'],
    });
    expect((await post('users/activation/', { uid: '!!!', token })).body).toEqual({
      uid: ['Ссылка недействительна: пользователь не найден.'],
    });
    const wrong = await post('users/activation/', {
      uid,
      token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ token: ['Ссылка недействительна или устарела. Запросите новую.'] });
    const user = (await findUserByEmail(input.email))!;
    const expired = makeLinkToken('activation', user, Date.now() - 4 * 86_400_000);
    expect((await post('users/activation/', { uid, token: expired })).status).toBe(400);
    expect((await findUserByEmail(input.email))!.isActive).toBe(false);
    expect(created.body.is_active).toBe(false);
  });

  it('POST /accounts/auth/users/activation/ names missing fields', async () => {
    expect((await post('users/activation/', {})).body).toEqual({
      uid: ['Обязательное поле.'],
      token: ['Обязательное поле.'],
    });
  });
});

describe('POST /accounts/auth/users/resend_activation/', () => {
  it('POST /accounts/auth/users/resend_activation/ mails a new link to an unactivated account', async () => {
    const input = registration();
    await post('users/', input);
    expect((await post('users/resend_activation/', { email: input.email.toUpperCase() })).status).toBe(204);
    const mails = await mailsTo(input.email);
    expect(mails.filter((m) => m.kind === 'activation')).toHaveLength(2);
  });

  it('answers 204 and mails nothing for an unknown email or an active account', async () => {
    const unknown = uniqueEmail();
    const { email } = await activeUser();
    for (const address of [unknown, email]) {
      const { status, body } = await post('users/resend_activation/', { email: address });
      expect(status).toBe(204);
      expect(body).toBe('');
      expect(await mailsTo(address)).toEqual([]);
    }
  });

  it('does not re-activate an account staff have blocked, even one that never logged in', async () => {
    const input = registration();
    await post('users/', input);
    const link = await mailedLink(input.email, 'activate');
    expect((await post('users/activation/', link)).status).toBe(204);
    const staff = await login(STAFF.email, STAFF.password);
    await api(`/accounts/auth/users/${encodeURIComponent(input.email)}/`, {
      method: 'PATCH',
      token: staff.access,
      json: { is_active: false },
    });
    const before = (await mailsTo(input.email)).length;
    expect((await post('users/resend_activation/', { email: input.email })).status).toBe(204);
    expect(await mailsTo(input.email)).toHaveLength(before);
    // The block ended every session and with them the old link.
    expect((await post('users/activation/', link)).status).toBe(400);
    expect((await post('jwt/create/', { email: input.email, password: input.password })).status).toBe(401);
  });

  it('two uses of one activation link at once activate once', async () => {
    const input = registration();
    await post('users/', input);
    const link = await mailedLink(input.email, 'activate');
    const answers = await Promise.all([post('users/activation/', link), post('users/activation/', link)]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 403]);
    expect((await mailsTo(input.email)).filter((m) => m.kind === 'activation_confirmed')).toHaveLength(1);
  });

  it('POST /accounts/auth/users/resend_activation/ rejects a bad email and limits mails per email', async () => {
    expect((await post('users/resend_activation/', { email: 'nope' })).status).toBe(400);
    const email = uniqueEmail();
    for (let i = 0; i < 3; i += 1) expect((await post('users/resend_activation/', { email })).status).toBe(204);
    expect((await post('users/resend_activation/', { email })).status).toBe(429);
    // Each kind of mail has its own quota: a password reset for the address still goes through.
    expect((await post('users/reset_password/', { email })).status).toBe(204);
  });

  it('limits account mails per address across emails', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i += 1)
      expect((await post('users/reset_password/', { email: uniqueEmail() }, ip)).status).toBe(204);
    expect((await post('users/resend_activation/', { email: uniqueEmail() }, ip)).status).toBe(429);
  });

  it('limits registrations per email across addresses', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 5; i += 1) await post('users/', registration({ email }));
    expect((await post('users/', registration({ email }))).status).toBe(429);
  });

  it('two registrations of one email at once create one account', async () => {
    const input = registration();
    const answers = await Promise.all([post('users/', input), post('users/', input)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await dbRows(sql`select id from users where email = ${input.email}`)).toHaveLength(1);
  });
});
