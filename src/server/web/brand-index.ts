/**
 * The brands page's A–Z: brands under the first letter of their names, Latin letters (and names that start
 * with a digit) before Cyrillic ones, each group in Russian alphabetical order; and the monogram a brand
 * without a logo shows.
 */

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

export type BrandScript = 'latin' | 'cyrillic';

export interface BrandLetter<B> {
  /** The heading: a base letter without accents (Dürr under D, Ёлка under Е), or `0–9`. */
  letter: string;
  /** The part of the alphabet the letter belongs to: Latin A–Z first (digits with it), then Cyrillic А–Я. */
  script: BrandScript;
  brands: B[];
}

const DIGITS = '0–9';

/** A name's heading letter: its first letter or digit, upper case, without accents. */
export function brandLetter(name: string): string {
  const first = name.normalize('NFD').match(/[\p{L}\p{N}]/u)?.[0] ?? '#';
  return /\p{N}/u.test(first) ? DIGITS : first.toLocaleUpperCase('ru');
}

function scriptOf(letter: string): BrandScript {
  return /\p{Script=Cyrillic}/u.test(letter) ? 'cyrillic' : 'latin';
}

/** Brands grouped under their letters: Latin letters first, then Cyrillic, each in Russian collation. */
export function indexBrands<B extends { name: string }>(brands: readonly B[]): BrandLetter<B>[] {
  const groups = new Map<string, BrandLetter<B>>();
  for (const brand of [...brands].sort((a, b) => collator.compare(a.name, b.name))) {
    const letter = brandLetter(brand.name);
    let group = groups.get(letter);
    if (!group) {
      group = { letter, script: scriptOf(letter), brands: [] };
      groups.set(letter, group);
    }
    group.brands.push(brand);
  }
  const order = (group: BrandLetter<B>) => (group.letter === DIGITS ? 0 : group.script === 'latin' ? 1 : 2);
  return [...groups.values()].sort((a, b) => order(a) - order(b) || collator.compare(a.letter, b.letter));
}

export interface BrandMark {
  /** A short name whole (3M, GC, W&H), the initials of two words or of a word's parts, or two letters (Ke). */
  initials: string;
  /** A hue (0–359) of the brand's own, the same for a name every time. */
  hue: number;
}

/** The tile a brand without a logo shows: its initials in a colour taken from its name. */
export function brandMark(name: string): BrandMark {
  const compact = name.replace(/\s+/g, '');
  const words = name.split(/[\s-]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const upper = (text: string) => text.toLocaleUpperCase('ru');
  let initials: string;
  if ([...compact].length <= 3) initials = compact;
  else if (words.length >= 2)
    initials = words
      .slice(0, 2)
      .map((word) => upper([...word][0]!))
      .join('');
  else {
    // A word with capitals inside (KaVo, ВладМиВа) is a name of parts: their capitals; else its first two
    // letters as written (Kerr: Ke, VOCO: VO).
    const capitals = [...compact].filter((char) => /\p{Lu}/u.test(char));
    const [first, second] = [...compact];
    initials = capitals.length >= 2 ? capitals.slice(0, 2).join('') : upper(first!) + second!;
  }
  // FNV-1a: a small, well-spread hash, so that neighbours in the list differ in colour.
  let hash = 0x811c9dc5;
  for (const char of name.toLocaleLowerCase('ru')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return { initials, hue: (hash >>> 0) % 360 };
}
