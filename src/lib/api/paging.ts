/**
 * The list offset of a 1-based page: `(page - 1) * limit`.
 * A page below 1, or not a number, counts as page 1; a fractional page is rounded down.
 */
export function pageToOffset(page: number | undefined = 1, limit: number): number {
  return (normalisePage(page) - 1) * Math.max(0, Math.floor(limit) || 0);
}

/** A 1-based page number from untrusted input (URL, form); anything invalid is page 1. */
export function normalisePage(page: unknown): number {
  const n = typeof page === 'string' ? Number(page) : page;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) return 1;
  return Math.floor(n);
}

/** How many pages `count` items fill at `limit` per page (at least 1, so "page 1 of 1" for an empty list). */
export function pageCount(count: number, limit: number): number {
  if (!(limit > 0)) return 1;
  return Math.max(1, Math.ceil(count / limit));
}
