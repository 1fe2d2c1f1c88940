/**
 * react-admin's auth provider on the shop's own session: the same JWT pair in the `token` and `refresh`
 * cookies the storefront uses, so a staff member signed in on the site is signed in here and back.
 * Only staff get past the login: a customer's valid password is answered with a clear refusal.
 */
import type { AuthProvider } from 'ra-core';
import { blacklistToken, createToken, getMe } from '../../lib/api/accounts.ts';
import { apiErrorMessage, isUnauthorized } from '../../lib/api/api-error.ts';
import { api as defaultClient, type ApiClient } from '../../lib/api/client.ts';
import {
  browserCookies,
  clearTokens,
  REFRESH_COOKIE,
  saveTokens,
  TOKEN_COOKIE,
  type CookieAdapter,
} from '../../lib/api/cookies.ts';

export const NOT_STAFF_MESSAGE =
  'У этой учётной записи нет доступа к управлению магазином. Войдите как сотрудник или вернитесь на сайт.';
export const SESSION_ENDED_MESSAGE = 'Сессия закончилась: войдите снова.';

export interface StaffCredentials {
  email: string;
  password: string;
}

interface Session {
  client?: ApiClient;
  cookies?: CookieAdapter;
}

/**
 * Signs in: the pair goes into the cookies as the API hands it out, then anyone who is not staff is
 * refused with {@link NOT_STAFF_MESSAGE}. Rejects with the message to show.
 */
export async function signInStaff(
  { email, password }: StaffCredentials,
  { client = defaultClient, cookies = browserCookies }: Session = {},
): Promise<void> {
  try {
    saveTokens(await createToken({ email: email.trim(), password }, client), cookies);
  } catch (error) {
    throw new Error(apiErrorMessage(error));
  }
  const me = await getMe(client);
  if (!me.is_staff) throw new Error(NOT_STAFF_MESSAGE);
}

/**
 * `onSignedOut` takes over when the session ends (the person signs out, the session expires, the account
 * loses its access): it gets the reason to show, or null when the person signed out, and react-admin
 * leaves the address as it is (no sign-in route of its own), so signing in again comes back to it.
 */
export function createStaffAuthProvider({
  client = defaultClient,
  cookies = browserCookies,
  onSignedOut,
}: Session & { onSignedOut?: (reason: string | null) => void } = {}): AuthProvider {
  const signedIn = () => Boolean(cookies.get(TOKEN_COOKIE) || cookies.get(REFRESH_COOKIE));
  // Why the session is about to end: react-admin signs out after checkError rejects.
  let reason: string | null = null;
  const endSession = (message: string) => {
    reason = message;
    return new Error(message);
  };
  return {
    async login(params: { username?: string; email?: string; password?: string }) {
      await signInStaff(
        { email: params.email ?? params.username ?? '', password: params.password ?? '' },
        { client, cookies },
      );
    },
    async logout() {
      const refresh = cookies.get(REFRESH_COOKIE);
      if (refresh) await blacklistToken(refresh, client).catch(() => undefined);
      clearTokens(cookies);
      if (!onSignedOut) return;
      const why = reason;
      reason = null;
      onSignedOut(why);
      return false;
    },
    async checkAuth() {
      if (!signedIn()) throw new Error('Войдите, чтобы продолжить.');
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        clearTokens(cookies);
        throw endSession(SESSION_ENDED_MESSAGE);
      }
      // A 403 is the end of the session only when the account is no longer staff; a staff member refused
      // one thing (a superuser's screen) stays signed in and reads why where it was refused.
      if (error?.status === 403) {
        const me = await getMe(client).catch(() => null);
        if (!me?.is_staff) throw endSession(NOT_STAFF_MESSAGE);
      }
    },
    async getIdentity() {
      try {
        const me = await getMe(client);
        const fullName = `${me.first_name} ${me.last_name}`.trim() || me.email;
        return { id: me.id, fullName, email: me.email, isSuperuser: me.is_superuser, isStaff: me.is_staff };
      } catch (error) {
        if (isUnauthorized(error)) clearTokens(cookies);
        throw error;
      }
    },
    async getPermissions() {
      if (!signedIn()) return { superuser: false };
      const me = await getMe(client).catch(() => null);
      return { superuser: Boolean(me?.is_superuser) };
    },
  };
}
