interface CountedValue {
  value: string;
  sortNumber: string | null;
}

/** Numeric specifications sort by their number (2 < 10), text ones in Russian natural order. */
export function compareSpecValues(kind: string, a: CountedValue, b: CountedValue): number {
  if (kind === 'number' && a.sortNumber !== null && b.sortNumber !== null)
    return Number(a.sortNumber) - Number(b.sortNumber);
  return a.value.localeCompare(b.value, 'ru', { numeric: true });
}
