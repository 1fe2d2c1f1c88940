export type QueryValue = string | number | boolean | null | undefined;

/** Drops `undefined`, `null` and empty-string values so they never reach the query string. */
export function compactQuery(query: Record<string, QueryValue>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = value;
  }
  return out;
}
