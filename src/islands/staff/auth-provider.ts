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

export function createStaffAuthProvider(
  client: ApiClient = defaultClient,
  cookies: CookieAdapter = browserCookies,
): AuthProvider {
  const signedIn = () => Boolean(cookies.get(TOKEN_COOKIE) || cookies.get(REFRESH_COOKIE));
  return {
    async login(params: { username?: string; email?: string; password?: string }) {
      const email = (params.email ?? params.username ?? '').trim();
      try {
        saveTokens(await createToken({ email, password: params.password ?? '' }, client), cookies);
      } catch (error) {
        throw new Error(apiErrorMessage(error));
      }
      const me = await getMe(client);
      if (!me.is_staff) throw new Error(NOT_STAFF_MESSAGE);
    },
    async logout() {
      const refresh = cookies.get(REFRESH_COOKIE);
      if (refresh) await blacklistToken(refresh, client).catch(() => undefined);
      clearTokens(cookies);
    },
    async checkAuth() {
      if (!signedIn()) throw new Error('Войдите, чтобы продолжить.');
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        clearTokens(cookies);
        throw new Error('Сессия закончилась: войдите снова.');
      }
      if (error?.status === 403) throw new Error(NOT_STAFF_MESSAGE);
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
