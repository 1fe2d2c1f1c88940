import { createFetch, FetchError } from 'ofetch';
import { apiErrorFor, isUnauthorized, parseAnswerBody, type ApiError } from './api-error.ts';
import {
  browserCookies,
  clearTokens,
  REFRESH_COOKIE,
  saveTokens,
  TOKEN_COOKIE,
  type CookieAdapter,
} from './cookies.ts';
import { API_BASE_URL, platformFetch, requestUrl, type ApiClient, type ApiRequestOptions } from './transport.ts';
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
 * An API client that sends the `token` cookie as a bearer token, on `ofetch` (the owner's named
 * package). A 401 answer is retried once (ofetch's `retry` for status 401): first its
 * `onResponseError` hook exchanges the `refresh` cookie for a new access token (or, when that fails and
 * no other tab has replaced the cookies meanwhile, removes both cookies), then `onRequest` sends the
 * repeated request with whatever token is left. Other errors reach the caller as `ApiError`s; nothing
 * else is retried.
 */
export function createApiClient({
  baseURL = API_BASE_URL,
  fetch,
  cookies = browserCookies,
}: ApiClientOptions = {}): ApiClient {
  // The page's `fetch` looked up per call (`platformFetch`), unless a test gives one.
  const $fetch = createFetch({ fetch: fetch ?? platformFetch, Headers: globalThis.Headers });
  // Concurrent 401s share one refresh: with rotation a second refresh would present a revoked token.
  let refreshing: Promise<void> | null = null;

  async function refreshTokens(): Promise<void> {
    const refresh = cookies.get(REFRESH_COOKIE);
    if (!refresh) {
      clearTokens(cookies);
      return;
    }
    try {
      const answer = await $fetch<TokenRefreshAnswer>(requestUrl(baseURL, REFRESH_PATH), {
        method: 'POST',
        body: { refresh },
        retry: 0,
      });
      if (typeof answer?.access !== 'string' || answer.access === '')
        throw new Error('The refresh answer has no access token.');
      saveTokens(answer, cookies);
    } catch {
      // Another tab may have rotated the pair meanwhile, revoking the token sent here: its new cookies
      // are valid and stay. Only a refresh token that is still the one sent is known to be dead.
      if (cookies.get(REFRESH_COOKIE) === refresh) clearTokens(cookies);
    }
  }

  const session = $fetch.create({
    headers: { Accept: 'application/json' },
    parseResponse: parseAnswerBody,
    retryStatusCodes: [401],
    retryDelay: 0,
    onRequest({ options }) {
      const token = cookies.get(TOKEN_COOKIE);
      if (token) options.headers.set('Authorization', `Bearer ${token}`);
      else options.headers.delete('Authorization');
    },
    async onResponseError({ options, response }) {
      // Only a first answer with a retry left refreshes: the repeated request's 401 is the caller's.
      if (response.status !== 401 || !options.retry) return;
      const sent = options.headers.get('Authorization')?.replace(/^Bearer /, '');
      const current = cookies.get(TOKEN_COOKIE);
      // Another request may already have replaced the rejected token; then the retry just uses the new one.
      if (!current || current === sent) {
        refreshing ??= refreshTokens().finally(() => {
          refreshing = null;
        });
        await refreshing;
      }
    },
  });

  return async function api<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const url = requestUrl(baseURL, path, options.query);
    try {
      return await session<T>(url, {
        method,
        headers: options.headers,
        body: options.body as BodyInit | Record<string, unknown> | null | undefined,
        signal: options.signal,
        // Login, refresh and verify are never refreshed and repeated (see JWT_PATHS).
        retry: `/${path.replace(/^\//, '')}`.startsWith(JWT_PATHS) ? 0 : 1,
      });
    } catch (error) {
      throw toApiError(method, url, error);
    }
  };
}

/** ofetch's `FetchError` as the `ApiError` every call of the browser rejects with. */
function toApiError(method: string, url: string, error: unknown): ApiError {
  if (error instanceof FetchError && error.response)
    return apiErrorFor(method, url, { response: error.response, data: error.data as unknown });
  return apiErrorFor(method, url, { cause: error instanceof FetchError ? (error.cause ?? error) : error });
}

/** The client the islands use. */
export const api: ApiClient = createApiClient();
