/**
 * A price list as a table (an .xlsx workbook or a CSV in any encoding the shop reads): a row per
 * product with its price and, when the column is there, its old price. The country comes from a
 * «страна» column or from the upload; a money column may name its currency («Цена, сом»).
 */
import { COUNTRIES, DEFAULT_COUNTRY, type CountryCode, type CurrencyCode } from '../../shared/countries.ts';
import { ImportFileError, type PriceRow, type RowError, type RowItem } from './import.types.ts';
import { MAX_PRICE_DIGITS, normalizePrice } from './prices-file.ts';
import { cellSku, cellString, isEmptyCell, numberPrice, UNSTORABLE_MESSAGE, unstorableCell } from './table-cells.ts';
import {
  countryFromName,
  currencyFromName,
  findTableColumns,
  HEADER_EXAMPLES,
  type ColumnField,
} from './table-columns.ts';
import { readTableFile, type TableCell, type TableFacts, type TableReadOptions } from './table-file.ts';

export interface PricesTableOptions extends TableReadOptions {
  /** The upload's country: rows without a «страна» cell take it; a row naming another is an error. */
  country?: CountryCode | null;
}

export interface PricesTableFacts extends TableFacts {
  unknownColumns: string[];
  /** Each read column's header as written. */
  columns: Partial<Record<ColumnField<'prices'>, string>>;
}

const PRICE_RULE = 'нужна сумма больше 0, не больше двух знаков после запятой, без валюты, например 1250 или 1 250,50';

/** A price from a cell: a workbook's number, or text as people type it («3 150,00»). */
export function cellPrice(cell: TableCell): string | null {
  if (typeof cell === 'number') return numberPrice(cell, MAX_PRICE_DIGITS);
  return typeof cell === 'string' ? normalizePrice(cellString(cell)) : null;
}

function currencyWord(currency: CurrencyCode): string {
  return currency === 'KGS' ? 'сомах (KGS)' : 'тенге (KZT)';
}

function rowReader(facts: TableFacts, options: PricesTableOptions) {
  const header = facts.header;
  const found = findTableColumns('prices', header);
  const at = found.at;
  // A file of contract prices (`sku;price;price_list`) takes its country from each row's price list.
  if (at.country === undefined && !options.country && at.priceList === undefined) {
    throw new ImportFileError(
      'no_country',
      'Непонятно, для какой страны цены: в файле нет столбца «страна». Выберите страну при загрузке ' +
        'или добавьте столбец «страна» (KG или KZ).',
    );
  }
  const name = (column: number) => header[column]?.trim() || `столбец ${column + 1}`;
  const read = (line: number, index: number, cells: TableCell[]): RowItem<PriceRow> => {
    const errors: RowError[] = [];
    const fail = (column: number | undefined, value: string | null, code: RowError['code'], message: string) =>
      errors.push({ row: line, column: column === undefined ? null : name(column), value, code, message });

    const bad = unstorableCell(cells);
    if (bad !== -1) {
      fail(bad, null, 'field_invalid', UNSTORABLE_MESSAGE);
      return { kind: 'problem', value: { row: line, index, errors } };
    }
    const skuCell = cells[at.sku!];
    const sku = cellSku(skuCell);
    if (typeof sku !== 'string') fail(at.sku, cellString(skuCell), sku.code, sku.message);

    let country: CountryCode | null = options.country ?? null;
    const countryCell = at.country === undefined ? undefined : cells[at.country];
    if (!isEmptyCell(countryCell)) {
      const text = cellString(countryCell);
      const named = countryFromName(text);
      if (named === null) {
        country = null;
        fail(
          at.country,
          text,
          'country_invalid',
          `Страна «${text}» неизвестна: магазин работает в Кыргызстане (KG) и Казахстане (KZ).`,
        );
      } else if (options.country && named !== options.country) {
        country = null;
        fail(
          at.country,
          text,
          'country_invalid',
          `В строке страна ${COUNTRIES[named].name}, а цены загружаются для страны ${COUNTRIES[options.country].name}. ` +
            'Загрузите файл для своей страны или исправьте столбец «страна».',
        );
      } else country = named;
    }
    const listCell = at.priceList === undefined ? undefined : cells[at.priceList];
    const priceList = isEmptyCell(listCell) ? undefined : cellString(listCell);
    const countryStated = country !== null;
    // A price list's row without a country is in the list's country (checked against the list when imported).
    if (country === null && priceList !== undefined && isEmptyCell(countryCell) && !options.country)
      country = DEFAULT_COUNTRY;
    else if (country === null && isEmptyCell(countryCell))
      fail(at.country, '', 'field_required', 'Не указана страна: впишите KG или KZ в столбец «страна».');

    // A price list's currency is checked against the list when the rows are imported.
    if (country !== null && (countryStated || priceList === undefined)) {
      const expected = COUNTRIES[country].currency;
      const currencyCell = at.currency === undefined ? undefined : cells[at.currency];
      if (!isEmptyCell(currencyCell)) {
        const text = cellString(currencyCell);
        const currency = currencyFromName(text);
        if (currency !== expected) {
          fail(
            at.currency,
            text,
            'currency_mismatch',
            `Цены для страны ${COUNTRIES[country].name} пишутся в ${currencyWord(expected)}, а в строке валюта «${text}».`,
          );
        }
      }
      for (const field of ['price', 'oldPrice'] as const) {
        const named = found.currency[field];
        if (named && named !== expected) {
          fail(
            at[field],
            null,
            'currency_mismatch',
            `Столбец «${name(at[field]!)}» в ${currencyWord(named)}, а цены для страны ${COUNTRIES[country].name} ` +
              `пишутся в ${currencyWord(expected)}. Проверьте, что файл для этой страны.`,
          );
        }
      }
    }

    const priceCell = cells[at.price!];
    let price: string | null = null;
    if (!isEmptyCell(priceCell)) {
      price = cellPrice(priceCell!);
      if (price === null)
        fail(
          at.price,
          cellString(priceCell),
          'price_invalid',
          `Цена «${cellString(priceCell)}» не подходит: ${PRICE_RULE}.`,
        );
    }

    let oldPrice: string | null | undefined;
    if (at.oldPrice !== undefined) {
      const oldCell = cells[at.oldPrice];
      oldPrice = isEmptyCell(oldCell) ? null : cellPrice(oldCell!);
      if (!isEmptyCell(oldCell) && oldPrice === null) {
        fail(
          at.oldPrice,
          cellString(oldCell),
          'old_price_invalid',
          `Старая цена «${cellString(oldCell)}» не подходит: ${PRICE_RULE}; пустая ячейка — без старой цены.`,
        );
      } else if (oldPrice && price && Number(oldPrice) <= Number(price)) {
        fail(
          at.oldPrice,
          cellString(oldCell),
          'old_price_invalid',
          `Старая цена ${cellString(oldCell)} не больше цены ${cellString(priceCell)}. Старая цена — зачёркнутая цена до скидки, ` +
            'она выше цены; чтобы убрать её, очистите ячейку.',
        );
      } else if (oldPrice && price === null && isEmptyCell(priceCell)) {
        fail(at.price, '', 'field_required', 'Указана старая цена, но нет цены. Впишите цену.');
      }
    }

    const skuText = typeof sku === 'string' ? sku : undefined;
    if (errors.length > 0 || skuText === undefined || country === null) {
      return {
        kind: 'problem',
        value: { row: line, index, errors, ...(skuText ? { sku: skuText } : {}), ...(country ? { country } : {}) },
      };
    }
    const row: PriceRow = { row: line, index, sku: skuText, country, price };
    if (oldPrice !== undefined) row.oldPrice = oldPrice;
    if (priceList !== undefined) Object.assign(row, { priceList, countryStated });
    return { kind: 'row', value: row };
  };
  return { read, unknown: found.unknown, columns: found.names };
}

/**
 * Reads a price list table as a stream of rows. Starts reading at once.
 * @throws (through `facts` and `items`) ImportFileError as readTableFile does, `no_header` without the
 *   SKU or price column, `no_country` without a country column or an upload's country.
 */
export function readPricesTable(
  chunks: AsyncIterable<Uint8Array>,
  options: PricesTableOptions = {},
): { facts: Promise<PricesTableFacts>; items: AsyncIterable<RowItem<PriceRow>> } {
  const table = readTableFile(chunks, { headerExample: HEADER_EXAMPLES.prices, ...options });
  const opened = table.facts.then((facts) => ({ facts, ...rowReader(facts, options) }));
  const facts = opened.then(({ facts, unknown, columns }) =>
    Object.assign(facts, { unknownColumns: unknown, columns }),
  );
  facts.catch(() => {});
  async function* items(): AsyncGenerator<RowItem<PriceRow>> {
    const { read } = await opened;
    let index = 0;
    for await (const record of table.records) yield read(record.line, index++, record.cells);
  }
  return { facts, items: items() };
}
