/**
 * An amount in Russian words, as an invoice writes it under its total: «Одна тысяча пятьсот пятьдесят
 * сомов 00 тыйынов». Whole units in words, the fraction in digits.
 */
import type { CurrencyCode } from '../../shared/countries.ts';
import { pluralWord } from '../../shared/plural.ts';

type Forms = readonly [string, string, string];

const UNITS: Record<CurrencyCode, { whole: Forms; cents: Forms; feminine: boolean }> = {
  KGS: { whole: ['сом', 'сома', 'сомов'], cents: ['тыйын', 'тыйына', 'тыйынов'], feminine: false },
  KZT: { whole: ['тенге', 'тенге', 'тенге'], cents: ['тиын', 'тиына', 'тиынов'], feminine: false },
};

const ONES = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const ONES_F = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

/** Up to 999 in words; `feminine` for тысяча («две тысячи»). */
function triple(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else words.push(TENS[Math.floor(rest / 10)]!, (feminine ? ONES_F : ONES)[rest % 10]!);
  return words.filter(Boolean);
}

const SCALES: { forms: Forms; feminine: boolean }[] = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
  { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
];

/** A whole number in words («ноль» for 0). */
export function numberInWords(value: number, feminine = false): string {
  if (value === 0) return 'ноль';
  const words: string[] = [];
  let rest = Math.floor(value);
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const group = groups[i]!;
    if (group === 0) continue;
    const scale = i > 0 ? SCALES[i - 1]! : null;
    words.push(...triple(group, scale ? scale.feminine : feminine));
    if (scale) words.push(pluralWord(group, scale.forms));
  }
  return words.join(' ');
}

/** «Одна тысяча пятьсот пятьдесят сомов 00 тыйынов» for "1550.00" KGS. */
export function amountInWords(amount: string, currency: CurrencyCode): string {
  const units = UNITS[currency];
  const [whole = '0', fraction = '00'] = amount.split('.');
  const value = Number(whole);
  const cents = Number(fraction.padEnd(2, '0').slice(0, 2));
  const words = numberInWords(value, units.feminine);
  const text = `${words} ${pluralWord(value, units.whole)} ${String(cents).padStart(2, '0')} ${pluralWord(cents, units.cents)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
