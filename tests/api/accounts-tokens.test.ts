import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LIMITS } from '../../src/server/accounts/accounts.limits.ts';
import { signToken } from '../../src/server/accounts/jwt.ts';
import { env } from '../../src/server/env.ts';
import { recordBackoffFailure, recordRateLimitHit } from '../../src/server/security/rate-limit.ts';
import { activeUser, login, signedIn, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

const NO_ACCOUNT = { detail: 'No active account found with the given credentials', code: 'no_active_account' };
const post = (path: string, json: unknown, ip = uniqueIp()) =>
  api(`/accounts/auth/${path}`, { method: 'POST', json, ip });

/**
 * Runs `work` with the clock (Date alone) set a second into a fresh 10-minute window of the rate limits'
 * counters, which are fixed windows: 31 attempts that crossed a boundary would be counted in two.
 */
async function inOneWindow(work: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.ceil(Date.now() / 600_000) * 600_000 + 1000);
  try {
    await work();
  } finally {
    vi.useRealTimers();
  }
}

describe('POST /accounts/auth/jwt/create/', () => {
  it('POST /accounts/auth/jwt/create/ answers an access and a refresh token for the right password', async () => {
    const { user, email, password } = await activeUser();
    const { status, body, headers } = await post('jwt/create/', { email, password });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    expect(headers.get('cache-control')).toBe('no-store');
    const access = decodeJwt(body.access);
    const refresh = decodeJwt(body.refresh);
    expect(access).toMatchObject({ token_type: 'access', user_id: user.id });
    expect(refresh).toMatchObject({ token_type: 'refresh', user_id: user.id });
    expect(access.exp! - access.iat!).toBe(900);
    expect(refresh.exp! - refresh.iat!).toBe(14 * 86_400);
  });

  it('POST /accounts/auth/jwt/create/ finds the account whatever the case of the email', async () => {
    const { email, password } = await activeUser();
    const { status } = await post('jwt/create/', { email: `  ${email.toUpperCase()} `, password });
    expect(status).toBe(200);
  });

  it('POST /accounts/auth/jwt/create/ records the login time', async () => {
    const { user, email, password } = await activeUser();
    await post('jwt/create/', { email, password });
    const [row] = await dbRows<{ last_login: Date | null }>(sql`select last_login from users where id = ${user.id}`);
    expect(row!.last_login).not.toBeNull();
  });

  it('answers the same 401 for an unknown email, a wrong password and an inactive account', async () => {
    const { email, password, user } = await activeUser();
    const unknown = await post('jwt/create/', { email: uniqueEmail(), password });
    const wrong = await post('jwt/create/', { email, password: `${password}x` });
    await dbRows(sql`update users set is_active = false where id = ${user.id}`);
    const inactive = await post('jwt/create/', { email, password });
    for (const answer of [unknown, wrong, inactive]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(NO_ACCOUNT);
      expect(answer.headers.get('www-authenticate')).toContain('Bearer');
    }
  });

  it('POST /accounts/auth/jwt/create/ rejects a missing email and password with Russian field errors', async () => {
    const { status, body } = await post('jwt/create/', {});
    expect(status).toBe(400);
    expect(body).toEqual({ email: ['Обязательное поле.'], password: ['Обязательное поле.'] });
  });

  it('POST /accounts/auth/jwt/create/ rejects non-string fields and NUL characters', async () => {
    const { status, body } = await post('jwt/create/', { email: 42, password: 'a\u0000b' });
    expect(status).toBe(400);
    expect(body.email).toEqual(['Ожидается строка.']);
    expect(body.password).toEqual(['Нулевые символы (NUL) не допускаются.']);
  });

  it('POST /accounts/auth/jwt/create/ answers 400 for a body that is not JSON and 415 for a form', async () => {
    const broken = await api('/accounts/auth/jwt/create/', {
      method: 'POST',
      body: '{"email":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toEqual(expect.any(String));
    const form = await api('/accounts/auth/jwt/create/', {
      method: 'POST',
      body: 'email=a%40b.kg&password=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.detail).toEqual(expect.any(String));
  });

  it('GET /accounts/auth/jwt/create/ answers 405', async () => {
    const { status, headers } = await api('/accounts/auth/jwt/create/');
    expect(status).toBe(405);
    expect(headers.get('allow')).toContain('POST');
  });

  it('limits login attempts per address with 429 and Retry-After', async () => {
    const ip = uniqueIp();
    const { email } = await activeUser();
    const answers: Awaited<ReturnType<typeof post>>[] = [];
    await inOneWindow(async () => {
      for (let i = 0; i < 31; i += 1)
        answers.push(await post('jwt/create/', { email: uniqueEmail(), password: 'wrong-password' }, ip));
    });
    expect(answers.slice(0, 30).every((a) => a.status === 401)).toBe(true);
    const last = answers[30]!;
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body.detail).toMatch(/^Слишком много запросов\. Повторите через \d+ (с|мин)\.$/);
    // Another address is not affected.
    expect((await post('jwt/create/', { email, password: 'wrong-password' })).status).toBe(401);
  });

  it('a flood of failed logins from one address leaves the owner able to log in from another', async () => {
    const { email, password } = await activeUser();
    const attacker = uniqueIp();
    for (let i = 0; i < 10; i += 1)
      expect(
        (
          await post(
            'jwt/create/',
            { email: i % 2 ? email : email.toUpperCase(), password: 'wrong-password' },
            attacker,
          )
        ).status,
      ).toBe(401);
    // That address is refused for this email from now on, even with the right password...
    const blocked = await post('jwt/create/', { email, password }, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 15; i += 1)
      expect((await post('jwt/create/', { email, password: 'wrong-password' }, attacker)).status).toBe(429);
    // ...while the owner elsewhere logs in as usual.
    expect((await post('jwt/create/', { email, password }, uniqueIp())).status).toBe(200);
    // The counters live in the database, where every shop process sees them.
    const [row] = await dbRows<{ hits: number }>(
      sql`select hits from rate_limits where key = ${`login-failures:ip-email:${attacker} ${email}`}`,
    );
    expect(row!.hits).toBe(10);
  });

  it('failures for one email from many addresses bring a growing wait for everyone, never a lockout', async () => {
    const { email, password } = await activeUser();
    // As if a botnet had already failed 100 times this hour, each address a few times.
    for (let i = 0; i < 100; i += 1) await recordRateLimitHit(ACCOUNT_LIMITS.loginFailuresPerEmail, email);
    expect((await post('jwt/create/', { email, password: 'wrong-password' })).status).toBe(401);
    const waiting = await post('jwt/create/', { email, password });
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post('jwt/create/', { email, password })).status).toBe(200);
  });

  it('a browser that has signed in to the account before is exempt from the email-wide wait', async () => {
    const { email, password } = await activeUser();
    const first = await post('jwt/create/', { email, password });
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^device=[\w.-]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/api\/v1\/accounts\/auth\/jwt\//);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const device = setCookie.split(';')[0]!;
    const other = await activeUser();
    const otherDevice = (await post('jwt/create/', { email: other.email, password: other.password })).headers
      .get('set-cookie')!
      .split(';')[0]!;
    // Eleven addresses have failed 101 times this hour: everyone else waits 5 minutes at a time.
    for (let i = 0; i < 101; i += 1) await recordBackoffFailure(ACCOUNT_LIMITS.loginFailuresPerEmail, email);
    const login = (cookie?: string) =>
      api('/accounts/auth/jwt/create/', {
        method: 'POST',
        json: { email, password },
        ip: uniqueIp(),
        headers: cookie ? { Cookie: cookie } : {},
      });
    expect((await login()).status).toBe(429);
    expect((await login(otherDevice)).status).toBe(429);
    expect((await login('device=forged.token.value')).status).toBe(429);
    const known = await login(device);
    expect(known.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(['access', 'refresh']);
  });

  it('a signed-in browser that keeps failing loses its exemption, and never adds to the email-wide wait', async () => {
    const { email, password } = await activeUser();
    const device = (await post('jwt/create/', { email, password })).headers.get('set-cookie')!.split(';')[0]!;
    const attempt = (pass: string) =>
      api('/accounts/auth/jwt/create/', {
        method: 'POST',
        json: { email, password: pass },
        ip: uniqueIp(),
        headers: { Cookie: device },
      });
    for (let i = 0; i < 100; i += 1) await recordBackoffFailure(ACCOUNT_LIMITS.loginFailuresPerEmail, email);
    for (let i = 0; i < 10; i += 1) expect((await attempt('wrong-password')).status).toBe(401);
    // Its own failures did not lengthen the others' wait: still none after exactly 100.
    expect((await post('jwt/create/', { email, password })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) await recordBackoffFailure(ACCOUNT_LIMITS.loginFailuresPerEmail, email);
    expect((await attempt(password)).status).toBe(429);
  });

  it('never counts successful logins against the email', async () => {
    const { email, password } = await activeUser();
    for (let i = 0; i < 12; i += 1) expect((await post('jwt/create/', { email, password })).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network', async () => {
    const answers: Awaited<ReturnType<typeof post>>[] = [];
    await inOneWindow(async () => {
      for (let i = 1; i <= 31; i += 1)
        answers.push(
          await post(
            'jwt/create/',
            { email: uniqueEmail(), password: 'wrong-password' },
            `2001:db8:7:1::${i.toString(16)}`,
          ),
        );
    });
    expect(answers.at(-1)!.status).toBe(429);
    expect(
      (await post('jwt/create/', { email: uniqueEmail(), password: 'wrong-password' }, '2001:db8:7:2::1')).status,
    ).toBe(401);
  });

  it('behind a trusted proxy, counts the address the proxy appended to X-Forwarded-For', async () => {
    env.TRUST_PROXY = true;
    try {
      await inOneWindow(async () => {
        const ip = uniqueIp();
        const send = (forwarded: string) =>
          api('/accounts/auth/jwt/create/', {
            method: 'POST',
            json: { email: uniqueEmail(), password: 'wrong-password' },
            ip,
            headers: { 'X-Forwarded-For': forwarded },
          });
        // The first entries are whatever the client wrote; only the proxy's own last entry counts.
        for (let i = 0; i < 30; i += 1) expect((await send(`10.0.0.${i}, 203.0.113.77`)).status).toBe(401);
        expect((await send('10.9.9.9, 203.0.113.77')).status).toBe(429);
        expect((await send('203.0.113.78')).status).toBe(401);
      });
    } finally {
      env.TRUST_PROXY = false;
    }
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const { status, body } = await post('jwt/create/', { email: 'a@b.kg', password: 'x'.repeat(20_000) });
    expect(status).toBe(413);
    expect(body).toEqual({ detail: 'Request body is too large.' });
  });
});

describe('POST /accounts/auth/jwt/refresh/', () => {
  it('POST /accounts/auth/jwt/refresh/ rotates: a new pair, and the old refresh token is revoked', async () => {
    const { tokens } = await signedIn();
    const first = await post('jwt/refresh/', { refresh: tokens.refresh });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['access', 'refresh']);
    expect(first.body.refresh).not.toBe(tokens.refresh);
    const reused = await post('jwt/refresh/', { refresh: tokens.refresh });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    const next = await post('jwt/refresh/', { refresh: first.body.refresh });
    expect(next.status).toBe(200);
  });

  it('a late reuse of a rotated token ends the whole session it belonged to', async () => {
    const { tokens } = await signedIn();
    const rotated = await post('jwt/refresh/', { refresh: tokens.refresh });
    const { jti } = decodeJwt(tokens.refresh);
    await dbRows(sql`update refresh_tokens set revoked_at = now() - interval '5 minutes' where jti = ${jti}`);
    expect((await post('jwt/refresh/', { refresh: tokens.refresh })).status).toBe(401);
    // The thief's reuse also revoked the token the owner got from the rotation.
    const owner = await post('jwt/refresh/', { refresh: rotated.body.refresh });
    expect(owner.status).toBe(401);
    const reasons = await dbRows<{ revoked_reason: string }>(
      sql`select revoked_reason from refresh_tokens where family_id = (select family_id from refresh_tokens where jti = ${jti}) order by created_at`,
    );
    expect(reasons.map((r) => r.revoked_reason)).toEqual(['rotated', 'reuse']);
  });

  it('two refreshes with one token at once: one gets the new pair, the other a 401, and the session goes on', async () => {
    const { tokens } = await signedIn();
    const answers = await Promise.all([
      post('jwt/refresh/', { refresh: tokens.refresh }),
      post('jwt/refresh/', { refresh: tokens.refresh }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await post('jwt/refresh/', { refresh: winner.body.refresh })).status).toBe(200);
  });

  it('refuses an expired, a foreign-signed, an access and a garbled token', async () => {
    const { user, tokens } = await signedIn();
    const expired = await signToken(
      'refresh',
      { userId: user.id, version: 0, jti: crypto.randomUUID() },
      new Date(Date.now() - 15 * 86_400_000),
    );
    const [header, payload] = tokens.refresh.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const refresh of [expired, forged, tokens.access, 'not-a-token']) {
      const { status, body } = await post('jwt/refresh/', { refresh });
      expect(status, refresh).toBe(401);
      expect(body.code).toBe('token_not_valid');
    }
  });

  it('refuses the refresh token of an account deactivated since', async () => {
    const { user, tokens } = await signedIn();
    await dbRows(sql`update users set is_active = false where id = ${user.id}`);
    expect((await post('jwt/refresh/', { refresh: tokens.refresh })).status).toBe(401);
  });

  it('POST /accounts/auth/jwt/refresh/ rejects a missing token with 400', async () => {
    const { status, body } = await post('jwt/refresh/', { refresh: '' });
    expect(status).toBe(400);
    expect(body).toEqual({ refresh: ['Это поле не может быть пустым.'] });
  });
});

describe('POST /accounts/auth/jwt/verify/', () => {
  it('POST /accounts/auth/jwt/verify/ answers {} for valid access and refresh tokens', async () => {
    const { tokens } = await signedIn();
    for (const token of [tokens.access, tokens.refresh]) {
      const { status, body } = await post('jwt/verify/', { token });
      expect(status).toBe(200);
      expect(body).toEqual({});
    }
  });

  it('POST /accounts/auth/jwt/verify/ answers 401 for an expired token and a revoked refresh token', async () => {
    const { user, tokens } = await signedIn();
    const expired = await signToken(
      'access',
      { userId: user.id, version: 0, jti: crypto.randomUUID() },
      new Date(Date.now() - 3_600_000),
    );
    expect((await post('jwt/verify/', { token: expired })).body).toEqual({
      detail: 'Token is invalid or expired',
      code: 'token_not_valid',
    });
    await post('jwt/blacklist/', { refresh: tokens.refresh });
    expect((await post('jwt/verify/', { token: tokens.refresh })).status).toBe(401);
  });

  it('POST /accounts/auth/jwt/verify/ answers 401 for the tokens of a session ended by a password change or a block', async () => {
    const changed = await signedIn();
    await api('/accounts/auth/users/set_password/', {
      method: 'POST',
      token: changed.tokens.access,
      json: {
        current_password: changed.password,
        new_password: 'Another-Secret-91',
        re_new_password: 'Another-Secret-91',
      },
    });
    expect((await post('jwt/verify/', { token: changed.tokens.access })).status).toBe(401);
    expect((await post('jwt/verify/', { token: changed.tokens.refresh })).status).toBe(401);
    const blocked = await signedIn();
    await dbRows(sql`update users set is_active = false where id = ${blocked.user.id}`);
    expect((await post('jwt/verify/', { token: blocked.tokens.access })).status).toBe(401);
  });

  it('POST /accounts/auth/jwt/verify/ rejects a missing token with 400', async () => {
    expect((await post('jwt/verify/', {})).body).toEqual({ token: ['Обязательное поле.'] });
  });
});

describe('POST /accounts/auth/jwt/blacklist/', () => {
  it('POST /accounts/auth/jwt/blacklist/ revokes the refresh token (logout)', async () => {
    const { tokens } = await signedIn();
    const { status, body } = await post('jwt/blacklist/', { refresh: tokens.refresh });
    expect(status).toBe(200);
    expect(body).toEqual({});
    expect((await post('jwt/refresh/', { refresh: tokens.refresh })).status).toBe(401);
    expect((await post('jwt/blacklist/', { refresh: tokens.refresh })).status).toBe(401);
  });
});

describe('access tokens', () => {
  it('GET /accounts/auth/users/me/ answers 401 not_authenticated without a token and token_not_valid for a bad one', async () => {
    const none = await api('/accounts/auth/users/me/');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ detail: 'Учётные данные не были предоставлены.', code: 'not_authenticated' });
    const bad = await api('/accounts/auth/users/me/', { token: 'abc.def.ghi' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('token_not_valid');
    expect(bad.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an expired access token and a refresh token used as an access token', async () => {
    const { user, tokens } = await signedIn();
    const expired = await signToken(
      'access',
      { userId: user.id, version: 0, jti: crypto.randomUUID() },
      new Date(Date.now() - 901_000),
    );
    expect((await api('/accounts/auth/users/me/', { token: expired })).status).toBe(401);
    const wrongType = await api('/accounts/auth/users/me/', { token: tokens.refresh });
    expect(wrongType.status).toBe(401);
    expect(wrongType.body).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
    expect((await api('/accounts/auth/users/me/', { token: tokens.access })).status).toBe(200);
  });

  it('answers user_inactive for the access token of a deactivated account', async () => {
    const { user, tokens } = await signedIn();
    await dbRows(sql`update users set is_active = false where id = ${user.id}`);
    const { status, body } = await api('/accounts/auth/users/me/', { token: tokens.access });
    expect(status).toBe(401);
    expect(body.code).toBe('user_inactive');
  });

  it('a login after logout starts a new session that works', async () => {
    const { email, password, tokens } = await signedIn();
    await post('jwt/blacklist/', { refresh: tokens.refresh });
    const again = await login(email, password);
    expect((await api('/accounts/auth/users/me/', { token: again.access })).status).toBe(200);
  });
});
