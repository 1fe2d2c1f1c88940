import { getMe } from '../../lib/api/accounts.ts';
import { isUnauthorized } from '../../lib/api/api-error.ts';
import { uploadForm, type UploadOptions } from '../../lib/api/upload.ts';

/**
 * A staff upload (an import's file, a product photo). An upload is one XMLHttpRequest that does not refresh
 * the session itself: an expired access token is refreshed through the API client, and the upload sent
 * again, once.
 */
export function staffUpload<T>(path: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const send = () => uploadForm<T>(path, body, options);
  return send().catch(async (failure: unknown) => {
    if (!isUnauthorized(failure)) throw failure;
    await getMe();
    return send();
  });
}
