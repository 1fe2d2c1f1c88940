/**
 * How dentists mistype what they look for, as other spellings of one search word: brand names typed
 * in Cyrillic («филтек», «эстелайт» for Filtek, Estelite), Russian typed in Latin («kompozit»), and a
 * word typed on the wrong keyboard layout («ашдеул» for filtek, «rjvgjpbn» for композит). Pure: the
 * database then matches each spelling by prefix and by trigram closeness (search.ts), the same way on
 * PostgreSQL and PGlite.
 */

const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const EN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const RU_TO_EN_KEY = new Map([...RU_KEYS].map((ch, i) => [ch, EN_KEYS[i]!]));
const EN_TO_RU_KEY = new Map([...EN_KEYS].map((ch, i) => [ch, RU_KEYS[i]!]));

const CYRILLIC = /^[а-яё]+$/u;
const LATIN = /^[a-z]+$/;

/** The same keys pressed on the other layout: «ашдеул» → filtek, «rjvgjpbn» → композит. */
export function swapLayout(text: string): string {
  return [...text.toLowerCase()].map((ch) => RU_TO_EN_KEY.get(ch) ?? EN_TO_RU_KEY.get(ch) ?? ch).join('');
}

// Cyrillic → Latin, once as a passport would spell it and once as an English brand name would.
const RU_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
// English spelling of the sounds: «эстелайт» → estelit (Estelite), «тетрик» → tetric, «харизма» → charizma.
const RU_TO_BRAND: [RegExp, string][] = [
  [/ай/g, 'i'],
  [/ей/g, 'ey'],
  [/кс/g, 'x'],
  [/к/g, 'c'],
  [/х/g, 'ch'],
  [/ц/g, 'c'],
  [/ю/g, 'u'],
  [/й/g, 'i'],
  [/ж/g, 'j'],
];

function toLatin(word: string, brandLike: boolean): string {
  let text = word;
  if (brandLike) for (const [from, to] of RU_TO_BRAND) text = text.replace(from, to);
  return [...text].map((ch) => RU_TO_LATIN[ch] ?? ch).join('');
}

// Latin → Cyrillic: longest spellings first.
const LATIN_TO_RU: [string, string][] = [
  ['shch', 'щ'],
  ['sch', 'щ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['zh', 'ж'],
  ['kh', 'х'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'ё'],
  ['ph', 'ф'],
  ['th', 'т'],
  ['ck', 'к'],
  ['ee', 'и'],
  ['oo', 'у'],
  ['x', 'кс'],
  ['a', 'а'],
  ['b', 'б'],
  ['c', 'к'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'х'],
  ['i', 'и'],
  ['j', 'дж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'к'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['w', 'в'],
  ['y', 'и'],
  ['z', 'з'],
];

function toCyrillic(word: string): string {
  let out = '';
  for (let i = 0; i < word.length;) {
    const match = LATIN_TO_RU.find(([latin]) => word.startsWith(latin, i));
    if (!match) {
      out += word[i];
      i += 1;
    } else {
      out += match[1];
      i += match[0].length;
    }
  }
  return out;
}

/**
 * Other spellings of one lower-cased search word, the word itself left out: the other keyboard
 * layout, and transliterations to the other alphabet. Words mixing alphabets or digits, and words
 * under three letters, have none (a SKU is matched as typed).
 */
export function wordVariants(word: string): string[] {
  const lower = word.toLowerCase();
  if (lower.length < 3) return [];
  const variants: string[] = [];
  if (CYRILLIC.test(lower)) {
    const swapped = swapLayout(lower);
    // A Cyrillic word typed on the Latin layout can only become Latin letters (punctuation keys mean it was not).
    if (LATIN.test(swapped)) variants.push(swapped);
    variants.push(toLatin(lower, false), toLatin(lower, true));
  } else if (LATIN.test(lower)) {
    variants.push(swapLayout(lower), toCyrillic(lower));
  }
  return [...new Set(variants)].filter((v) => v !== lower && v.length >= 3 && /^[\p{L}]+$/u.test(v));
}

/** The whole search text in each other spelling, for ranking names against what the person meant. */
export function textVariants(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (!words.length) return [];
  const spell = (pick: (w: string) => string) => words.map(pick).join(' ');
  const variants = [
    spell((w) => (CYRILLIC.test(w) && LATIN.test(swapLayout(w)) ? swapLayout(w) : LATIN.test(w) ? swapLayout(w) : w)),
    spell((w) => (CYRILLIC.test(w) ? toLatin(w, true) : LATIN.test(w) ? toCyrillic(w) : w)),
    spell((w) => (CYRILLIC.test(w) ? toLatin(w, false) : w)),
  ];
  return [...new Set(variants)].filter((v) => v !== words.join(' '));
}
