/**
 * Whether an upload is a file its route takes, told from its first bytes rather than its name: every
 * route takes a table (an .xlsx workbook or a CSV, whose columns the task reads); the products and
 * prices routes also take their JSON formats, and a JSON file of the other kind is sent to its place.
 */
import type { Token } from 'stream-json/parser.js';
import { ImportFileError, type ImportKind } from './import.types.ts';
import { jsonTokenizer } from './json-values.ts';
import { decodedPrefix, sniffUploadFormat } from './table-format.ts';
import { detectEncoding } from './text-encoding.ts';

export type JsonImportKind = Exclude<ImportKind, 'stock'>;

/** The shape of a JSON import file: `{"format": …, <headerKeys>…, <rowsKey>: [ … ]}`. */
export interface JsonFormat {
  kind: JsonImportKind;
  /** The `format` value. */
  format: string;
  /** The key of the list of rows. */
  rowsKey: string;
  /** The other top-level keys, which come before the rows. */
  headerKeys: readonly string[];
}

export const JSON_FORMATS: Record<JsonImportKind, JsonFormat> = {
  products: { kind: 'products', format: 'products@1', rowsKey: 'products', headerKeys: [] },
  prices: { kind: 'prices', format: 'prices@1', rowsKey: 'prices', headerKeys: ['country', 'currency'] },
};

/** How the back office names each kind of upload, for the messages that send a file to the right one. */
export const UPLOAD_KIND_NAMES: Record<ImportKind, string> = {
  products: 'товары',
  prices: 'цены',
  stock: 'остатки',
};

const KIND_NAMES: Record<ImportKind, string> = {
  products: 'файл товаров',
  prices: 'файл цен',
  stock: 'файл остатков',
};

/** The message for a file of kind `actual` sent where `expected` files go. */
export function wrongRouteMessage(actual: JsonImportKind, expected: ImportKind): string {
  const { format } = JSON_FORMATS[actual];
  return `Это ${KIND_NAMES[actual]} (${format}), а здесь загружаются ${UPLOAD_KIND_NAMES[expected]}. Загрузите его как ${UPLOAD_KIND_NAMES[actual]}.`;
}

/** The JSON import kind whose `format` this is, if any. */
export function kindOfFormat(format: unknown): JsonImportKind | null {
  return Object.values(JSON_FORMATS).find((f) => f.format === format)?.kind ?? null;
}

interface JsonPeek {
  top: 'object' | 'array' | null;
  /** The `format` value when it is a string, or a description; undefined when not seen. */
  format: string | { notAString: true } | undefined;
  topKeys: string[];
  /** Keys of the first row, once it is complete. */
  firstRowKeys: string[] | null;
}

/** What the first tokens of a (maybe cut) JSON text tell; a syntax error ends the look, not the upload. */
function peekJson(text: string): JsonPeek {
  const peek: JsonPeek = { top: null, format: undefined, topKeys: [], firstRowKeys: null };
  // Fed a line at a time, so a syntax error further on keeps what the lines before it told.
  const tokenizer = jsonTokenizer();
  const tokens: Token[] = [];
  for (const line of text.split('\n')) {
    try {
      for (const token of tokenizer.write(`${line}\n`)) tokens.push(token);
    } catch {
      break;
    }
  }
  let depth = 0;
  let lastKey = '';
  let rowsDepth = -1;
  let rowKeys: string[] | null = null;
  for (const token of tokens) {
    if (peek.top === null)
      peek.top = token.name === 'startObject' ? 'object' : token.name === 'startArray' ? 'array' : null;
    if (peek.top === 'array' && rowsDepth === -1) rowsDepth = 1;
    if (depth === 1 && peek.top === 'object') {
      if (token.name === 'keyValue') {
        lastKey = token.value;
        peek.topKeys.push(token.value);
      } else if (lastKey === 'format' && peek.format === undefined) {
        peek.format = token.name === 'stringValue' ? token.value : { notAString: true };
      } else if (token.name === 'startArray' && Object.values(JSON_FORMATS).some((f) => f.rowsKey === lastKey)) {
        rowsDepth = 2;
      }
    }
    if (depth === rowsDepth + 1 && rowKeys !== null && token.name === 'keyValue') rowKeys.push(token.value);
    if (token.name === 'startObject' || token.name === 'startArray') {
      if (depth === rowsDepth && rowKeys === null && peek.firstRowKeys === null) rowKeys = [];
      depth++;
    } else if (token.name === 'endObject' || token.name === 'endArray') {
      depth--;
      if (depth === rowsDepth && rowKeys !== null && peek.firstRowKeys === null) peek.firstRowKeys = rowKeys;
    }
    if (peek.firstRowKeys !== null) break;
  }
  return peek;
}

const PRICE_KEYS = ['price', 'old_price'];
const PRODUCT_ONLY_KEYS = [
  'name',
  'slug',
  'category',
  'brand',
  'family',
  'is_active',
  'description',
  'images',
  'specifications',
];

function jsonOnStockRoute(peek: JsonPeek): string {
  const kind = kindOfFormat(peek.format);
  if (kind) return wrongRouteMessage(kind, 'stock');
  return (
    'Это файл JSON, а остатки загружаются таблицей: книгой Excel (.xlsx) или CSV со столбцами «артикул» и ' +
    '«количество». Товары и цены в JSON загрузите как товары или цены.'
  );
}

/**
 * Checks that the first bytes of an upload (up to 64 kB) are a file the route takes; what a cut prefix
 * cannot tell (a table's columns) is left to the file's reader.
 * @throws ImportFileError `empty` (no bytes or only spaces), `wrong_kind` (JSON to the stock route, the
 *   other JSON format, an .xls, .ods or another zip), `not_the_format` (an unknown `format`, or the rows
 *   before `format`), `encoding` (bytes that are no text); each message names the right kind of upload.
 */
export function checkUploadKind(kind: ImportKind, firstBytes: Uint8Array): void {
  const empty = new ImportFileError('empty', 'Файл пустой. Выберите файл с данными и загрузите его ещё раз.');
  if (firstBytes.length === 0) throw empty;
  const format = sniffUploadFormat(firstBytes);
  if (format === 'xlsx') return;
  const text = decodedPrefix(firstBytes, detectEncoding(firstBytes, kind === 'stock' ? 'csv' : 'json')).trimStart();
  if (text === '') throw empty;
  if (format === 'csv') return;
  if (kind === 'stock') throw new ImportFileError('wrong_kind', jsonOnStockRoute(peekJson(text)));
  const own = JSON_FORMATS[kind];
  const peek = peekJson(text);
  const other = kind === 'products' ? 'prices' : 'products';
  const wrongRoute = () => new ImportFileError('wrong_kind', wrongRouteMessage(other, kind));
  if (peek.top === 'object') {
    if (typeof peek.format === 'string') {
      if (peek.format === own.format) return;
      if (kindOfFormat(peek.format) === other) throw wrongRoute();
      throw new ImportFileError(
        'not_the_format',
        `Формат «${peek.format}» неизвестен: здесь загружается "format": "${own.format}" или таблица.`,
      );
    }
    if (peek.format !== undefined) {
      throw new ImportFileError('not_the_format', `"format" должен быть строкой "${own.format}".`);
    }
    if (peek.topKeys.includes(JSON_FORMATS[other].rowsKey)) throw wrongRoute();
    if (peek.topKeys.includes(own.rowsKey)) {
      throw new ImportFileError(
        'not_the_format',
        `Нет ключа "format" до списка "${own.rowsKey}": начните файл с {"format": "${own.format}", …}.`,
      );
    }
    return;
  }
  const keys = peek.firstRowKeys;
  if (peek.top !== 'array' || keys === null) return;
  const prices = keys.some((k) => PRICE_KEYS.includes(k));
  const products = keys.some((k) => PRODUCT_ONLY_KEYS.includes(k));
  if ((kind === 'products' && prices && !products) || (kind === 'prices' && products && !prices)) throw wrongRoute();
}
