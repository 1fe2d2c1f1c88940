/**
 * Whether a catalog word is a typo of a search word, not merely a look-alike: trigram closeness
 * (search.ts) finds candidates, and this keeps those within a few edits (a letter wrong, missing, extra,
 * or two swapped). «адгизив» → адгезив and «charizma» → charisma are one edit; «ultracain» (ультракаин,
 * not sold) → ultracare is two, ultra four: look-alikes, and a search with only those finds nothing.
 */

/** Edits allowed between a search word and a catalog word it may be a typo of. */
export function allowedEdits(word: string, asTyped: boolean): number {
  // A spelling the shop guessed (the other alphabet, the other layout) is already a guess: one edit more
  // is all it takes. A long word as typed may hold two slips.
  return asTyped && [...word].length >= 8 ? 2 : 1;
}

/**
 * The optimal-string-alignment distance between `a` and `b` (insert, delete, replace, swap two
 * neighbours), or `max + 1` as soon as it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length]!, max + 1);
}

/** Whether `candidate` (a catalog word) is within the edits `form` (a spelling of a search word) allows. */
export function isTypoOf(form: string, candidate: string, asTyped: boolean): boolean {
  const max = allowedEdits(form, asTyped);
  return editDistance(form, candidate, max) <= max;
}
