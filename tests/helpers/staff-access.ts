import { expect } from 'vitest';
import { signedIn } from './accounts.ts';
import { api } from './api.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The five routes of a staff resource at `base` (`/staff/banners/`): list, read, create, change, delete. */
export function staffCrudRoutes(base: string): [Method, string][] {
  return [
    ['GET', base],
    ['GET', `${base}1/`],
    ['POST', base],
    ['PATCH', `${base}1/`],
    ['DELETE', `${base}1/`],
  ];
}

/** Each route answers 401 without a token and 403 to a signed-in customer (bodies, where sent, are empty objects). */
export async function expectStaffOnly(routes: [Method, string][]): Promise<void> {
  const customer = await signedIn();
  for (const [method, path] of routes) {
    const init = method === 'GET' || method === 'DELETE' ? { method } : { method, json: {} };
    expect((await api(path, init)).status, `${method} ${path}`).toBe(401);
    expect((await api(path, { ...init, token: customer.tokens.access })).status, `${method} ${path}`).toBe(403);
  }
}
