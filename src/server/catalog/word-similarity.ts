/**
 * pg_trgm's `word_similarity(a, b)` in JavaScript, step for step (contrib/pg_trgm/trgm_op.c:
 * `generate_trgm_only`, `calc_word_similarity`, `iterate_word_similarity`), so the search index ranks
 * names as the database did: the greatest similarity between the trigrams of `a` and any continuous
 * extent of the ordered trigrams of `b`. Pure; `tests/unit/catalog/word-similarity.test.ts` compares
 * it with the database's own function.
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The trigrams of a text in order, each as one number (three UTF-16 code units): every word (a run of
 * letters and digits, lower-cased) padded with two spaces before and one after, as pg_trgm does.
 */
export function trigramSequence(text: string): number[] {
  const out: number[] = [];
  const lower = text.toLowerCase();
  let word = '';
  const flush = () => {
    if (!word) return;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      out.push(padded.charCodeAt(i) * 4294967296 + padded.charCodeAt(i + 1) * 65536 + padded.charCodeAt(i + 2));
    }
    word = '';
  };
  for (const ch of lower) {
    if (WORD_CHAR.test(ch)) word += ch;
    else flush();
  }
  flush();
  return out;
}

const f32 = Math.fround;
/** pg_trgm's CALCSML in float4. */
const calcSml = (count: number, len1: number, len2: number) => f32(f32(count) / f32(len1 + len2 - count));

/**
 * The core of `word_similarity` over trigrams numbered by the caller (small integers): `text` in order,
 * `isQuery[t]` set for the query's trigrams, `ulen1` the number of distinct query trigrams (those no
 * text has count too), and `lastpos` a scratch array as long as `isQuery`, all -1, left all -1.
 */
export function wordSimilarityOf(
  text: ArrayLike<number>,
  isQuery: Uint8Array,
  ulen1: number,
  lastpos: Int32Array,
): number {
  const len2 = text.length;
  if (!ulen1 || !len2) return 0;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let smlrMax = 0;
  for (let i = 0; i < len2; i += 1) {
    const t = text[i]!;
    const found = isQuery[t] === 1;
    if (lower >= 0 || found) {
      if (lastpos[t]! < 0) {
        ulen2 += 1;
        if (found) count += 1;
      }
      lastpos[t] = i;
    }
    if (!found) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try to move the lower bound for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower += 1) {
      const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
      if (smlrTmp > smlrCur) {
        smlrCur = smlrTmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = text[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2 -= 1;
        if (isQuery[tt] === 1) tmpCount -= 1;
      }
    }
    if (smlrCur > smlrMax) smlrMax = smlrCur;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower += 1) {
      const tt = text[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  for (let i = 0; i < len2; i += 1) lastpos[text[i]!] = -1;
  return smlrMax;
}

/** `word_similarity(query, text)` of two strings (the search index numbers trigrams once instead). */
export function wordSimilarity(query: string, text: string): number {
  const numbers = new Map<number, number>();
  const number = (trigram: number) => {
    let n = numbers.get(trigram);
    if (n === undefined) numbers.set(trigram, (n = numbers.size));
    return n;
  };
  const queryNumbers = new Set(trigramSequence(query).map(number));
  const textNumbers = trigramSequence(text).map(number);
  const isQuery = new Uint8Array(numbers.size);
  for (const n of queryNumbers) isQuery[n] = 1;
  return wordSimilarityOf(textNumbers, isQuery, queryNumbers.size, new Int32Array(numbers.size).fill(-1));
}
