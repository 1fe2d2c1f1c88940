/**
 * The cells of a stock line: a SKU, which stays text, and a count of pieces, written the ways Excel
 * writes whole numbers in this region.
 */
import type { ImportErrorCode } from './import.types.ts';

/** Why a cell is not a count: see {@link parseStockCount}. */
export type CountProblem = 'missing' | 'fraction' | 'negative' | 'signed' | 'ambiguous' | 'too_large' | 'not_a_number';

/** The largest count accepted (the column is a 32-bit integer; no shop holds a billion of anything). */
export const MAX_STOCK_COUNT = 1_000_000_000;

const DIGIT_0 = 48;
const DIGIT_9 = 57;
// Thousands grouped by a space, NBSP or narrow NBSP (Excel's «1 200»), then an optional decimal part.
const GROUPED = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?$/;
const GROUP_SEPARATORS = /[ \u00a0\u202f]/g;
const DECIMAL = /^(\d+)(?:[.,](\d+))?$/;
const ZEROS = /^0+$/;

/**
 * A whole count of pieces from a cell: `12`, ` 12 `, `1 200` (space or NBSP between thousands), `12,0`,
 * `12.00`. Not a count: an empty cell (`missing`: empty is not 0), `12,5` (`fraction`), `-3`
 * (`negative`), `+5` (`signed`: the file gives the stock, not a change), three decimals such as `1,200`
 * or `1.000` (`ambiguous`: a fraction or thousands), over {@link MAX_STOCK_COUNT}, anything else.
 */
export function parseStockCount(cell: string): number | CountProblem {
  // Fast path: digits only, as almost every cell is.
  const length = cell.length;
  if (length > 0 && length <= 9) {
    let value = 0;
    let i = 0;
    for (; i < length; i++) {
      const code = cell.charCodeAt(i);
      if (code < DIGIT_0 || code > DIGIT_9) break;
      value = value * 10 + (code - DIGIT_0);
    }
    if (i === length) return value;
  }
  return parseSlow(cell.trim());
}

function parseSlow(text: string): number | CountProblem {
  if (text === '') return 'missing';
  const first = text[0];
  if (first === '-' || first === '\u2212' || first === '+') {
    const rest = parseSlow(text.slice(1).trim());
    if (typeof rest !== 'number' && rest !== 'fraction' && rest !== 'ambiguous' && rest !== 'too_large') {
      return 'not_a_number';
    }
    return first === '+' ? 'signed' : 'negative';
  }
  const plain = GROUPED.test(text) ? text.replace(GROUP_SEPARATORS, '') : text;
  const match = DECIMAL.exec(plain);
  if (!match) return 'not_a_number';
  const fraction = match[2];
  if (fraction !== undefined) {
    if (fraction.length > 2) return 'ambiguous';
    if (!ZEROS.test(fraction)) return 'fraction';
  }
  const value = Number(match[1]);
  return value > MAX_STOCK_COUNT ? 'too_large' : value;
}

export interface SkuProblem {
  code: Extract<ImportErrorCode, 'sku_missing' | 'sku_scientific'>;
  message: string;
}

// What Excel shows for a long number in a General cell: «4,60702E+12», «5E+12» (a Cyrillic Е too,
// when the file passed through a Russian autocorrect).
const SCIENTIFIC = /^\d(?:[.,]\d+)?[EeЕе]\+\d{2,}$/;
// ="00123": how a spreadsheet keeps a cell as text in a CSV (the stock template writes SKUs so).
const TEXT_FORMULA = /^="((?:[^"]|"")*)"$/;

/**
 * A SKU from a cell: trimmed (spaces and NBSP), leading zeros kept, `="…"` unwrapped.
 * @returns the SKU, or why the cell holds none.
 */
export function readSku(cell: string): string | SkuProblem {
  let sku = cell.trim();
  if (sku.charCodeAt(0) === 61 /* = */) {
    const formula = TEXT_FORMULA.exec(sku);
    if (formula) sku = formula[1]!.replaceAll('""', '"').trim();
  }
  if (sku === '') {
    return { code: 'sku_missing', message: 'Артикул не указан. Впишите артикул товара или удалите строку.' };
  }
  if (SCIENTIFIC.test(sku)) {
    return {
      code: 'sku_scientific',
      message:
        `Артикул «${sku}» Excel записал как число в экспоненциальной форме, последние цифры потеряны. ` +
        'В исходной таблице выделите столбец с артикулами, выберите «Формат ячеек», затем «Текстовый», ' +
        'впишите или вставьте артикулы заново и снова сохраните файл. В файле .xlsx артикулы-числа сохраняются без потерь.',
    };
  }
  return sku;
}

/** What is wrong with a count cell and what to write instead; `cell` trimmed. */
export const COUNT_MESSAGES: Record<CountProblem, (cell: string) => string> = {
  missing: () =>
    'Количество не указано. Пустая ячейка не значит 0: впишите 0, если товара нет, или удалите строку, если его остаток менять не нужно.',
  fraction: (cell) => `Количество «${cell}» дробное. Укажите остаток целым числом штук.`,
  negative: (cell) => `Количество «${cell}» меньше нуля. Укажите остаток целым числом от 0.`,
  signed: (cell) =>
    `Количество «${cell}» записано со знаком «+». В файле указывают сам остаток, а не изменение: впишите число без знака.`,
  ambiguous: (cell) =>
    `Количество «${cell}» можно прочитать двумя способами (с дробной частью или с разделителем тысяч). Впишите целое число без запятых и точек, например 1200.`,
  too_large: (cell) => `Количество «${cell}» слишком большое. Укажите остаток не больше 1 000 000 000.`,
  not_a_number: (cell) => `В ячейке количества «${cell}» не число. Укажите остаток целым числом, например 12.`,
};

/** The message for a «было» cell that is no count. */
export function wasMessage(cell: string): string {
  return `В столбце «было» «${cell}» не целое число от 0. Этот столбец заполняет шаблон остатков: верните значение из шаблона или очистите ячейку.`;
}
