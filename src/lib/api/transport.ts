/**
 * One API request over the platform's `fetch`: the path resolved against the base URL, the query
 * serialised (empty values left out), a plain object or array body sent as JSON (`FormData`,
 * `Blob` and strings as they are), and the answer parsed. A non-2xx answer, or none, rejects with an
 * `ApiError`. Nothing is retried here. This is the public reads' transport: it stays on the
 * platform's `fetch`, so that catalog pages do not carry ofetch in their first bytes (their 90 kB
 * budget); the session client (`client.ts`, loaded when a signed-in call is first made) is on ofetch
 * and adds the bearer token and the one refresh on 401.
 */
import { apiErrorFor, parseAnswerBody } from './api-error.ts';
import type { QueryValue } from './query.ts';

export const API_BASE_URL = '/api/v1';

/** The page's `fetch`, looked up per call, so a page (or a test) that replaces it is honoured. */
export const platformFetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);

export interface ApiRequestOptions {
  method?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

export function requestUrl(baseURL: string, path: string, query?: Record<string, QueryValue>): string {
  let url = `${baseURL.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += (url.includes('?') ? '&' : '?') + search;
  }
  return url;
}

export async function sendRequest<T>(
  fetchImpl: typeof globalThis.fetch,
  baseURL: string,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const url = requestUrl(baseURL, path, options.query);
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body !== undefined && options.body !== null) {
    if (isRawBody(options.body)) body = options.body;
    else {
      body = JSON.stringify(options.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }
  let response: Response;
  try {
    response = await fetchImpl(url, { method, headers, body, signal: options.signal });
  } catch (cause) {
    throw apiErrorFor(method, url, { cause });
  }
  const data = parseAnswerBody(await response.text().catch(() => ''));
  if (!response.ok) throw apiErrorFor(method, url, { response, data });
  return data as T;
}

/** Calls `path` (relative to `/api/v1`, with its trailing slash) and resolves to the parsed JSON answer. */
export type ApiClient = <T = unknown>(path: string, options?: ApiRequestOptions) => Promise<T>;

/**
 * The client for public reads (catalog, rates, contacts): no session cookie, no bearer token. The
 * answers are the same for everyone, so a signed-in visitor's request is served from the shop's
 * response cache too (it never caches a request with `Authorization`), and pages that only read the
 * catalog do not load the session code.
 */
export const publicApi: ApiClient = (path, options) => sendRequest(platformFetch, API_BASE_URL, path, options);
