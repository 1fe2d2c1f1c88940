import { compareSizes } from '../../shared/sizes.ts';

interface CountedValue {
  value: string;
  sortNumber: string | null;
}

/**
 * Numeric specifications sort by their number (2 < 10), text ones as sizes sort (`shared/sizes.ts`: XS, S,
 * M, L, XL; numbers in them numerically; the rest in Russian order).
 */
export function compareSpecValues(kind: string, a: CountedValue, b: CountedValue): number {
  if (kind === 'number' && a.sortNumber !== null && b.sortNumber !== null)
    return Number(a.sortNumber) - Number(b.sortNumber);
  return compareSizes(a.value, b.value);
}
