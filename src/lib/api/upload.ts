/**
 * Sends a form with files to the API with upload progress, which fetch cannot report: one
 * XMLHttpRequest, the `token` cookie as the bearer token, and failures as the same `ApiError`s the
 * other calls throw, so forms and stores read them the same way.
 */
import { apiErrorFor, parseAnswerBody } from './api-error.ts';
import { API_BASE_URL } from './client.ts';
import { browserCookies, TOKEN_COOKIE, type CookieAdapter } from './cookies.ts';

export interface UploadOptions {
  /** Called with the share sent so far, from 0 to 1; 1 once the whole body has left. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Default `/api/v1` on the page's own host. */
  baseURL?: string;
  cookies?: CookieAdapter;
  /** Tests pass a fake; browsers use `new XMLHttpRequest()`. */
  createRequest?: () => XMLHttpRequest;
}

// Statuses whose Response must have no body (the Fetch standard's "null body status").
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * POSTs `body` (multipart, the browser sets the boundary) to `path`, relative to `/api/v1` with its
 * trailing slash, and resolves to the parsed JSON answer (`undefined` for an empty one). A non-2xx
 * answer rejects with an `ApiError` carrying `status`, `response` and the parsed body in `data`;
 * no answer (network, abort) rejects with an `ApiError` without `response`. A 401 is not refreshed
 * and retried as the API client does: the caller shows it (the form kit says the session ended).
 */
export function uploadForm<T = unknown>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const {
    onProgress,
    signal,
    baseURL = API_BASE_URL,
    cookies = browserCookies,
    createRequest = () => new XMLHttpRequest(),
  } = options;
  const url = `${baseURL}/${path.replace(/^\//, '')}`;
  const headers = new Headers({ Accept: 'application/json' });
  const token = cookies.get(TOKEN_COOKIE);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(apiErrorFor('POST', url, { cause: toError(signal.reason) }));
    const xhr = createRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.open('POST', url);
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      xhr.upload.onload = () => onProgress(1);
    }
    xhr.onload = () => {
      settle();
      const data = parseAnswerBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status < 200 || xhr.status > 599) {
        return reject(apiErrorFor('POST', url, { cause: new TypeError(`Unexpected status ${xhr.status}`) }));
      }
      const contentType = xhr.getResponseHeader('content-type');
      const response = new Response(NULL_BODY.has(xhr.status) ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
        headers: contentType ? { 'content-type': contentType } : undefined,
      });
      reject(apiErrorFor('POST', url, { response, data }));
    };
    const failed = (error: Error) => () => {
      settle();
      reject(apiErrorFor('POST', url, { cause: error }));
    };
    xhr.onerror = failed(new TypeError('Network request failed'));
    xhr.ontimeout = failed(new TypeError('Network request timed out'));
    xhr.onabort = () => failed(toError(signal?.reason))();
    xhr.send(body);
  });
}

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new DOMException('The upload was aborted.', 'AbortError');
}
