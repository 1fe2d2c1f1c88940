import { absoluteUrl } from '../site-url.ts';

export const API_BASE = '/api/v1';

/** An absolute link to an API path (`/products/task_checking/?task_id=…`), on the shop's `SITE_URL`. */
export function absoluteApiUrl(path: string): string {
  return absoluteUrl(`${API_BASE}${path}`);
}
