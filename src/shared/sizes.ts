/**
 * How sizes sort: as sizes (XS, S, M, L, XL, XXL), numbers as numbers («№ 2» before «№ 10», «3 мм» before
 * «10 мм»), the rest in Russian order. The one comparator of every list of specification values (filters,
 * facets, a product's variants), so a size reads the same way everywhere.
 */

/** Letter sizes from the smallest; «2XL» is XXL, «Small» is S. */
const LETTER_SIZES = ['XXXS', 'XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'XXXXL'];
const WORD_SIZES: Record<string, string> = { small: 'S', medium: 'M', large: 'L' };

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });

/** A letter size's place among `LETTER_SIZES` («M», «xl», «2XL», «Medium 35/.06»), or undefined. */
export function letterSizeRank(value: string): number | undefined {
  const text = value.trim();
  const word = /^(small|medium|large)(?![\p{L}\p{N}])/iu.exec(text);
  if (word) return LETTER_SIZES.indexOf(WORD_SIZES[word[1]!.toLowerCase()]!);
  const counted = /^([2-4])X([SL])$/i.exec(text);
  const size = counted ? 'X'.repeat(Number(counted[1])) + counted[2]!.toUpperCase() : text.toUpperCase();
  const rank = LETTER_SIZES.indexOf(size);
  return rank < 0 ? undefined : rank;
}

/** Sorts size-like values as sizes: letter sizes in size order first, then by number, then by name. */
export function compareSizes(a: string, b: string): number {
  const ra = letterSizeRank(a);
  const rb = letterSizeRank(b);
  if (ra !== undefined || rb !== undefined) {
    if (ra === undefined) return 1;
    if (rb === undefined) return -1;
    if (ra !== rb) return ra - rb;
  }
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
