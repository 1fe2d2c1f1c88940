import { cleanStores } from 'nanostores';
import { ApiError } from '~/lib/api/api-error.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blacklistToken, createToken, getMe } from '~/lib/api/accounts.ts';
import type { User } from '~/lib/api/types.ts';
import {
  $user,
  ensureUser,
  fetchUser,
  hydrateUser,
  initialUserState,
  login,
  logout,
  setProfile,
} from '~/stores/user.ts';
import { memoryCookies } from '../fixtures/http.ts';
import { deferred } from '../fixtures/products.ts';
import { userJson } from '../fixtures/users.ts';

vi.mock('~/lib/api/accounts.ts', () => ({ getMe: vi.fn(), createToken: vi.fn(), blacklistToken: vi.fn() }));

const user = userJson;

function apiError(status: number, data: unknown): ApiError {
  const error = new ApiError(`[GET] "/api/v1/accounts/auth/users/me/": ${status}`);
  Object.defineProperty(error, 'status', { value: status });
  Object.defineProperty(error, 'response', { value: new Response(null, { status: status === 204 ? 200 : status }) });
  Object.defineProperty(error, 'data', { value: data });
  return error;
}

afterEach(() => {
  cleanStores($user);
  logout(memoryCookies().adapter);
  vi.mocked(getMe).mockReset();
  vi.mocked(createToken).mockReset();
  vi.mocked(blacklistToken).mockReset();
});

describe('user store', () => {
  it('starts idle and signed out', () => {
    expect($user.get()).toEqual({ profile: null, authenticated: false, status: 'idle', error: null });
    expect(initialUserState()).toEqual($user.get());
  });

  it('goes to pending when a fetch starts, then to succeeded with the profile and authenticated true', async () => {
    const answer = deferred<User>();
    vi.mocked(getMe).mockReturnValue(answer.promise);
    const done = fetchUser();
    expect($user.get()).toMatchObject({ status: 'pending', authenticated: false, error: null });
    answer.resolve(user());
    await done;
    expect($user.get()).toEqual({ profile: user(), authenticated: true, status: 'succeeded', error: null });
  });

  it('goes to failed and signs out on a 401', async () => {
    setProfile(user());
    vi.mocked(getMe).mockRejectedValue(
      apiError(401, { detail: 'Учётные данные не были предоставлены.', code: 'not_authenticated' }),
    );
    await fetchUser();
    expect($user.get()).toEqual({
      profile: null,
      authenticated: false,
      status: 'failed',
      error: 'Учётные данные не были предоставлены.',
    });
  });

  it('goes to failed but keeps the known profile when the server cannot be reached', async () => {
    setProfile(user());
    vi.mocked(getMe).mockRejectedValue(new Error('Сервер недоступен'));
    await fetchUser();
    expect($user.get()).toEqual({ profile: user(), authenticated: true, status: 'failed', error: 'Сервер недоступен' });
  });

  it('ignores the answer of an older fetch that arrives last', async () => {
    const older = deferred<User>();
    vi.mocked(getMe)
      .mockReturnValueOnce(older.promise)
      .mockResolvedValueOnce(user({ first_name: 'Новое' }));
    const first = fetchUser();
    await fetchUser();
    older.resolve(user({ first_name: 'Старое' }));
    await first;
    expect($user.get().profile?.first_name).toBe('Новое');
  });

  it('ensureUser fetches once while a fetch is running and not at all once loaded', async () => {
    const answer = deferred<User>();
    vi.mocked(getMe).mockReturnValue(answer.promise);
    const a = ensureUser();
    const b = ensureUser();
    answer.resolve(user());
    await Promise.all([a, b]);
    await ensureUser();
    expect(getMe).toHaveBeenCalledTimes(1);
    expect($user.get().authenticated).toBe(true);
  });

  it('login stores both tokens in cookies, then loads the profile', async () => {
    const jar = memoryCookies();
    vi.mocked(createToken).mockResolvedValue({ access: 'a1', refresh: 'r1' });
    vi.mocked(getMe).mockResolvedValue(user());
    await login({ email: 'aigul@clinic.kg', password: 'pw-123456' }, jar.adapter);
    expect(createToken).toHaveBeenCalledWith({ email: 'aigul@clinic.kg', password: 'pw-123456' });
    expect(Object.fromEntries(jar.jar)).toEqual({ token: 'a1', refresh: 'r1' });
    expect($user.get()).toMatchObject({ authenticated: true, status: 'succeeded', profile: user() });
  });

  it('login stores nothing when the credentials are refused', async () => {
    const jar = memoryCookies();
    const refused = apiError(401, {
      detail: 'No active account found with the given credentials',
      code: 'no_active_account',
    });
    vi.mocked(createToken).mockRejectedValue(refused);
    await expect(login({ email: 'a@b.kg', password: 'wrong' }, jar.adapter)).rejects.toBe(refused);
    expect(jar.jar.size).toBe(0);
    expect(getMe).not.toHaveBeenCalled();
    expect($user.get()).toEqual(initialUserState());
  });

  it('logout removes the token and refresh cookies, clears the user and sets authenticated false', async () => {
    const jar = memoryCookies({ token: 'a1', refresh: 'r1', country: 'kg' });
    vi.mocked(blacklistToken).mockResolvedValue(undefined);
    setProfile(user());
    logout(jar.adapter);
    expect(Object.fromEntries(jar.jar)).toEqual({ country: 'kg' });
    expect($user.get()).toEqual({ profile: null, authenticated: false, status: 'idle', error: null });
    // The revocation goes out on the side, once the API client has loaded.
    await vi.waitFor(() => expect(blacklistToken).toHaveBeenCalledWith('r1'));
  });

  it('logout does not wait for the server and does not mind it failing', async () => {
    const jar = memoryCookies({ token: 'a1', refresh: 'r1' });
    vi.mocked(blacklistToken).mockRejectedValue(
      apiError(401, { detail: 'Token is blacklisted', code: 'token_not_valid' }),
    );
    setProfile(user());
    expect(logout(jar.adapter)).toBeUndefined();
    expect($user.get().authenticated).toBe(false);
    await Promise.resolve();
    expect(jar.jar.size).toBe(0);
  });

  it('logout without a refresh cookie asks the server nothing', () => {
    logout(memoryCookies({ token: 'a1' }).adapter);
    expect(blacklistToken).not.toHaveBeenCalled();
  });

  it('an answer that arrives after logout does not sign the person back in', async () => {
    const answer = deferred<User>();
    vi.mocked(getMe).mockReturnValue(answer.promise);
    const done = fetchUser();
    logout(memoryCookies().adapter);
    answer.resolve(user());
    await done;
    expect($user.get()).toEqual(initialUserState());
  });

  it('merges the server-rendered profile on hydration, once per profile', () => {
    hydrateUser(user());
    expect($user.get()).toEqual({ profile: user(), authenticated: true, status: 'succeeded', error: null });
    setProfile(user({ first_name: 'Изменено' }));
    hydrateUser(user());
    expect($user.get().profile?.first_name).toBe('Изменено');
    hydrateUser(user({ phone: '+996700000000' }));
    expect($user.get().profile?.phone).toBe('+996700000000');
  });
});
