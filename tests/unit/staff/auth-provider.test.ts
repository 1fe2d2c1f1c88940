import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client.ts';
import {
  createStaffAuthProvider,
  NOT_STAFF_MESSAGE,
  SESSION_ENDED_MESSAGE,
  signInStaff,
} from '~/islands/staff/auth-provider.ts';
import { fakeFetch, json, memoryCookies, type RecordedRequest } from '../fixtures/http.ts';

const BASE = 'http://shop.test/api/v1';
const me = (isStaff: boolean) => ({
  id: 7,
  email: 'a@dental.test',
  first_name: 'Айгуль',
  last_name: 'Сейтова',
  is_staff: isStaff,
  is_superuser: false,
});

function setup(
  handler: (request: RecordedRequest) => Response = () => json(200, {}),
  cookies: Record<string, string> = {},
) {
  const jar = memoryCookies(cookies);
  const server = fakeFetch(handler);
  const session = {
    client: createApiClient({ baseURL: BASE, fetch: server.fetch, cookies: jar.adapter }),
    cookies: jar.adapter,
  };
  return { session, jar, requests: server.requests };
}

describe('signing staff in', () => {
  it('keeps the pair in the cookies and lets staff through, the email trimmed', async () => {
    const { session, jar, requests } = setup((request) =>
      request.url.pathname.endsWith('/jwt/create/') ? json(200, { access: 'a1', refresh: 'r1' }) : json(200, me(true)),
    );
    await signInStaff({ email: '  a@dental.test ', password: 'secret-2026' }, session);
    expect(requests[0]!.body).toEqual({ email: 'a@dental.test', password: 'secret-2026' });
    expect(requests[1]!.authorization).toBe('Bearer a1');
    expect(Object.fromEntries(jar.jar)).toEqual({ token: 'a1', refresh: 'r1' });
  });

  it('refuses a customer with words that say why', async () => {
    const { session } = setup((request) =>
      request.url.pathname.endsWith('/jwt/create/') ? json(200, { access: 'a1', refresh: 'r1' }) : json(200, me(false)),
    );
    await expect(signInStaff({ email: 'a@dental.test', password: 'secret-2026' }, session)).rejects.toThrow(
      NOT_STAFF_MESSAGE,
    );
  });

  it('passes on the API’s reason for a wrong password', async () => {
    const { session, jar } = setup(() =>
      json(401, { detail: 'Не найдено активной учётной записи с указанными данными', code: 'no_active_account' }),
    );
    await expect(signInStaff({ email: 'a@dental.test', password: 'wrong' }, session)).rejects.toThrow(
      'Не найдено активной учётной записи с указанными данными',
    );
    expect(jar.jar.size).toBe(0);
  });
});

describe('the end of a staff session', () => {
  it('hands the sign-in back with the reason when the API refuses the session, and stops react-admin redirecting', async () => {
    const reasons: (string | null)[] = [];
    const { session, jar, requests } = setup(undefined, { token: 'a1', refresh: 'r1' });
    const provider = createStaffAuthProvider({ ...session, onSignedOut: (reason) => reasons.push(reason) });
    await expect(provider.checkError({ status: 401 })).rejects.toThrow(SESSION_ENDED_MESSAGE);
    expect(jar.jar.size).toBe(0);
    expect(await provider.logout({})).toBe(false);
    expect(reasons).toEqual([SESSION_ENDED_MESSAGE]);
    // The cookies were gone already: nothing left to revoke.
    expect(requests).toEqual([]);
  });

  it('says the account lost its access on a 403 when it is no longer staff', async () => {
    const reasons: (string | null)[] = [];
    const { session } = setup(() => json(200, me(false)), { token: 'a1', refresh: 'r1' });
    const provider = createStaffAuthProvider({ ...session, onSignedOut: (reason) => reasons.push(reason) });
    await expect(provider.checkError({ status: 403 })).rejects.toThrow(NOT_STAFF_MESSAGE);
    await provider.logout({});
    expect(reasons).toEqual([NOT_STAFF_MESSAGE]);
  });

  it('keeps a staff member signed in when one thing is refused with a 403 (a superuser’s screen)', async () => {
    const { session, jar, requests } = setup(() => json(200, me(true)), { token: 'a1', refresh: 'r1' });
    const provider = createStaffAuthProvider({ ...session, onSignedOut: () => undefined });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/v1/accounts/auth/users/me/']);
    expect(Object.fromEntries(jar.jar)).toEqual({ token: 'a1', refresh: 'r1' });
  });

  it('gives no reason when the person signs out, and revokes the refresh token', async () => {
    const reasons: (string | null)[] = [];
    const { session, jar, requests } = setup(() => json(200, {}), { token: 'a1', refresh: 'r1' });
    const provider = createStaffAuthProvider({ ...session, onSignedOut: (reason) => reasons.push(reason) });
    // An error that is not about the session leaves it alone.
    await expect(provider.checkError({ status: 400 })).resolves.toBeUndefined();
    expect(await provider.logout({})).toBe(false);
    expect(reasons).toEqual([null]);
    expect(requests.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/v1/accounts/auth/jwt/blacklist/', { refresh: 'r1' }],
    ]);
    expect(jar.jar.size).toBe(0);
  });

  it('leaves the redirect to react-admin when nobody takes the sign-in over', async () => {
    const { session } = setup(undefined, { token: 'a1' });
    expect(await createStaffAuthProvider(session).logout({})).toBeUndefined();
  });
});
