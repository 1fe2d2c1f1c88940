import type { MiddlewareHandler } from 'hono';
import { nulCharacterIn } from '../http/nul-characters.ts';
import { NUL_MESSAGE } from './fields.ts';

/**
 * PostgreSQL text cannot hold a NUL character, so one in a path or a query parameter would reach the
 * database as an error. A path with one names nothing (404); a query parameter with one is a field
 * error (400), reported under the parameter's name.
 */
export const rejectNulCharacters: MiddlewareHandler = async (c, next) => {
  // A NUL reaches the path or the query only as `%00` (the HTTP parser refuses a raw one): most URLs
  // need no parsing here.
  if (!c.req.url.includes('%00')) return next();
  const url = new URL(c.req.url);
  const found = nulCharacterIn(url);
  if (found === 'path') return c.json({ detail: 'Not found.' }, 404);
  if (found === 'query') {
    const fields: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) {
      if (key.includes('\0') || value.includes('\0')) fields[key.replaceAll('\0', '')] = [NUL_MESSAGE];
    }
    return c.json(fields, 400);
  }
  await next();
};
