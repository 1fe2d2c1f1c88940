/**
 * The products file: `{"format": "products@1", "products": [ … ]}` or a bare array, one object per
 * product keyed by `sku`. A key that is absent leaves its field as it is; `null` clears a field that
 * may be empty. Whether a category, brand or specification exists is the import's to check.
 */
import { hasControlCharacters } from '../../shared/control-characters.ts';
import { JSON_FORMATS } from './file-kind.ts';
import type { RowItem, ProductRow } from './import.types.ts';
import { checkStorable, itemOf, notAnObject, readSkuKey, RowErrors, unknownKeyMessage } from './json-row-fields.ts';
import { readJsonRows, type JsonRowsOptions } from './json-rows.ts';
import { isJsonObject, JsonNumber, type JsonObject, type JsonValue } from './json-values.ts';

export const PRODUCT_KEYS = [
  'sku',
  'name',
  'slug',
  'category',
  'brand',
  'family',
  'is_active',
  'description',
  'images',
  'specifications',
] as const;

export const PRODUCT_LIMITS = {
  name: 300,
  slug: 200,
  brand: 200,
  family: 200,
  /** Bytes of UTF-8. */
  description: 100 * 1024,
  images: 20,
  imageUrl: 2000,
  specificationValue: 200,
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const WHITESPACE = /\s/;

// Keys of the other files: a products file carries no prices or stock (one file, one concern).
const OTHER_FILE_KEYS: Record<string, string> = {
  price: 'Цены загружаются своим файлом: загрузите его как цены.',
  old_price: 'Цены загружаются своим файлом: загрузите его как цены.',
  prices: 'Цены загружаются своим файлом: загрузите его как цены.',
  quantity: 'Остатки загружаются своим файлом, таблицей с артикулом и количеством.',
  stock: 'Остатки загружаются своим файлом, таблицей с артикулом и количеством.',
};

type Field = (typeof PRODUCT_KEYS)[number];

class ProductReader {
  readonly errors: RowErrors;
  private readonly object: JsonObject;

  constructor(object: JsonObject, errors: RowErrors) {
    this.object = object;
    this.errors = errors;
  }

  private invalid(key: string, value: JsonValue, message: string): undefined {
    this.errors.add('field_invalid', key, value, message);
    return undefined;
  }

  has(key: Field): boolean {
    return Object.hasOwn(this.object, key);
  }

  /** A one-line text: trimmed, not empty, at most `max` characters, no control characters; undefined when it is not. */
  line(key: Field, what: string, max: number, nullable: boolean): string | null | undefined {
    const value = this.object[key]!;
    if (value === null) {
      return nullable
        ? null
        : this.invalid(key, value, `${what} нельзя очистить: уберите ключ "${key}", чтобы оставить как есть.`);
    }
    if (typeof value !== 'string') return this.invalid(key, value, `${what} пишется строкой в кавычках.`);
    const text = value.trim();
    if (text === '') {
      return this.invalid(
        key,
        value,
        `${what} пустое.${nullable ? ` Чтобы убрать значение, укажите "${key}": null.` : ''}`,
      );
    }
    if (text.length > max) return this.invalid(key, value, `${what} длиннее ${max} символов.`);
    if (hasControlCharacters(text)) {
      return this.invalid(
        key,
        value,
        `В поле «${key}» есть управляющие символы (перевод строки, табуляция). Уберите их.`,
      );
    }
    return text;
  }

  slug(key: 'slug' | 'category', what: string): string | undefined {
    const value = this.object[key]!;
    if (typeof value !== 'string' || !SLUG.test(value) || value.length > PRODUCT_LIMITS.slug) {
      return this.invalid(
        key,
        value,
        `${what} — строка из строчных латинских букв, цифр и дефисов, например "kompozity"` +
          (value === null ? `; чтобы оставить как есть, уберите ключ "${key}".` : '.'),
      );
    }
    return value;
  }

  isActive(): boolean | undefined {
    const value = this.object.is_active!;
    if (typeof value === 'boolean') return value;
    return this.invalid('is_active', value, '«is_active» — true (продаётся) или false (скрыт), без кавычек.');
  }

  description(): string | undefined {
    const value = this.object.description!;
    if (value === null) return '';
    if (typeof value !== 'string')
      return this.invalid('description', value, 'Описание пишется строкой (HTML) в кавычках.');
    if (Buffer.byteLength(value) > PRODUCT_LIMITS.description) {
      return this.invalid('description', value, 'Описание больше 100 КБ. Сократите его.');
    }
    return value;
  }

  images(): string[] | undefined {
    const value = this.object.images!;
    if (value === null) return [];
    const rule =
      'Картинки — список адресов: полных (https://…) или путей на сайте (/images/…), не больше 20, например ["https://example.com/a.jpg"].';
    if (!Array.isArray(value) || value.length > PRODUCT_LIMITS.images) return this.invalid('images', value, rule);
    const images: string[] = [];
    for (const item of value) {
      const url = typeof item === 'string' ? item.trim() : null;
      if (url === null || !isImageAddress(url)) {
        return this.invalid(
          'images',
          item,
          `Адрес картинки ${typeof item === 'string' ? `«${item}» ` : ''}не подходит. ${rule}`,
        );
      }
      images.push(url);
    }
    return images;
  }

  specifications(): Record<string, string[]> | undefined {
    const value = this.object.specifications!;
    if (value === null) return {};
    if (!isJsonObject(value)) {
      return this.invalid(
        'specifications',
        value,
        'Характеристики — объект {"slug": значение или [значения]}, например {"obem": 4, "ottenok-vita": ["A2", "A3"]}.',
      );
    }
    const entries: [string, string[]][] = [];
    let ok = true;
    for (const [slug, raw] of Object.entries(value)) {
      const key = `specifications.${slug}`;
      if (!SLUG.test(slug)) {
        this.invalid(key, slug, `«${slug}» — не slug характеристики: строчные латинские буквы, цифры и дефисы.`);
        ok = false;
        continue;
      }
      const values = raw === null ? [] : Array.isArray(raw) ? raw : [raw];
      const texts: string[] = [];
      for (const item of values) {
        const text = typeof item === 'string' ? item.trim() : item instanceof JsonNumber ? item.text : null;
        if (
          text === null ||
          text === '' ||
          text.length > PRODUCT_LIMITS.specificationValue ||
          hasControlCharacters(text)
        ) {
          this.invalid(
            key,
            item,
            'Значение характеристики — непустая строка или число (до 200 символов), или список таких; null убирает значения.',
          );
          ok = false;
          continue;
        }
        if (!texts.includes(text)) texts.push(text);
      }
      entries.push([slug, texts]);
    }
    return ok ? Object.fromEntries(entries) : undefined;
  }
}

export function isImageAddress(url: string): boolean {
  if (url === '' || url.length > PRODUCT_LIMITS.imageUrl || WHITESPACE.test(url) || hasControlCharacters(url))
    return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return (protocol === 'https:' || protocol === 'http:') && hostname !== '';
}

/**
 * One element of the `products` list checked for type and form. `row` is the line its object starts
 * on, `index` its position in the list. An absent key leaves its field out of the row. `null` clears:
 * `brand` and `family` become null, `description` '', `images` [], `specifications` {} and a single
 * specification []; for `sku`, `name`, `slug`, `category` and `is_active` it is `field_invalid`.
 * Strings are trimmed (not the description); specification numbers become their text as written.
 */
export function readProductRow(value: JsonValue, row: number, index: number): RowItem<ProductRow> {
  if (!isJsonObject(value)) return notAnObject(value, row, index, 'products');
  const errors = new RowErrors(row, itemOf('products', index));
  if (checkStorable(value, errors)) return { kind: 'problem', value: { row, index, errors: errors.list } };
  for (const key of Object.keys(value)) {
    if ((PRODUCT_KEYS as readonly string[]).includes(key)) continue;
    const elsewhere = OTHER_FILE_KEYS[key];
    const message = elsewhere
      ? `В файле товаров нет цен и остатков: уберите ключ «${key}». ${elsewhere}`
      : unknownKeyMessage(key, PRODUCT_KEYS);
    errors.add('unknown_field', key, value[key], message);
  }
  const sku = readSkuKey(value, errors);
  const reader = new ProductReader(value, errors);
  const product: ProductRow = { row, index, item: itemOf('products', index), sku: sku ?? '' };
  if (reader.has('name')) product.name = reader.line('name', 'Название', PRODUCT_LIMITS.name, false) ?? undefined;
  if (reader.has('slug')) product.slug = reader.slug('slug', 'Slug товара');
  if (reader.has('category')) product.category = reader.slug('category', 'Категория (её slug)');
  if (reader.has('brand')) product.brand = reader.line('brand', 'Бренд', PRODUCT_LIMITS.brand, true);
  if (reader.has('family')) product.family = reader.line('family', 'Семейство', PRODUCT_LIMITS.family, true);
  if (reader.has('is_active')) product.isActive = reader.isActive();
  if (reader.has('description')) product.description = reader.description();
  if (reader.has('images')) product.images = reader.images();
  if (reader.has('specifications')) product.specifications = reader.specifications();
  if (errors.list.length > 0)
    return { kind: 'problem', value: { row, index, errors: errors.list, ...(sku ? { sku } : {}) } };
  return { kind: 'row', value: product };
}

/**
 * Reads a products file as a stream: each row checked ({@link readProductRow}), in file order.
 * @throws ImportFileError as {@link readJsonRows} does.
 */
export async function* readProductsFile(
  chunks: AsyncIterable<Uint8Array>,
  options: JsonRowsOptions = {},
): AsyncGenerator<RowItem<ProductRow>> {
  for await (const event of readJsonRows(chunks, JSON_FORMATS.products, options)) {
    if (event.kind === 'row') yield readProductRow(event.value, event.row, event.index);
  }
}
