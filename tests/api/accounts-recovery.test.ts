import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/server/accounts/accounts.limits.ts';
import { makeLinkToken } from '../../src/server/accounts/link-tokens.ts';
import { recordBackoffFailure } from '../../src/server/security/rate-limit.ts';
import { findUserByEmail } from '../../src/server/accounts/users.queries.ts';
import {
  activeUser,
  GOOD_PASSWORD,
  login,
  mailedLink,
  mailsTo,
  signedIn,
  uniqueEmail,
  uniqueIp,
} from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

const NEW_PASSWORD = 'Endodontic-Files-77';
const post = (path: string, json: unknown, token?: string) =>
  api(`/accounts/auth/${path}`, { method: 'POST', json, token, ip: uniqueIp() });
const canLogIn = async (email: string, password: string) =>
  (await api('/accounts/auth/jwt/create/', { method: 'POST', json: { email, password }, ip: uniqueIp() })).status ===
  200;

describe('POST /accounts/auth/users/reset_password/', () => {
  it('POST /accounts/auth/users/reset_password/ mails a reset link to an active account', async () => {
    const { email } = await activeUser();
    const { status, body } = await post('users/reset_password/', { email: email.toUpperCase() });
    expect(status).toBe(204);
    expect(body).toBe('');
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'password_reset', subject: expect.stringMatching(/Восстановление пароля/) });
    expect((await mailedLink(email, 'password/reset')).url).toMatch(/^http:\/\/shop\.test\/kg\/password\/reset\//);
  });

  it('answers the same 204 for an unknown email and mails nothing', async () => {
    const email = uniqueEmail();
    const { status, body } = await post('users/reset_password/', { email });
    expect(status).toBe(204);
    expect(body).toBe('');
    expect(await mailsTo(email)).toEqual([]);
  });

  it('POST /accounts/auth/users/reset_password/ rejects a missing email', async () => {
    expect((await post('users/reset_password/', {})).body).toEqual({ email: ['Обязательное поле.'] });
  });
});

describe('POST /accounts/auth/users/reset_password_confirm/', () => {
  async function resetLink() {
    const account = await signedIn();
    await post('users/reset_password/', { email: account.email });
    return { ...account, link: await mailedLink(account.email, 'password/reset') };
  }

  it('marks the browser that set the new password as known, so the email-wide login wait does not hold it', async () => {
    const { email, link } = await resetLink();
    const confirmed = await post('users/reset_password_confirm/', {
      ...link,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    const device = confirmed.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(device).toMatch(/^device=/);
    for (let i = 0; i < 101; i += 1) await recordBackoffFailure(ACCOUNT_LIMITS.loginFailuresPerEmail, email);
    const login = (cookie?: string) =>
      api('/accounts/auth/jwt/create/', {
        method: 'POST',
        json: { email, password: NEW_PASSWORD },
        ip: uniqueIp(),
        headers: cookie ? { Cookie: cookie } : {},
      });
    expect((await login()).status).toBe(429);
    expect((await login(device)).status).toBe(200);
  });

  it('sets the new password once, ends every session and mails a notice', async () => {
    const { email, password, tokens, link } = await resetLink();
    const { status } = await post('users/reset_password_confirm/', {
      ...link,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    expect(status).toBe(204);
    expect(await canLogIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canLogIn(email, password)).toBe(false);
    // Sessions opened before the reset are over: their refresh and access tokens no longer work.
    expect((await post('jwt/refresh/', { refresh: tokens.refresh })).status).toBe(401);
    expect((await api('/accounts/auth/users/me/', { token: tokens.access })).status).toBe(401);
    expect((await mailsTo(email))[0]!.kind).toBe('password_changed');
    // The link is single-use.
    const again = await post('users/reset_password_confirm/', {
      ...link,
      new_password: 'Another-Secret-91',
      re_new_password: 'Another-Secret-91',
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: ['Ссылка недействительна или устарела. Запросите новую.'] });
  });

  it('rejects a weak or mismatched new password and keeps the old one', async () => {
    const { email, password, link } = await resetLink();
    const weak = await post('users/reset_password_confirm/', {
      ...link,
      new_password: '12345678',
      re_new_password: '12345678',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.new_password).toContain('Пароль не может состоять только из цифр.');
    const mismatch = await post('users/reset_password_confirm/', {
      ...link,
      new_password: NEW_PASSWORD,
      re_new_password: `${NEW_PASSWORD}?`,
    });
    expect(mismatch.body).toEqual({ non_field_errors: ['Пароли не совпадают.'] });
    expect(await canLogIn(email, password)).toBe(true);
  });

  it('rejects an expired link and a link of another kind', async () => {
    const { email, link } = await resetLink();
    const user = (await findUserByEmail(email))!;
    const expired = makeLinkToken('password_reset', user, Date.now() - 25 * 3_600_000);
    expect(
      (
        await post('users/reset_password_confirm/', {
          uid: link.uid,
          token: expired,
          new_password: NEW_PASSWORD,
          re_new_password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(400);
    const activation = makeLinkToken('activation', user);
    expect(
      (
        await post('users/reset_password_confirm/', {
          uid: link.uid,
          token: activation,
          new_password: NEW_PASSWORD,
          re_new_password: NEW_PASSWORD,
        })
      ).body,
    ).toEqual({
      token: ['Ссылка недействительна или устарела. Запросите новую.'],
    });
  });

  it('POST /accounts/auth/users/reset_password_confirm/ names missing fields', async () => {
    const { body } = await post('users/reset_password_confirm/', {});
    expect(Object.keys(body).sort()).toEqual(['new_password', 're_new_password', 'token', 'uid']);
  });
});

describe('POST /accounts/auth/users/set_password/', () => {
  it('changes the password with the current one; every session ends, so the person logs in again', async () => {
    const { email, password, tokens } = await signedIn();
    const { status } = await post(
      'users/set_password/',
      { current_password: password, new_password: NEW_PASSWORD, re_new_password: NEW_PASSWORD },
      tokens.access,
    );
    expect(status).toBe(204);
    expect((await api('/accounts/auth/users/me/', { token: tokens.access })).status).toBe(401);
    expect((await post('jwt/refresh/', { refresh: tokens.refresh })).status).toBe(401);
    const fresh = await login(email, NEW_PASSWORD);
    expect((await api('/accounts/auth/users/me/', { token: fresh.access })).status).toBe(200);
    const revoked = await dbRows<{ revoked_reason: string }>(
      sql`select revoked_reason from refresh_tokens where user_id = (select id from users where email = ${email}) and revoked_reason = 'password_changed'`,
    );
    expect(revoked.length).toBeGreaterThan(0);
  });

  it('rejects a wrong current password, and a new one equal to the email, in one answer', async () => {
    const { email, password, tokens } = await signedIn({ email: `kurmanbekova-${Date.now()}@clinic.test` });
    const { status, body } = await post(
      'users/set_password/',
      { current_password: `${password}x`, new_password: email.split('@')[0], re_new_password: email.split('@')[0] },
      tokens.access,
    );
    expect(status).toBe(400);
    expect(body.current_password).toEqual(['Неверный пароль.']);
    expect(body.new_password).toContain('Пароль слишком похож на адрес электронной почты.');
    expect(await canLogIn(email, password)).toBe(true);
  });

  it('POST /accounts/auth/users/set_password/ answers 401 without a token', async () => {
    const { status, body } = await post('users/set_password/', {
      current_password: GOOD_PASSWORD,
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    });
    expect(status).toBe(401);
    expect(body.code).toBe('not_authenticated');
  });
});

describe('email change', () => {
  // Issue 34, items 2 and 8: the login moves only once the new address confirms it, and asking tells nothing.
  it('POST /accounts/auth/users/set_email/ moves the login only once the new address confirms it by its link', async () => {
    const { email, password, tokens } = await signedIn();
    const newEmail = uniqueEmail('moved');
    const { status } = await post(
      'users/set_email/',
      { current_password: password, new_email: newEmail.toUpperCase(), re_new_email: newEmail },
      tokens.access,
    );
    expect(status).toBe(204);
    expect(await canLogIn(newEmail, password)).toBe(false);
    expect(await canLogIn(email, password)).toBe(true);
    expect((await mailsTo(newEmail)).map((m) => m.kind)).toEqual(['email_change_confirm']);
    const notice = (await mailsTo(email))[0]!;
    expect(notice.kind).toBe('email_change_requested');
    // The old address is told, without learning the new one in full.
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).toContain(`${newEmail[0]}***@c***.test`);
    expect((await api('/accounts/auth/users/me/', { token: tokens.access })).body.email).toBe(email);

    const link = await mailedLink(newEmail, 'email/confirm');
    expect(link.url).toMatch(/^http:\/\/shop\.test\/kg\/email\/confirm\//);
    expect((await post('users/set_email_confirm/', { uid: link.uid, token: link.token })).status).toBe(204);
    expect(await canLogIn(newEmail, password)).toBe(true);
    expect(await canLogIn(email, password)).toBe(false);
    expect((await mailsTo(email))[0]!.kind).toBe('email_changed_notice');
    expect((await mailsTo(email))[0]!.text).not.toContain(newEmail);
    expect((await api('/accounts/auth/users/me/', { token: tokens.access })).body.email).toBe(newEmail);
    // Once: the change spent the link.
    expect((await post('users/set_email_confirm/', { uid: link.uid, token: link.token })).body).toEqual({
      token: ['Ссылка недействительна или устарела. Запросите новую.'],
    });
  });

  it('POST /accounts/auth/users/set_email/ answers an address that has an account like any other, and tells only its owner', async () => {
    const { email, password, tokens } = await signedIn();
    const other = await activeUser();
    const free = uniqueEmail('free');
    const taken = await post(
      'users/set_email/',
      { current_password: password, new_email: other.email, re_new_email: other.email },
      tokens.access,
    );
    const asked = await post(
      'users/set_email/',
      { current_password: password, new_email: free, re_new_email: free },
      tokens.access,
    );
    expect([taken.status, taken.body]).toEqual([204, '']);
    expect([asked.status, asked.body]).toEqual([204, '']);
    const ownerMails = await mailsTo(other.email);
    expect(ownerMails.map((m) => m.kind)).toEqual(['email_change_attempt']);
    expect(ownerMails[0]!.text).not.toMatch(/\/email\/confirm\//);
    expect(ownerMails[0]!.text).not.toContain(email);
    // The account's own address hears of both asks alike.
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['email_change_requested', 'email_change_requested']);
    expect(await canLogIn(other.email, other.password)).toBe(true);
    expect((await api('/accounts/auth/users/me/', { token: tokens.access })).body.email).toBe(email);
  });

  it('POST /accounts/auth/users/set_email/ counts asks against the account mails: 5 an hour per account', async () => {
    const { password, tokens } = await signedIn();
    const ask = (address: string) =>
      post(
        'users/set_email/',
        { current_password: password, new_email: address, re_new_email: address },
        tokens.access,
      );
    for (let i = 0; i < ACCOUNT_LIMITS.emailChangePerAccount.max; i += 1)
      expect((await ask(uniqueEmail())).status).toBe(204);
    const refused = await ask(uniqueEmail());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('POST /accounts/auth/users/set_email/ rejects a wrong password, mismatched emails and its own address', async () => {
    const { email, password, tokens } = await signedIn();
    const wrong = await post(
      'users/set_email/',
      { current_password: 'nope-nope-nope', new_email: uniqueEmail(), re_new_email: uniqueEmail() },
      tokens.access,
    );
    expect(wrong.body).toEqual({
      current_password: ['Неверный пароль.'],
      non_field_errors: ['Адреса электронной почты не совпадают.'],
    });
    const same = await post(
      'users/set_email/',
      { current_password: password, new_email: email, re_new_email: email },
      tokens.access,
    );
    expect(same.body).toEqual({ new_email: ['Это уже ваш адрес электронной почты.'] });
    const invalid = await post(
      'users/set_email/',
      { current_password: password, new_email: 'x@', re_new_email: 'x@' },
      tokens.access,
    );
    expect(invalid.body.new_email).toEqual(['Введите правильный адрес электронной почты.']);
  });

  it('POST /accounts/auth/users/set_email_confirm/ refuses a bad link, and an address that got an account meanwhile', async () => {
    const { password, tokens } = await signedIn();
    const newEmail = uniqueEmail('late');
    await post(
      'users/set_email/',
      { current_password: password, new_email: newEmail, re_new_email: newEmail },
      tokens.access,
    );
    const link = await mailedLink(newEmail, 'email/confirm');
    expect((await post('users/set_email_confirm/', { uid: link.uid, token: 'zz-zz' })).body).toEqual({
      token: ['Ссылка недействительна или устарела. Запросите новую.'],
    });
    expect(Object.keys((await post('users/set_email_confirm/', {})).body).sort()).toEqual(['token', 'uid']);
    await activeUser({ email: newEmail });
    expect((await post('users/set_email_confirm/', { uid: link.uid, token: link.token })).body).toEqual({
      non_field_errors: ['С этим адресом уже есть другой аккаунт, поэтому адрес для входа не сменился.'],
    });
  });

  it('POST /accounts/auth/users/reset_email/ mails a link; reset_email_confirm asks the new address to confirm the move', async () => {
    const { email, password } = await activeUser();
    expect((await post('users/reset_email/', { email })).status).toBe(204);
    const link = await mailedLink(email, 'email/reset');
    const newEmail = uniqueEmail('reset');
    expect(
      (await post('users/reset_email_confirm/', { ...link, new_email: newEmail, re_new_email: newEmail })).status,
    ).toBe(204);
    expect(await canLogIn(newEmail, password)).toBe(false);
    const confirm = await mailedLink(newEmail, 'email/confirm');
    expect((await post('users/set_email_confirm/', { uid: confirm.uid, token: confirm.token })).status).toBe(204);
    expect(await canLogIn(newEmail, password)).toBe(true);
    // Single use: the change it started spent it.
    const again = await post('users/reset_email_confirm/', {
      ...link,
      new_email: uniqueEmail(),
      re_new_email: uniqueEmail(),
    });
    expect(again.status).toBe(400);
  });

  it('POST /accounts/auth/users/reset_email_confirm/ rejects mismatched emails and names missing fields', async () => {
    const { email } = await activeUser();
    await post('users/reset_email/', { email });
    const link = await mailedLink(email, 'email/reset');
    expect(
      (await post('users/reset_email_confirm/', { ...link, new_email: uniqueEmail(), re_new_email: uniqueEmail() }))
        .body,
    ).toEqual({
      non_field_errors: ['Адреса электронной почты не совпадают.'],
    });
    expect(Object.keys((await post('users/reset_email_confirm/', {})).body).sort()).toEqual([
      'new_email',
      're_new_email',
      'token',
      'uid',
    ]);
  });

  it('limits wrong current passwords per account: 429 with Retry-After for set_password/, set_email/ and deletion', async () => {
    const { email, password, tokens } = await signedIn();
    const wrongPassword = {
      current_password: 'not-my-password',
      new_password: NEW_PASSWORD,
      re_new_password: NEW_PASSWORD,
    };
    const wrongEmail = { current_password: 'not-my-password', new_email: uniqueEmail(), re_new_email: uniqueEmail() };
    const deletion = (current_password: string) =>
      api('/accounts/auth/users/me/', {
        method: 'DELETE',
        json: { current_password },
        token: tokens.access,
        ip: uniqueIp(),
      });
    // Ten wrong ones, spread over the three checks and many addresses, all count for the one account.
    for (let i = 0; i < 4; i += 1)
      expect((await post('users/set_password/', wrongPassword, tokens.access)).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await post('users/set_email/', wrongEmail, tokens.access)).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await deletion('not-my-password')).status).toBe(400);
    const refused = [
      await post('users/set_password/', wrongPassword, tokens.access),
      await post('users/set_email/', { ...wrongEmail, current_password: password }, tokens.access),
      await deletion(password),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Nothing changed, and another account is not affected.
    expect(
      (await post('users/set_password/', { ...wrongPassword, current_password: password }, tokens.access)).status,
    ).toBe(429);
    expect(await canLogIn(email, password)).toBe(true);
    const other = await signedIn();
    expect((await post('users/set_password/', wrongPassword, other.tokens.access)).status).toBe(400);
  });

  it('POST /accounts/auth/users/set_email/ answers 401 without a token', async () => {
    expect(
      (await post('users/set_email/', { current_password: 'x', new_email: uniqueEmail(), re_new_email: uniqueEmail() }))
        .status,
    ).toBe(401);
  });

  it('POST /accounts/auth/users/reset_email/ answers 204 for an unknown email and mails nothing', async () => {
    const email = uniqueEmail();
    expect((await post('users/reset_email/', { email })).status).toBe(204);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('POST /accounts/auth/users/reset_email_confirm/ rejects a bad link and answers a taken email like any other', async () => {
    const { email } = await activeUser();
    const other = await activeUser();
    await post('users/reset_email/', { email });
    const link = await mailedLink(email, 'email/reset');
    expect(
      (
        await post('users/reset_email_confirm/', {
          uid: link.uid,
          token: 'zz-zz',
          new_email: uniqueEmail(),
          re_new_email: uniqueEmail(),
        })
      ).body,
    ).toEqual({
      token: ['Ссылка недействительна или устарела. Запросите новую.'],
    });
    const taken = await post('users/reset_email_confirm/', {
      ...link,
      new_email: other.email,
      re_new_email: other.email,
    });
    expect([taken.status, taken.body]).toEqual([204, '']);
    expect((await mailsTo(other.email)).map((m) => m.kind)).toEqual(['email_change_attempt']);
    expect(await canLogIn(email, GOOD_PASSWORD)).toBe(true);
  });
});
