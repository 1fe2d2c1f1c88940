/**
 * The columns of the three table uploads (stock, prices, products), named in Russian or English in any
 * order, and how a header row is matched against them: case, spaces, «ё» and a trailing «*» or «:» do
 * not matter, a money column may name its currency («Цена, сом»), and a column nobody reads is named
 * back to the uploader instead of being ignored silently.
 */
import { COUNTRIES, COUNTRY_CODES, type CountryCode, type CurrencyCode } from '../../shared/countries.ts';
import { ImportFileError, type ImportKind } from './import.types.ts';

export interface ColumnDef<F extends string = string> {
  field: F;
  /** Header names in order of preference (where a file has two, the earlier name wins), normalised. */
  names: readonly string[];
  /** The header may carry a currency after the name: «Цена, сом», «Старая цена (KZT)». */
  money?: boolean;
  /** Read by no file of this kind, but expected in it (a name beside a SKU): not an unknown column. */
  informational?: boolean;
}

const SKU = { field: 'sku', names: ['sku', 'артикул', 'код товара', 'код', 'арт.', 'арт'] } as const;
const NAME_NAMES = ['name', 'наименование', 'название', 'товар', 'номенклатура'];
const COUNTRY = { field: 'country', names: ['country', 'страна'] } as const;

export const TABLE_COLUMNS = {
  stock: [
    SKU,
    { field: 'quantity', names: ['quantity', 'количество', 'остаток', 'кол-во', 'остатки'] },
    { field: 'quantityWas', names: ['quantity_was', 'было'] },
    COUNTRY,
    { field: 'name', names: NAME_NAMES, informational: true },
  ],
  prices: [
    SKU,
    { field: 'price', names: ['price', 'цена', 'цена продажи', 'розничная цена'], money: true },
    {
      field: 'oldPrice',
      names: ['old_price', 'старая цена', 'цена до скидки', 'зачёркнутая цена', 'зачеркнутая цена'],
      money: true,
    },
    COUNTRY,
    { field: 'currency', names: ['currency', 'валюта'] },
    { field: 'priceList', names: ['price_list', 'прайс-лист', 'прайс лист', 'прайслист'] },
    { field: 'name', names: NAME_NAMES, informational: true },
  ],
  products: [
    SKU,
    { field: 'name', names: NAME_NAMES },
    { field: 'slug', names: ['slug', 'адрес', 'адрес страницы'] },
    { field: 'category', names: ['category', 'категория', 'раздел'] },
    { field: 'brand', names: ['brand', 'бренд', 'производитель'] },
    { field: 'family', names: ['family', 'семейство', 'линейка'] },
    { field: 'isActive', names: ['is_active', 'показывать', 'на сайте', 'активен', 'видимость'] },
    { field: 'description', names: ['description', 'описание'] },
    { field: 'images', names: ['images', 'фото', 'фотографии', 'изображения', 'картинки'] },
  ],
} as const satisfies Record<ImportKind, readonly ColumnDef[]>;

export type ColumnField<K extends ImportKind> = (typeof TABLE_COLUMNS)[K][number]['field'];

/** The columns each kind cannot do without, and how a person names them in a sentence. */
const REQUIRED: Record<ImportKind, { field: string; says: string; header: string }[]> = {
  stock: [
    { field: 'sku', says: 'артикулом', header: '«артикул» (или sku, код)' },
    { field: 'quantity', says: 'количеством', header: '«количество» (или quantity, остаток)' },
  ],
  prices: [
    { field: 'sku', says: 'артикулом', header: '«артикул» (или sku, код)' },
    { field: 'price', says: 'ценой', header: '«цена» (или price)' },
  ],
  products: [{ field: 'sku', says: 'артикулом', header: '«артикул» (или sku, код)' }],
};

/** A header people can copy for each kind. */
export const HEADER_EXAMPLES: Record<ImportKind, string> = {
  stock: 'артикул;количество',
  prices: 'артикул;цена;старая цена',
  products: 'артикул;наименование;категория',
};

const KIND_WORDS: Record<ImportKind, string> = { stock: 'остатков', prices: 'цен', products: 'товаров' };
const UPLOAD_AS: Record<ImportKind, string> = { stock: 'остатки', prices: 'цены', products: 'товары' };

/** Columns of other kinds that tell what a file is (a price column in a stock upload...). */
const TELLING: Record<ImportKind, string[]> = {
  stock: ['quantity'],
  prices: ['price'],
  products: ['category', 'description'],
};

/** A header cell as compared: lower case, «ё» as «е», single spaces, without a trailing «*» or «:». */
export function normalizeHeader(cell: string): string {
  return cell
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*[*:]+$/, '');
}

const CURRENCY_NAMES: Record<string, CurrencyCode> = {
  kgs: 'KGS',
  '417': 'KGS',
  сом: 'KGS',
  сомы: 'KGS',
  сомах: 'KGS',
  сомов: 'KGS',
  kzt: 'KZT',
  '398': 'KZT',
  тенге: 'KZT',
  тг: 'KZT',
  '₸': 'KZT',
};

/** A currency as accountants name it: `KGS`, `417`, «сом»; `KZT`, `398`, «тенге», «тг», «₸». Null otherwise. */
export function currencyFromName(text: string): CurrencyCode | null {
  const key = text.trim().toLowerCase().replace(/\.$/, '');
  return Object.hasOwn(CURRENCY_NAMES, key) ? CURRENCY_NAMES[key]! : null;
}

const COUNTRY_NAMES: Record<string, CountryCode> = {
  ...Object.fromEntries(COUNTRY_CODES.map((code) => [code, code])),
  ...Object.fromEntries(COUNTRY_CODES.map((code) => [COUNTRIES[code].name.toLowerCase(), code])),
  киргизия: 'kg',
  'кыргызская республика': 'kg',
  kyrgyzstan: 'kg',
  kazakhstan: 'kz',
  'республика казахстан': 'kz',
};

/** A country as written in a cell: its code (`kg`, `KZ`) or its name («Кыргызстан», «Казахстан»); null otherwise. */
export function countryFromName(text: string): CountryCode | null {
  const key = text.trim().toLowerCase().replaceAll('ё', 'е');
  return Object.hasOwn(COUNTRY_NAMES, key) ? COUNTRY_NAMES[key]! : null;
}

// «цена, сом», «цена (kgs)», «цена в тенге», «цена ₸»
const MONEY_HEADER = /^(.+?)\s*(?:,\s*|\(\s*|\s+в\s+|\s+)([^\s,()]+)\s*\)?$/;

/** Where each column is, and what the header said beyond that. */
export interface FoundColumns<F extends string> {
  at: Partial<Record<F, number>>;
  /** Each found column's header as written, for messages and row errors. */
  names: Partial<Record<F, string>>;
  /** The currency a money column's header named. */
  currency: Partial<Record<F, CurrencyCode>>;
  /** Columns of other meaning the caller recognised (a product's specification), by position. */
  extra: Map<number, string>;
  /** Header cells with text that no column takes, as written. */
  unknown: string[];
}

function quoteList(names: readonly string[]): string {
  return names.map((name) => `«${name}»`).join(', ');
}

/**
 * Finds the columns of a kind of file in its header.
 * @param extra recognises a column the kind's list does not have (a specification's name), given the
 *   normalised header; what it answers is kept in `extra`.
 * @throws ImportFileError `no_header` when a column the kind needs is missing (naming the columns found
 *   and, when the header looks like another kind's, which), or a column is there twice.
 */
export function findTableColumns<K extends ImportKind>(
  kind: K,
  header: readonly string[],
  extra?: (normalized: string) => string | null,
): FoundColumns<ColumnField<K>> {
  const normalized = header.map(normalizeHeader);
  const defs: readonly ColumnDef[] = TABLE_COLUMNS[kind];
  const claimed = new Set<number>();
  const found: FoundColumns<ColumnField<K>> = { at: {}, names: {}, currency: {}, extra: new Map(), unknown: [] };
  const twice = (name: string) =>
    new ImportFileError(
      'no_header',
      `Столбец «${name}» встречается в первой строке дважды. Оставьте один и загрузите файл ещё раз.`,
    );
  for (const def of defs) {
    for (const name of def.names) {
      const matches: { at: number; currency: CurrencyCode | null }[] = [];
      normalized.forEach((cell, at) => {
        if (claimed.has(at)) return;
        if (cell === name) matches.push({ at, currency: null });
        else if (def.money) {
          const money = MONEY_HEADER.exec(cell);
          const currency = money && money[1] === name ? currencyFromName(money[2]!) : null;
          if (currency) matches.push({ at, currency });
        }
      });
      if (matches.length === 0) continue;
      if (matches.length > 1) throw twice(header[matches[0]!.at]!.trim());
      const [match] = matches;
      claimed.add(match!.at);
      found.at[def.field as ColumnField<K>] = match!.at;
      found.names[def.field as ColumnField<K>] = header[match!.at]!.trim();
      if (match!.currency) found.currency[def.field as ColumnField<K>] = match!.currency;
      break;
    }
  }
  normalized.forEach((cell, at) => {
    if (claimed.has(at) || cell === '') return;
    const other = extra?.(cell);
    if (other) found.extra.set(at, other);
    else found.unknown.push(header[at]!.trim());
  });
  const missing = REQUIRED[kind].filter((r) => found.at[r.field as ColumnField<K>] === undefined);
  if (missing.length > 0) throw noHeader(kind, header, normalized, missing);
  return found;
}

function noHeader(
  kind: ImportKind,
  header: readonly string[],
  normalized: readonly string[],
  missing: { says: string }[],
): ImportFileError {
  const shown = header.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const other = (Object.keys(TELLING) as ImportKind[]).find(
    (k) =>
      k !== kind &&
      TELLING[k].some((field) =>
        (TABLE_COLUMNS[k] as readonly ColumnDef[])
          .find((def) => def.field === field)!
          .names.some((name) => normalized.some((cell) => cell === name || cell.startsWith(`${name},`))),
      ),
  );
  return new ImportFileError(
    'no_header',
    `В первой строке файла нет столбца с ${missing.map((m) => m.says).join(' и ')}. ` +
      (shown.length > 0 ? `Найдены столбцы: ${quoteList(shown)}. ` : 'Первая строка пустая. ') +
      (other ? `Похоже, это файл ${KIND_WORDS[other]}: загрузите его как ${UPLOAD_AS[other]}. ` : '') +
      `Первая строка должна быть заголовком: ${REQUIRED[kind].map((r) => r.header).join(' и ')}, ` +
      `например «${HEADER_EXAMPLES[kind]}».`,
  );
}

/** The note for the columns a file has that nobody reads. */
export function unknownColumnsNote(unknown: readonly string[], kind: ImportKind): string | null {
  if (unknown.length === 0) return null;
  const hint: Record<ImportKind, string> = {
    stock: 'остатки читаются из столбцов «артикул», «количество», «было» и «страна»',
    prices: 'цены читаются из столбцов «артикул», «цена», «старая цена», «страна», «валюта» и «прайс-лист»',
    products:
      'товары читаются из столбцов «артикул», «наименование», «адрес», «категория», «бренд», «семейство», ' +
      '«показывать», «описание», «фото» и из столбцов с названиями характеристик; цены и остатки загружаются своими файлами',
  };
  return (
    `${unknown.length === 1 ? 'Столбец' : 'Столбцы'} ${quoteList(unknown)} не ` +
    `${unknown.length === 1 ? 'загружен' : 'загружены'}: ${hint[kind]}.`
  );
}
