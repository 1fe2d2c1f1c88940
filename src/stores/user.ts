import { map } from 'nanostores';
import { isUnauthorized, apiErrorMessage } from '~/lib/api/api-error.ts';
import { browserCookies, clearTokens, REFRESH_COOKIE, saveTokens, type CookieAdapter } from '~/lib/api/cookies.ts';
import type { LoginCredentials, User } from '~/lib/api/types.ts';
import { hydrateStore } from './hydrate.ts';
import { createLatestGuard, type LoadStatus } from './load-status.ts';

/** The user area of the brief (§3, §4): the profile and whether the visitor is signed in. */
export interface UserState {
  profile: User | null;
  authenticated: boolean;
  status: LoadStatus;
  error: string | null;
}

export function initialUserState(): UserState {
  return { profile: null, authenticated: false, status: 'idle', error: null };
}

export const $user = map<UserState>(initialUserState());

// The API client loads with the first call that needs it: islands that only read the store (the
// account page's forms before they are used) do not ship it with the page.
const accountsApi = () => import('~/lib/api/accounts.ts');

const guard = createLatestGuard();
let inFlight: Promise<void> | null = null;

/**
 * Loads the signed-in person (`GET users/me/`): status goes to `pending`, then `succeeded` with
 * `authenticated` true, or `failed` with the error text. A 401 (no session left, even after the
 * client's refresh) also signs the store out; other failures keep what was known.
 */
export function fetchUser(): Promise<void> {
  const ticket = guard.next();
  $user.set({ ...$user.get(), status: 'pending', error: null });
  const request = loadProfile(ticket).finally(() => {
    if (inFlight === request) inFlight = null;
  });
  inFlight = request;
  return request;
}

async function loadProfile(ticket: number): Promise<void> {
  try {
    const { getMe } = await accountsApi();
    const profile = await getMe();
    if (guard.isLatest(ticket)) $user.set({ profile, authenticated: true, status: 'succeeded', error: null });
  } catch (error) {
    if (!guard.isLatest(ticket)) return;
    const signedOut = isUnauthorized(error);
    const state = $user.get();
    $user.set({
      profile: signedOut ? null : state.profile,
      authenticated: signedOut ? false : state.authenticated,
      status: 'failed',
      error: apiErrorMessage(error),
    });
  }
}

/** {@link fetchUser} unless the profile is already loaded or loading (the header and islands all ask). */
export function ensureUser(): Promise<void> {
  if ($user.get().status === 'succeeded') return Promise.resolve();
  return inFlight ?? fetchUser();
}

/**
 * Logs in: stores the tokens in the `token` and `refresh` cookies, then loads the profile.
 * @throws the API error of `jwt/create/` (401 `no_active_account`, 400, 429); nothing is stored then.
 */
export async function login(credentials: LoginCredentials, cookies: CookieAdapter = browserCookies): Promise<void> {
  const { createToken } = await accountsApi();
  const tokens = await createToken(credentials);
  saveTokens(tokens, cookies);
  await fetchUser();
}

/**
 * Logs out (brief §4): removes the `token` and `refresh` cookies, clears the profile and sets
 * `authenticated` to false at once. The server is asked to revoke the refresh token on the side:
 * if that fails (offline, already revoked) the person is still logged out here.
 */
export function logout(cookies: CookieAdapter = browserCookies): void {
  const refresh = cookies.get(REFRESH_COOKIE);
  clearTokens(cookies);
  guard.next();
  inFlight = null;
  $user.set(initialUserState());
  if (refresh)
    void accountsApi()
      .then(({ blacklistToken }) => blacklistToken(refresh))
      .catch(() => undefined);
}

/** Replaces the profile after the person changed it (profile form, email change). */
export function setProfile(profile: User): void {
  guard.next();
  $user.set({ profile, authenticated: true, status: 'succeeded', error: null });
}

/** Merges the signed-in person rendered on the server (the account page) into the store (brief §4). */
export function hydrateUser(profile: User): void {
  hydrateStore($user, { profile, authenticated: true, status: 'succeeded', error: null });
}
