import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../src/server/accounts/users.admin.ts';
import {
  activeUser,
  CUSTOMER,
  GOOD_PASSWORD,
  login,
  mailsTo,
  signedIn,
  STAFF,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

const staffTokens = () => login(STAFF.email, STAFF.password);
const users = (path = '', init: Parameters<typeof api>[1] = {}) =>
  api(`/accounts/auth/users/${path}`, { ip: uniqueIp(), ...init });

describe('GET /accounts/auth/users/me/', () => {
  it('GET /accounts/auth/users/me/ answers the profile, privately', async () => {
    const { user, tokens } = await signedIn({ firstName: 'Данияр', lastName: 'Ахметов', phone: '+77011234567' });
    const { status, body, headers } = await users('me/', { token: tokens.access });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: user.id,
      email: user.email,
      first_name: 'Данияр',
      last_name: 'Ахметов',
      phone: '+77011234567',
      is_staff: false,
      is_active: true,
    });
    expect(body.last_login).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('password_hash');
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('etag')).toBeNull();
  });
});

describe('PUT and PATCH /accounts/auth/users/me/', () => {
  it('PATCH /accounts/auth/users/me/ changes the given fields only', async () => {
    const { tokens } = await signedIn({ firstName: 'Старое', lastName: 'Имя' });
    const { status, body } = await users('me/', {
      method: 'PATCH',
      token: tokens.access,
      json: { first_name: '  Новое ', phone: '8 701 765 43 21', country: 'kz' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ first_name: 'Новое', last_name: 'Имя', phone: '+77017654321', country: 'kz' });
  });

  it('PUT /accounts/auth/users/me/ ignores read-only fields: email, is_staff, is_active', async () => {
    const { user, tokens } = await signedIn();
    const { status, body } = await users('me/', {
      method: 'PUT',
      token: tokens.access,
      json: { email: 'hijack@clinic.test', is_staff: true, is_active: false, last_name: 'Иванова' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: user.email, is_staff: false, is_active: true, last_name: 'Иванова' });
  });

  it('PUT /accounts/auth/users/me/ takes back what GET answered, an empty phone included', async () => {
    const { tokens } = await signedIn({ phone: '' });
    const profile = (await users('me/', { token: tokens.access })).body;
    const { status, body } = await users('me/', { method: 'PUT', token: tokens.access, json: profile });
    expect(status).toBe(200);
    expect(body).toEqual(profile);
  });

  it('PATCH /accounts/auth/users/me/ rejects bad values and changes nothing', async () => {
    const { tokens } = await signedIn({ firstName: 'Асель' });
    const { status, body } = await users('me/', {
      method: 'PATCH',
      token: tokens.access,
      json: { first_name: '   ', phone: 'call me', country: 'uz', last_name: 'x'.repeat(151) },
    });
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['country', 'first_name', 'last_name', 'phone']);
    expect((await users('me/', { token: tokens.access })).body.first_name).toBe('Асель');
  });

  it('PATCH /accounts/auth/users/me/ answers 401 without a token', async () => {
    expect((await users('me/', { method: 'PATCH', json: { first_name: 'X' } })).status).toBe(401);
  });
});

describe('DELETE /accounts/auth/users/me/', () => {
  it('erases the personal data, ends every session and frees the email', async () => {
    const { user, email, password, tokens } = await signedIn({ firstName: 'Удаляемый', phone: '+996700000009' });
    await api('/accounts/auth/users/reset_password/', { method: 'POST', json: { email }, ip: uniqueIp() });
    expect(await mailsTo(email)).toHaveLength(1);
    await api('/accounts/auth/jwt/create/', {
      method: 'POST',
      json: { email, password: 'not-my-password' },
      ip: uniqueIp(),
    });
    expect(await dbRows(sql`select key from rate_limits where key like ${`%${email}`}`)).toHaveLength(3);
    const wrong = await users('me/', {
      method: 'DELETE',
      token: tokens.access,
      json: { current_password: 'not-my-password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_password: ['Неверный пароль.'] });
    const { status } = await users('me/', {
      method: 'DELETE',
      token: tokens.access,
      json: { current_password: password },
    });
    expect(status).toBe(204);
    const [row] = await dbRows<Record<string, unknown>>(
      sql`select email, first_name, phone, password_hash, is_active, deleted_at from users where id = ${user.id}`,
    );
    expect(row).toMatchObject({ first_name: '', phone: '', password_hash: null, is_active: false });
    expect(row!.email).not.toContain(email.split('@')[0]);
    expect(row!.deleted_at).not.toBeNull();
    // Mails kept for the address (they hold the name and live links) and counters named after it go too.
    expect(await mailsTo(email)).toEqual([]);
    expect(await dbRows(sql`select key from rate_limits where key like ${`%${email}`}`)).toEqual([]);
    expect((await users('me/', { token: tokens.access })).status).toBe(401);
    expect(
      (await api('/accounts/auth/jwt/refresh/', { method: 'POST', json: { refresh: tokens.refresh } })).status,
    ).toBe(401);
    expect(
      (await api('/accounts/auth/jwt/create/', { method: 'POST', json: { email, password }, ip: uniqueIp() })).status,
    ).toBe(401);
    // The address can be registered again.
    const again = await api('/accounts/auth/users/', {
      method: 'POST',
      ip: uniqueIp(),
      json: {
        email,
        password: 'Brand-New-Start-5',
        re_password: 'Brand-New-Start-5',
        first_name: 'Снова',
        phone: '+996555000111',
      },
    });
    expect(again.status).toBe(201);
  });

  it('DELETE /accounts/auth/users/me/ needs the current password', async () => {
    const { tokens } = await signedIn();
    expect((await users('me/', { method: 'DELETE', token: tokens.access, json: {} })).body).toEqual({
      current_password: ['Обязательное поле.'],
    });
  });
});

describe('GET /accounts/auth/users/', () => {
  it('GET /accounts/auth/users/ shows a customer only themself', async () => {
    const { user, tokens } = await signedIn();
    const { status, body } = await users('', { token: tokens.access });
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.results.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });

  it('GET /accounts/auth/users/ shows staff every account, paged and searchable', async () => {
    await activeUser({ lastName: 'Поисковая' });
    const { access } = await staffTokens();
    const page = await users('?limit=2', { token: access });
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThanOrEqual(3);
    expect(page.body.results).toHaveLength(2);
    expect(page.body.next).toContain('offset=2');
    const found = await users('?search=%D0%9F%D0%BE%D0%B8%D1%81%D0%BA%D0%BE%D0%B2', { token: access });
    expect(found.body.results.map((u: { last_name: string }) => u.last_name)).toEqual(['Поисковая']);
    expect(found.headers.get('cache-control')).toBe('private, no-store');
  });

  it('GET /accounts/auth/users/ answers 401 without a token and 400 for a bad limit', async () => {
    expect((await users('')).status).toBe(401);
    const { access } = await staffTokens();
    expect((await users('?limit=abc', { token: access })).status).toBe(400);
  });
});

describe('/accounts/auth/users/{email}/', () => {
  it('GET /accounts/auth/users/{email}/ lets a person read themself but not someone else', async () => {
    const { email, tokens } = await signedIn();
    expect((await users(`${encodeURIComponent(email)}/`, { token: tokens.access })).body.email).toBe(email);
    const other = await users(`${encodeURIComponent(CUSTOMER.email)}/`, { token: tokens.access });
    expect(other.status).toBe(403);
    // The same answer for an address nobody has: no way to learn who is registered.
    const nobody = await users(`${encodeURIComponent(uniqueEmail())}/`, { token: tokens.access });
    expect(nobody.status).toBe(403);
    expect(nobody.body).toEqual(other.body);
  });

  it('staff read, update, block and delete other accounts', async () => {
    const { access } = await staffTokens();
    const target = await signedIn();
    const path = `${encodeURIComponent(target.email)}/`;
    expect((await users(path, { token: access })).body.email).toBe(target.email);
    const patched = await users(path, {
      method: 'PATCH',
      token: access,
      json: { last_name: 'Изменена', is_active: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ last_name: 'Изменена', is_active: false });
    // Blocking ends the sessions of the blocked account.
    expect((await users('me/', { token: target.tokens.access })).status).toBe(401);
    expect(
      (await api('/accounts/auth/jwt/refresh/', { method: 'POST', json: { refresh: target.tokens.refresh } })).status,
    ).toBe(401);
    const deleted = await users(path, { method: 'DELETE', token: access, json: { current_password: STAFF.password } });
    expect(deleted.status).toBe(204);
    expect((await users(path, { token: access })).status).toBe(404);
  });

  it('PUT /accounts/auth/users/{email}/ lets staff make someone staff, and rejects bad input', async () => {
    const { access } = await staffTokens();
    const target = await activeUser();
    const path = `${encodeURIComponent(target.email)}/`;
    const promoted = await users(path, {
      method: 'PUT',
      token: access,
      json: { first_name: 'Новый', last_name: 'Сотрудник', phone: '+77015550000', country: 'kz', is_staff: true },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({
      first_name: 'Новый',
      last_name: 'Сотрудник',
      phone: '+77015550000',
      country: 'kz',
      is_staff: true,
      is_active: true,
    });
    const bad = await users(path, { method: 'PUT', token: access, json: { is_staff: 'yes', first_name: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ first_name: ['Ожидается строка.'], is_staff: ['Ожидается true или false.'] });
  });

  it('DELETE /accounts/auth/users/{email}/ needs the password of the staff member asking', async () => {
    const { access } = await staffTokens();
    const target = await activeUser();
    const path = `${encodeURIComponent(target.email)}/`;
    expect(
      (await users(path, { method: 'DELETE', token: access, json: { current_password: target.password } })).body,
    ).toEqual({ current_password: ['Неверный пароль.'] });
    expect((await users(path, { method: 'DELETE', token: access })).status).toBe(400);
    expect((await users(path, { token: access })).status).toBe(200);
  });

  it('staff cannot take away their own staff rights or block themselves', async () => {
    const { access } = await staffTokens();
    const { status, body } = await users(`${encodeURIComponent(STAFF.email)}/`, {
      method: 'PATCH',
      token: access,
      json: { is_staff: false },
    });
    expect(status).toBe(400);
    expect(body.non_field_errors).toEqual([
      'Нельзя снять с себя права сотрудника или заблокировать собственный аккаунт.',
    ]);
  });

  it('a customer cannot update or delete someone else', async () => {
    const { tokens, password } = await signedIn();
    const path = `${encodeURIComponent(CUSTOMER.email)}/`;
    expect((await users(path, { method: 'PATCH', token: tokens.access, json: { first_name: 'X' } })).status).toBe(403);
    expect(
      (await users(path, { method: 'DELETE', token: tokens.access, json: { current_password: password } })).status,
    ).toBe(403);
  });

  it('GET /accounts/auth/users/{email}/ answers 404 to staff for an unknown address', async () => {
    const { access } = await staffTokens();
    const { status, body } = await users(`${encodeURIComponent(uniqueEmail())}/`, { token: access });
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});

describe('staff and superusers', () => {
  const path = (email: string) => `${encodeURIComponent(email)}/`;

  it('staff who are not superusers cannot demote, block, unblock or delete another staff account', async () => {
    const actor = await signedIn({ isStaff: true });
    const colleague = await signedIn({ isStaff: true });
    expect(actor.user).toMatchObject({ isStaff: true, isSuperuser: false });
    const token = actor.tokens.access;
    const refused = [
      await users(path(colleague.email), { method: 'PATCH', token, json: { is_staff: false } }),
      await users(path(colleague.email), { method: 'PATCH', token, json: { is_active: false } }),
      await users(path(colleague.email), { method: 'PUT', token, json: { first_name: 'X', is_staff: false } }),
      await users(path(colleague.email), { method: 'DELETE', token, json: { current_password: actor.password } }),
      await users(path(STAFF.email), { method: 'PATCH', token, json: { is_active: false } }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        detail: 'Менять права сотрудников, блокировать и удалять их аккаунты может только суперпользователь.',
      });
    }
    expect((await users('me/', { token: colleague.tokens.access })).body).toMatchObject({
      is_staff: true,
      is_active: true,
    });
    expect((await users(path(STAFF.email), { token })).body).toMatchObject({
      is_staff: true,
      is_superuser: true,
      is_active: true,
    });
  });

  it('staff who are not superusers cannot make anyone staff, but still manage customers', async () => {
    const actor = await signedIn({ isStaff: true });
    const customer = await signedIn();
    const promoted = await users(path(customer.email), {
      method: 'PATCH',
      token: actor.tokens.access,
      json: { is_staff: true },
    });
    expect(promoted.status).toBe(403);
    const blocked = await users(path(customer.email), {
      method: 'PATCH',
      token: actor.tokens.access,
      json: { is_active: false, is_staff: false, last_name: 'Заблокирован' },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({
      is_active: false,
      is_staff: false,
      is_superuser: false,
      last_name: 'Заблокирован',
    });
    // A colleague's name is not an access right.
    const colleague = await activeUser({ isStaff: true });
    expect(
      (
        await users(path(colleague.email), {
          method: 'PATCH',
          token: actor.tokens.access,
          json: { first_name: 'Коллега', is_staff: true },
        })
      ).status,
    ).toBe(200);
  });

  it('a superuser demotes, blocks and deletes staff accounts, whose tokens then stop working', async () => {
    const { access } = await staffTokens();
    const demoted = await signedIn({ isStaff: true });
    const answer = await users(path(demoted.email), { method: 'PATCH', token: access, json: { is_staff: false } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ is_staff: false, is_superuser: false });
    const blocked = await signedIn({ isStaff: true });
    expect(
      (await users(path(blocked.email), { method: 'PATCH', token: access, json: { is_active: false } })).status,
    ).toBe(200);
    expect((await users('me/', { token: blocked.tokens.access })).status).toBe(401);
    const deleted = await activeUser({ isStaff: true });
    expect(
      (
        await users(path(deleted.email), {
          method: 'DELETE',
          token: access,
          json: { current_password: STAFF.password },
        })
      ).status,
    ).toBe(204);
    const promoted = await activeUser();
    expect(
      (await users(path(promoted.email), { method: 'PATCH', token: access, json: { is_staff: true } })).body,
    ).toMatchObject({ is_staff: true, is_superuser: false });
  });

  it('is_superuser is shown beside is_staff and cannot be set through the API', async () => {
    const { access } = await staffTokens();
    expect((await users('me/', { token: access })).body).toMatchObject({ is_staff: true, is_superuser: true });
    const staff = await signedIn({ isStaff: true });
    const raised = await users('me/', { method: 'PATCH', token: staff.tokens.access, json: { is_superuser: true } });
    expect(raised.status).toBe(200);
    expect(raised.body.is_superuser).toBe(false);
    const other = await activeUser({ isStaff: true });
    expect(
      (await users(path(other.email), { method: 'PATCH', token: access, json: { is_superuser: true } })).body
        .is_superuser,
    ).toBe(false);
  });

  it('a superuser cannot take away their own rights', async () => {
    const { access } = await staffTokens();
    expect((await users(path(STAFF.email), { method: 'PATCH', token: access, json: { is_staff: false } })).status).toBe(
      400,
    );
    expect((await users('me/', { token: access })).body).toMatchObject({ is_staff: true, is_superuser: true });
  });

  it('the first staff account made while no superuser exists is a superuser; --superuser makes one at any time', async () => {
    const made = await createAccount({ email: uniqueEmail('boss'), password: GOOD_PASSWORD, isSuperuser: true });
    expect(made).toMatchObject({ isStaff: true, isSuperuser: true });
    expect(await createAccount({ email: uniqueEmail('staff'), password: GOOD_PASSWORD, isStaff: true })).toMatchObject({
      isStaff: true,
      isSuperuser: false,
    });
    await dbRows(sql`update users set is_superuser = false where is_superuser`);
    try {
      const first = await createAccount({ email: uniqueEmail('first'), password: GOOD_PASSWORD, isStaff: true });
      expect(first).toMatchObject({ isStaff: true, isSuperuser: true });
      expect(await createAccount({ email: uniqueEmail('customer'), password: GOOD_PASSWORD })).toMatchObject({
        isStaff: false,
        isSuperuser: false,
      });
    } finally {
      await dbRows(sql`update users set is_superuser = (email = ${STAFF.email})`);
    }
  });
});

describe('demo accounts', () => {
  it('the demo data has an active staff account and an active customer', async () => {
    const staff = await staffTokens();
    expect((await users('me/', { token: staff.access })).body).toMatchObject({
      email: STAFF.email,
      is_staff: true,
      is_superuser: true,
    });
    const customer = await login(CUSTOMER.email, CUSTOMER.password);
    expect((await users('me/', { token: customer.access })).body).toMatchObject({
      email: CUSTOMER.email,
      is_staff: false,
      is_superuser: false,
    });
  });
});

describe('development outbox', () => {
  it('GET /dev/outbox/ is not served unless DEV_OUTBOX is set', async () => {
    const { status, body } = await api('/dev/outbox/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});
