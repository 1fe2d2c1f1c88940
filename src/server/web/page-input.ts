/** Page-number input of paged pages, checked before any query as the API checks `limit` and `offset`. */

/** The highest `?page=` a paged page answers: 10,000 pages of 24 products is far beyond any catalog. */
export const MAX_PAGE_NUMBER = 10_000;

/**
 * The `?page=` of a paged page: 1 when absent, the number when it is a whole number from 1 to
 * {@link MAX_PAGE_NUMBER}, else null (`0`, `-1`, `2.5`, `abc`, `99999999999999999999`), which
 * the page answers with 404 without reading anything.
 */
export function pageNumberParam(params: URLSearchParams): number | null {
  const raw = params.get('page');
  if (raw === null) return 1;
  if (!/^\d{1,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE_NUMBER ? page : null;
}
