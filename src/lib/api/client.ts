import { isUnauthorized } from './api-error.ts';
import {
  browserCookies,
  clearTokens,
  REFRESH_COOKIE,
  saveTokens,
  TOKEN_COOKIE,
  type CookieAdapter,
} from './cookies.ts';
import { API_BASE_URL, platformFetch, sendRequest, type ApiClient, type ApiRequestOptions } from './transport.ts';
import type { TokenRefreshAnswer } from './types.ts';

export { API_BASE_URL };
export type { ApiClient, ApiRequestOptions } from './transport.ts';

export const REFRESH_PATH = '/accounts/auth/jwt/refresh/';
// Login, refresh and verify answer 401 for bad credentials: refreshing and repeating them would only
// clear a valid session, double the attempt against the login rate limit, or recurse.
const JWT_PATHS = '/accounts/auth/jwt/';

export interface ApiClientOptions {
  /** Default `/api/v1` on the page's own host. */
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
  cookies?: CookieAdapter;
}

export { isUnauthorized };

/**
 * An API client that sends the `token` cookie as a bearer token. A 401 answer is retried once: first
 * the `refresh` cookie is exchanged for a new access token (or, when that fails and no other tab has
 * replaced the cookies meanwhile, both cookies are removed), then the request is repeated with
 * whatever token is left. Other errors reach the caller as `ApiError`s; nothing is retried
 * automatically.
 */
export function createApiClient({
  baseURL = API_BASE_URL,
  fetch,
  cookies = browserCookies,
}: ApiClientOptions = {}): ApiClient {
  const fetchImpl = fetch ?? platformFetch;
  const $fetch = <T>(path: string, options: ApiRequestOptions = {}) =>
    sendRequest<T>(fetchImpl, baseURL, path, options);
  // Concurrent 401s share one refresh: with rotation a second refresh would present a revoked token.
  let refreshing: Promise<void> | null = null;

  async function refreshTokens(): Promise<void> {
    const refresh = cookies.get(REFRESH_COOKIE);
    if (!refresh) {
      clearTokens(cookies);
      return;
    }
    try {
      const answer = await $fetch<TokenRefreshAnswer>(REFRESH_PATH, { method: 'POST', body: { refresh } });
      if (typeof answer?.access !== 'string' || answer.access === '')
        throw new Error('The refresh answer has no access token.');
      saveTokens(answer, cookies);
    } catch {
      // Another tab may have rotated the pair meanwhile, revoking the token sent here: its new cookies
      // are valid and stay. Only a refresh token that is still the one sent is known to be dead.
      if (cookies.get(REFRESH_COOKIE) === refresh) clearTokens(cookies);
    }
  }

  function send<T>(path: string, options: ApiRequestOptions, token: string | undefined): Promise<T> {
    const headers = new Headers(options.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return $fetch<T>(path, { ...options, headers });
  }

  return async function api<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const token = cookies.get(TOKEN_COOKIE);
    try {
      return await send<T>(path, options, token);
    } catch (error) {
      if (!isUnauthorized(error) || `/${path.replace(/^\//, '')}`.startsWith(JWT_PATHS)) throw error;
      const current = cookies.get(TOKEN_COOKIE);
      // Another request may already have replaced the rejected token; then just use the new one.
      if (!current || current === token) {
        refreshing ??= refreshTokens().finally(() => {
          refreshing = null;
        });
        await refreshing;
      }
      return send<T>(path, options, cookies.get(TOKEN_COOKIE));
    }
  };
}

/** The client the islands use. */
export const api: ApiClient = createApiClient();
