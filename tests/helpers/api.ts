import type { SQL } from 'drizzle-orm';
import { getApp } from '../../src/server/api/app.ts';
import { getDb, queryRows } from '../../src/server/db/client.ts';

export const ORIGIN = 'http://shop.test';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** The client address the API sees unless a test names one (`ip`), as the Astro endpoint passes it. */
export const TEST_CLIENT_ADDRESS = '192.0.2.10';

/**
 * Calls the API in process, as a client would over HTTP; `path` is relative to /api/v1. `token` is sent
 * as `Authorization: Bearer`, `ip` as the client's address (rate limits count per address).
 */
export async function api<T = any>(
  path: string,
  { json, token, ip, ...init }: RequestInit & { json?: unknown; token?: string; ip?: string } = {},
): Promise<ApiResponse<T>> {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  if (body instanceof FormData) {
    // Sent as bytes, as a client's socket delivers them: undici's own FormData stream throws an unhandled
    // "ReadableStream is already closed" when the shop stops reading a form it refuses part way.
    const encoded = new Response(body);
    headers.set('Content-Type', encoded.headers.get('content-type')!);
    body = await encoded.arrayBuffer();
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const request = new Request(`${ORIGIN}/api/v1${path}`, { ...init, headers, body });
  const response = await getApp().fetch(request, { clientAddress: ip ?? TEST_CLIENT_ADDRESS });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes('json') && text ? JSON.parse(text) : text,
  };
}

export const qs = (params: Record<string, string | number | boolean | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The path relative to /api/v1 of an absolute `next`/`previous` link, for passing back to `api()`. */
export function apiPath(link: string): string {
  const prefix = `${ORIGIN}/api/v1`;
  if (!link.startsWith(prefix)) throw new Error(`Expected an absolute API link under ${prefix}, got ${link}`);
  return link.slice(prefix.length);
}

/** Every item of a paged list, following `next` links with the largest page size. */
export async function listAll<T = any>(path: string): Promise<T[]> {
  const url = new URL(path, ORIGIN);
  url.searchParams.set('limit', '100');
  let next: string | null = `${url.pathname}${url.search}`;
  const items: T[] = [];
  while (next) {
    const page: ApiResponse = await api(next);
    if (page.status !== 200) throw new Error(`GET ${next} answered ${page.status}: ${JSON.stringify(page.body)}`);
    items.push(...page.body.results);
    next = page.body.next ? apiPath(page.body.next) : null;
  }
  return items;
}

/** Rows of a raw SQL query on this test file's database copy. */
export async function dbRows<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return queryRows<T>(await getDb(), query);
}
