/**
 * Files the staff API sends as attachments (a request's model or CV, the newsletter CSV, an import's
 * error and change CSVs, the stock template). The API takes the session as a bearer token, which a
 * plain link cannot send: the file is fetched with it and handed to the browser as a download.
 */
import { getMe } from '../../lib/api/accounts.ts';
import { apiErrorFor, parseAnswerBody } from '../../lib/api/api-error.ts';
import { browserCookies, TOKEN_COOKIE } from '../../lib/api/cookies.ts';

/** The file name of `Content-Disposition`, its UTF-8 form first. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

/** `url` fetched with the session's access token as it is now. */
function fetchWithToken(url: string): Promise<Response> {
  const token = browserCookies.get(TOKEN_COOKIE);
  return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** Downloads `url` (an API path as the API wrote it) under the name the answer gives. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  // A call through the client first: an expired access token is refreshed there, once.
  await getMe();
  let response = await fetchWithToken(url);
  if (response.status === 401) {
    // The token ran out between the two calls: the client's call refreshes it, then the file is asked again.
    await getMe();
    response = await fetchWithToken(url);
  }
  if (!response.ok) throw apiErrorFor('GET', url, { response, data: parseAnswerBody(await response.text()) });
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = attachmentName(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
