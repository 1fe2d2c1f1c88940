/**
 * The prices file: `{"format": "prices@1", "country": "kg", "currency": "KGS", "prices": [{"sku",
 * "price", "old_price"}]}`, or a bare array whose rows each name their country. The currency is the
 * check that the file was made for its country.
 */
import { COUNTRIES, COUNTRY_CODES, isCountryCode, type CountryCode } from '../../shared/countries.ts';
import { JSON_FORMATS } from './file-kind.ts';
import { ImportFileError, type RowItem, type PriceRow, type PricesFileHeader } from './import.types.ts';
import { checkStorable, itemOf, notAnObject, readSkuKey, RowErrors, unknownKeyMessage } from './json-row-fields.ts';
import { readJsonRows, type JsonRowsOptions } from './json-rows.ts';
import { isJsonObject, JsonNumber, writtenValue, type JsonValue } from './json-values.ts';

/**
 * Keys of a price row. `country` and `currency` replace the file's for that row; the currency (the row's
 * or the file's) has to be the row's country's.
 */
export const PRICE_KEYS = ['sku', 'price', 'old_price', 'country', 'currency'] as const;

/** Digits before the decimal point a price may have (the columns are numeric(14, 2)). */
export const MAX_PRICE_DIGITS = 12;

const JSON_PRICE = /^(\d+)(?:\.(\d{1,2}))?$/;
// A price as people type it: «1250», «1250.5», «1 250,50» (spaces or NBSP between thousands).
const TYPED_PRICE = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;
const GROUP_SEPARATORS = /[ \u00a0\u202f]/g;

const OTHER_FILE_KEYS: Record<string, string> = {
  quantity: 'Остатки загружаются своим файлом, таблицей с артикулом и количеством.',
  stock: 'Остатки загружаются своим файлом, таблицей с артикулом и количеством.',
};

/**
 * A price as a decimal string with 2 places ("1250.50"), or null when it is not a price: a number
 * > 0 with at most 2 decimals and at most {@link MAX_PRICE_DIGITS} digits before them. A JSON number
 * as written (`1250.5`); a string may also use a decimal comma and spaces between thousands
 * («1 250,50»). Three decimals are refused, not rounded: «1,250» may mean 1250.
 */
export function normalizePrice(value: JsonValue | number): string | null {
  let match: RegExpExecArray | null = null;
  if (typeof value === 'number') match = JSON_PRICE.exec(String(value));
  else if (value instanceof JsonNumber) match = JSON_PRICE.exec(value.text);
  else if (typeof value === 'string') match = TYPED_PRICE.exec(value.trim());
  if (!match) return null;
  const whole = match[1]!.replace(GROUP_SEPARATORS, '').replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  if (whole.length > MAX_PRICE_DIGITS || (/^0+$/.test(whole) && cents === '00')) return null;
  return `${whole}.${cents}`;
}

function cents(price: string): number {
  return Number(price.replace('.', ''));
}

function countryList(): string {
  return COUNTRY_CODES.map((code) => `${code} (${COUNTRIES[code].name})`).join(', ');
}

const PRICE_RULE =
  'нужна сумма больше 0, не больше двух знаков после запятой, без валюты, например 1250 или "1 250,50"';

/** The header of a prices file from its top-level keys (null for a bare array). */
export function readPricesHeader(fields: Map<string, JsonValue> | null): PricesFileHeader {
  if (fields === null) return { country: null, currency: null };
  const notTheFormat = (what: string) => new ImportFileError('not_the_format', `Файл не в формате prices@1: ${what}.`);
  const country = fields.get('country') ?? null;
  if (country !== null && !isCountryCode(country)) {
    throw notTheFormat(`"country" — код страны, где работает магазин: ${countryList()}`);
  }
  const currency = fields.get('currency');
  if (typeof currency !== 'string') {
    throw notTheFormat(
      `нет "currency" — валюты цен в файле (${COUNTRY_CODES.map((c) => COUNTRIES[c].currency).join(' или ')}); ` +
        'по ней видно, что файл сделан для своей страны',
    );
  }
  if (country !== null && COUNTRIES[country].currency !== currency) {
    throw new ImportFileError(
      'country_mismatch',
      `В файле страна ${country} (${COUNTRIES[country].name}), а валюта цен ${currency}; цены для этой страны ` +
        `пишутся в ${COUNTRIES[country].currency}. Проверьте, что файл сделан для этой страны, и исправьте "country" или "currency".`,
    );
  }
  if (country === null && !COUNTRY_CODES.some((c) => COUNTRIES[c].currency === currency)) {
    throw notTheFormat(`валюты «${currency}» нет ни у одной страны магазина: ${countryList()}`);
  }
  return { country, currency };
}

/**
 * One element of the `prices` list checked, with the file's header for the country and currency a
 * row does not give itself. `row` is the line its object starts on, `index` its position in the list.
 */
export function readPriceRow(
  value: JsonValue,
  row: number,
  index: number,
  header: PricesFileHeader,
): RowItem<PriceRow> {
  if (!isJsonObject(value)) return notAnObject(value, row, index, 'prices');
  const errors = new RowErrors(row, itemOf('prices', index));
  if (checkStorable(value, errors)) return { kind: 'problem', value: { row, index, errors: errors.list } };
  for (const key of Object.keys(value)) {
    if ((PRICE_KEYS as readonly string[]).includes(key)) continue;
    const elsewhere = OTHER_FILE_KEYS[key];
    errors.add(
      'unknown_field',
      key,
      value[key],
      elsewhere ? `В файле цен нет остатков: уберите ключ «${key}». ${elsewhere}` : unknownKeyMessage(key, PRICE_KEYS),
    );
  }
  const sku = readSkuKey(value, errors);

  let country: CountryCode | null = header.country;
  if (Object.hasOwn(value, 'country')) {
    const own = value.country!;
    country = isCountryCode(own) ? own : null;
    if (country === null) {
      errors.add(
        'country_invalid',
        'country',
        own,
        `Магазин не работает в стране «${typeof own === 'string' ? own : '…'}». Страны: ${countryList()}.`,
      );
    }
  } else if (country === null) {
    errors.add(
      'field_required',
      'country',
      undefined,
      `Не указана страна: добавьте "country" (${COUNTRY_CODES.join(', ')}) в строку или в начало файла.`,
    );
  }
  if (country !== null) {
    const expected = COUNTRIES[country].currency;
    const own = Object.hasOwn(value, 'currency');
    const currency = own ? value.currency! : header.currency;
    if (currency !== null && currency !== expected) {
      errors.add(
        'currency_mismatch',
        own ? 'currency' : 'country',
        own ? currency : country,
        `Цены для страны ${country} (${COUNTRIES[country].name}) пишутся в ${expected}, а в ${own ? 'строке' : 'файле'} ` +
          `валюта ${typeof currency === 'string' ? currency : '…'}. Проверьте страну строки и валюту.`,
      );
    }
  }

  let price: string | null = null;
  if (!Object.hasOwn(value, 'price')) {
    errors.add('field_required', 'price', undefined, 'Нет цены: добавьте ключ "price".');
  } else {
    price = normalizePrice(value.price!);
    if (price === null) {
      errors.add(
        'price_invalid',
        'price',
        value.price,
        `Цена «${writtenValue(value.price!)}» не подходит: ${PRICE_RULE}.`,
      );
    }
  }

  let oldPrice: string | null | undefined;
  if (Object.hasOwn(value, 'old_price')) {
    const raw = value.old_price!;
    oldPrice = raw === null ? null : normalizePrice(raw);
    if (raw !== null && oldPrice === null) {
      errors.add(
        'old_price_invalid',
        'old_price',
        raw,
        `Старая цена «${writtenValue(raw)}» не подходит: ${PRICE_RULE}; null — без старой цены.`,
      );
    } else if (oldPrice && price && cents(oldPrice) <= cents(price)) {
      errors.add(
        'old_price_invalid',
        'old_price',
        raw,
        `Старая цена ${oldPrice} не больше цены ${price}. Старая цена — зачёркнутая цена до скидки, она выше цены; ` +
          'чтобы убрать её, укажите "old_price": null.',
      );
    }
  }

  if (errors.list.length > 0 || sku === null || country === null || price === null) {
    return {
      kind: 'problem',
      value: { row, index, errors: errors.list, ...(sku ? { sku } : {}), ...(country ? { country } : {}) },
    };
  }
  const result: PriceRow = { row, index, item: itemOf('prices', index), sku, country, price };
  if (oldPrice !== undefined) result.oldPrice = oldPrice;
  return { kind: 'row', value: result };
}

export interface PricesFile {
  /** Settles once the rows begin; rejects with the same `ImportFileError` reading `items` throws. */
  header: Promise<PricesFileHeader>;
  /**
   * The rows in file order. Reading it throws `ImportFileError` as {@link readJsonRows} does. Iterate
   * it to the end or break out of the loop: that releases `chunks`.
   */
  items: AsyncIterable<RowItem<PriceRow>>;
}

/**
 * Reads a prices file as a stream. Starts reading at once, so `header` settles without `items` read.
 * Rows without a country of their own take the file's, else the upload's `country`.
 * @throws (through `header` and `items`) ImportFileError as {@link readJsonRows}, and
 *   `country_mismatch` for a file whose currency is not its country's, or whose country is not the upload's.
 */
export function readPricesFile(
  chunks: AsyncIterable<Uint8Array>,
  options: JsonRowsOptions & { country?: CountryCode | null } = {},
): PricesFile {
  const events = readJsonRows(chunks, JSON_FORMATS.prices, options);
  const header = events.next().then(async (first) => {
    try {
      // readJsonRows gives the header first, or throws.
      const read = readPricesHeader(!first.done && first.value.kind === 'header' ? first.value.fields : null);
      const upload = options.country ?? null;
      if (upload && read.country && read.country !== upload) {
        throw new ImportFileError(
          'country_mismatch',
          `В файле цены для страны ${COUNTRIES[read.country].name} ("country": "${read.country}"), а загружаются цены ` +
            `для страны ${COUNTRIES[upload].name}. Выберите при загрузке страну файла.`,
        );
      }
      return { ...read, country: read.country ?? upload };
    } catch (error) {
      await events.return(undefined);
      throw error;
    }
  });
  // The same failure reaches whoever reads `items`; `header` alone may go unread.
  header.catch(() => {});
  async function* items(): AsyncGenerator<RowItem<PriceRow>> {
    const known = await header;
    for await (const event of events) {
      if (event.kind === 'row') yield readPriceRow(event.value, event.row, event.index, known);
    }
  }
  return { header, items: items() };
}
