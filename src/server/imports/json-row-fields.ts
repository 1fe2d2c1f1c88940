/**
 * What the rows of both JSON files share: collecting a row's errors, the SKU key, a row that is no
 * object, and the message for a key the format does not have.
 */
import { hasControlCharacters, isStorableText } from '../../shared/control-characters.ts';
import type { RowError } from './import.types.ts';
import { isJsonObject, writtenValue, type JsonObject, type JsonValue } from './json-values.ts';

/** Collects the errors of one row. */
export class RowErrors {
  readonly list: RowError[] = [];
  private readonly row: number;
  private readonly item: string | null;

  /** `item` names the row's element in the file (`products[41]`). */
  constructor(row: number, item: string | null = null) {
    this.row = row;
    this.item = item;
  }

  add(code: RowError['code'], column: string | null, value: JsonValue | undefined, message: string): void {
    this.list.push({
      row: this.row,
      column,
      value: value === undefined ? null : writtenValue(value),
      code,
      message,
      item: this.item,
    });
  }
}

/** The element of a JSON file's rows list: `products[41]`. */
export function itemOf(rowsKey: string, index: number): string {
  return `${rowsKey}[${index}]`;
}

/** At most this many characters in a SKU. */
export const MAX_SKU_LENGTH = 64;

/** A file's row that is not an object: the problem item for it. */
export function notAnObject(value: JsonValue, row: number, index: number, rowsKey: string) {
  const errors = new RowErrors(row, itemOf(rowsKey, index));
  errors.add(
    'not_an_object',
    null,
    value,
    `Элемент ${index + 1} списка «${rowsKey}» — не объект. Каждая строка пишется как {"sku": "…", …}.`,
  );
  return { kind: 'problem' as const, value: { row, index, errors: errors.list } };
}

/** The row's SKU: a string, trimmed, 1 to {@link MAX_SKU_LENGTH} characters, no control characters. */
export function readSkuKey(object: JsonObject, errors: RowErrors): string | null {
  if (!Object.hasOwn(object, 'sku')) {
    errors.add('field_required', 'sku', undefined, 'Нет артикула: у каждой строки должен быть ключ "sku".');
    return null;
  }
  const value = object.sku!;
  if (typeof value !== 'string') {
    errors.add(
      'field_invalid',
      'sku',
      value,
      'Артикул пишется строкой в кавычках, например "sku": "004512": так сохраняются нули в начале.',
    );
    return null;
  }
  const sku = value.trim();
  if (sku === '') errors.add('field_required', 'sku', value, 'Артикул пустой. Впишите артикул товара.');
  else if (sku.length > MAX_SKU_LENGTH) {
    errors.add('field_invalid', 'sku', value, `Артикул длиннее ${MAX_SKU_LENGTH} символов. Проверьте значение.`);
  } else if (hasControlCharacters(sku)) {
    errors.add(
      'field_invalid',
      'sku',
      value,
      'В артикуле есть управляющие символы (перевод строки, табуляция). Уберите их.',
    );
  } else return sku;
  return null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** A message for a key the format does not have, naming the known ones and a likely typo. */
export function unknownKeyMessage(key: string, known: readonly string[]): string {
  const near = known.find((k) => editDistance(k, key.toLowerCase()) <= 2);
  return (
    `Ключа «${key}» нет в формате${near ? `; возможно, имелся в виду «${near}»` : ''}. ` +
    `Известные ключи: ${known.join(', ')}.`
  );
}

/** The message for a value holding a NUL or a broken UTF-16 character. */
export const UNSTORABLE_MESSAGE =
  'В значении есть символ, который нельзя сохранить (NUL или половина пары UTF-16): файл, вероятно, испорчен. Исправьте значение.';

function storable(value: JsonValue): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(storable);
  if (isJsonObject(value)) return Object.entries(value).every(([key, v]) => isStorableText(key) && storable(v));
  return true;
}

/** Adds a `field_invalid` error for each key of the row whose name or value holds what text cannot store; whether any did. */
export function checkStorable(object: JsonObject, errors: RowErrors): boolean {
  let bad = false;
  for (const [key, value] of Object.entries(object)) {
    if (isStorableText(key) && storable(value)) continue;
    errors.add('field_invalid', isStorableText(key) ? key : null, undefined, UNSTORABLE_MESSAGE);
    bad = true;
  }
  return bad;
}
