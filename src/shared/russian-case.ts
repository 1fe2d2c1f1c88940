/**
 * A unit as the price after «за» needs it: the accusative of a noun phrase staff wrote in the nominative
 * («единица» → «за единицу», «зубная капа» → «за зубную капу»). Only words in -а/-я change (feminine
 * nouns and adjectives, and the masculine ones declined like them); masculine and neuter inanimate nouns,
 * nouns in -ь and abbreviations («модель», «шаблон», «шт.») stay as written.
 */
export function accusative(phrase: string): string {
  return phrase.replace(/[а-яё]+/giu, accusativeWord);
}

const VOWELS = 'аеёиоуыэюя';

function accusativeWord(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length < 3) return word;
  const keepCase = (ending: string) => (word.at(-1) === word.at(-1)!.toUpperCase() ? ending.toUpperCase() : ending);
  if (lower.endsWith('ая')) return word.slice(0, -2) + keepCase('ую');
  if (lower.endsWith('яя')) return word.slice(0, -2) + keepCase('юю');
  const before = lower.at(-2)!;
  if (lower.endsWith('ия')) return word.slice(0, -1) + keepCase('ю');
  if (VOWELS.includes(before)) return word;
  if (lower.endsWith('а')) return word.slice(0, -1) + keepCase('у');
  if (lower.endsWith('я')) return word.slice(0, -1) + keepCase('ю');
  return word;
}

/** «1 300 сом за единицу»: a price and its unit. */
export function pricePerUnit(price: string, unit: string): string {
  return `${price} за ${accusative(unit)}`;
}
