/**
 * PostgreSQL text cannot hold a NUL character, so one that reached a query would fail it with an
 * error (and a stack trace in the log). Pages and the API look for one before anything else.
 */

/** Where a URL carries a NUL character: in its path (`%00`), in its query (a name or a value), or nowhere. */
export function nulCharacterIn(url: URL): 'path' | 'query' | null {
  if (/%00/.test(url.pathname)) return 'path';
  for (const [key, value] of url.searchParams) {
    if (key.includes('\0') || value.includes('\0')) return 'query';
  }
  return null;
}
