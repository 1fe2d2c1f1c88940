/**
 * The products file as a table (an .xlsx workbook or a CSV): a row per product keyed by its SKU, a
 * column per field and one per specification, headed by the specification's name. An empty cell
 * leaves its field as it is; «-» clears a field that may be empty (brand, family, description,
 * photos, a specification). A category is named as it is called or by its slug.
 */
import { hasControlCharacters } from '../../shared/control-characters.ts';
import type { ProductRow, RowError, RowItem } from './import.types.ts';
import { isImageAddress, PRODUCT_LIMITS } from './products-file.ts';
import { cellSku, cellString, isEmptyCell, UNSTORABLE_MESSAGE, unstorableCell } from './table-cells.ts';
import { findTableColumns, HEADER_EXAMPLES, type ColumnField, normalizeHeader } from './table-columns.ts';
import { readTableFile, type TableCell, type TableFacts, type TableReadOptions } from './table-file.ts';

/** A specification as its column is headed: by name («Объём»), name and unit («Объём, мл») or slug. */
export interface SpecificationColumn {
  slug: string;
  name: string;
  unit: string | null;
}

export interface ProductsTableOptions extends TableReadOptions {
  specifications: readonly SpecificationColumn[];
}

export interface ProductsTableFacts extends TableFacts {
  unknownColumns: string[];
  /** Each read column's header as written. */
  columns: Partial<Record<ColumnField<'products'>, string>>;
  /** The header of each specification's column, by the specification's slug. */
  specificationColumns: Record<string, string>;
}

/** What a cell says to clear a field. */
export const CLEAR_MARKS = ['-', '—', '–'];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const YES = new Set(['да', 'yes', 'true', '1', 'показывать', 'показан', 'виден', 'вкл', 'истина', '+']);
const NO = new Set(['нет', 'no', 'false', '0', 'скрыть', 'скрыт', 'скрыто', 'выкл', 'ложь']);

/** The header a specification's column carries in the shop's own export. */
export function specificationHeader(spec: SpecificationColumn): string {
  return spec.unit ? `${spec.name}, ${spec.unit}` : spec.name;
}

function specificationMatcher(specs: readonly SpecificationColumn[]): (normalized: string) => string | null {
  const byHeader = new Map<string, string>();
  for (const spec of specs) {
    for (const header of [
      spec.slug,
      spec.name,
      specificationHeader(spec),
      spec.unit ? `${spec.name} (${spec.unit})` : '',
    ]) {
      const key = normalizeHeader(header);
      if (key !== '' && !byHeader.has(key)) byHeader.set(key, spec.slug);
    }
  }
  return (normalized) => byHeader.get(normalized) ?? null;
}

/** Values of a specification cell: separated by «;» or line breaks. */
function specificationValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[;\n\r]+/)
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    ),
  ];
}

function rowReader(facts: TableFacts, options: ProductsTableOptions) {
  const header = facts.header;
  const found = findTableColumns('products', header, specificationMatcher(options.specifications));
  const at = found.at;
  const name = (column: number) => header[column]?.trim() || `столбец ${column + 1}`;
  const read = (line: number, index: number, cells: TableCell[]): RowItem<ProductRow> => {
    const errors: RowError[] = [];
    const fail = (column: number, value: string | null, code: RowError['code'], message: string) => {
      errors.push({ row: line, column: name(column), value, code, message });
      return undefined;
    };
    const text = (column: number | undefined) => (column === undefined ? '' : cellString(cells[column]));
    const given = (column: number | undefined): column is number => column !== undefined && !isEmptyCell(cells[column]);
    const clears = (column: number) => CLEAR_MARKS.includes(text(column));

    const bad = unstorableCell(cells);
    if (bad !== -1) {
      fail(bad, null, 'field_invalid', UNSTORABLE_MESSAGE);
      return { kind: 'problem', value: { row: line, index, errors } };
    }
    const skuCell = cells[at.sku!];
    const sku = cellSku(skuCell);
    if (typeof sku !== 'string') fail(at.sku!, cellString(skuCell), sku.code, sku.message);
    const product: ProductRow = { row: line, index, sku: typeof sku === 'string' ? sku : '' };

    /** A one-line text that may not be cleared: trimmed, at most `max` characters. */
    const line1 = (column: number, what: string, max: number, clearable: boolean): string | null | undefined => {
      if (clears(column)) {
        return clearable
          ? null
          : fail(
              column,
              text(column),
              'field_invalid',
              `${what} нельзя очистить: оставьте ячейку пустой, чтобы не менять.`,
            );
      }
      const value = text(column);
      if (value.length > max) return fail(column, value, 'field_invalid', `${what} длиннее ${max} символов.`);
      if (hasControlCharacters(value))
        return fail(
          column,
          value,
          'field_invalid',
          `В ячейке «${name(column)}» есть перевод строки или табуляция. Уберите их.`,
        );
      return value;
    };

    if (given(at.name)) {
      const value = line1(at.name, 'Наименование', PRODUCT_LIMITS.name, false);
      if (value) product.name = value;
    }
    if (given(at.slug)) {
      const value = text(at.slug);
      if (!SLUG.test(value) || value.length > PRODUCT_LIMITS.slug)
        fail(
          at.slug,
          value,
          'field_invalid',
          'Адрес (slug) — строчные латинские буквы, цифры и дефисы, например «filtek-z550-a2».',
        );
      else product.slug = value;
    }
    if (given(at.category)) {
      const value = line1(at.category, 'Категорию', PRODUCT_LIMITS.slug, false);
      if (value) product.category = value;
    }
    if (given(at.brand)) {
      const value = line1(at.brand, 'Бренд', PRODUCT_LIMITS.brand, true);
      if (value !== undefined) product.brand = value;
    }
    if (given(at.family)) {
      const value = line1(at.family, 'Семейство', PRODUCT_LIMITS.family, true);
      if (value !== undefined) product.family = value;
    }
    if (given(at.isActive)) {
      const cell = cells[at.isActive]!;
      const value = typeof cell === 'boolean' ? cell : text(at.isActive).toLowerCase();
      if (typeof value === 'boolean') product.isActive = value;
      else if (YES.has(value)) product.isActive = true;
      else if (NO.has(value)) product.isActive = false;
      else
        fail(
          at.isActive,
          text(at.isActive),
          'field_invalid',
          '«Показывать» — «да» (товар на сайте) или «нет» (скрыт).',
        );
    }
    if (given(at.description)) {
      // Not trimmed: the description is kept as written.
      const cell = cells[at.description]!;
      const value = clears(at.description)
        ? ''
        : typeof cell === 'string'
          ? cell.replace(/^'(?=[=+\-@])/, '')
          : text(at.description);
      if (Buffer.byteLength(value) > PRODUCT_LIMITS.description)
        fail(at.description, null, 'field_invalid', 'Описание больше 100 КБ. Сократите его.');
      else product.description = value;
    }
    if (given(at.images)) {
      if (clears(at.images)) product.images = [];
      else {
        const images = text(at.images)
          .split(/[\s;]+/)
          .filter((url) => url !== '');
        const bad = images.find((url) => !isImageAddress(url));
        if (bad !== undefined)
          fail(
            at.images,
            bad,
            'field_invalid',
            `Адрес фото «${bad}» не подходит: полный (https://…) или путь на сайте (/media/…); несколько адресов — через пробел или с новой строки.`,
          );
        else if (images.length > PRODUCT_LIMITS.images)
          fail(
            at.images,
            null,
            'field_invalid',
            `Фото больше ${PRODUCT_LIMITS.images}. Оставьте не больше ${PRODUCT_LIMITS.images}.`,
          );
        else product.images = images;
      }
    }
    for (const [column, slug] of found.extra) {
      if (!given(column)) continue;
      if (clears(column)) {
        (product.specifications ??= {})[slug] = [];
        continue;
      }
      const values = specificationValues(text(column));
      const bad = values.find((v) => v.length > PRODUCT_LIMITS.specificationValue || hasControlCharacters(v));
      if (bad !== undefined)
        fail(
          column,
          bad,
          'field_invalid',
          'Значение характеристики — до 200 символов; несколько значений — через «;».',
        );
      else (product.specifications ??= {})[slug] = values;
    }

    if (errors.length > 0 || typeof sku !== 'string')
      return { kind: 'problem', value: { row: line, index, errors, ...(typeof sku === 'string' ? { sku } : {}) } };
    return { kind: 'row', value: product };
  };
  const specificationColumns = Object.fromEntries([...found.extra].map(([column, slug]) => [slug, name(column)]));
  return { read, unknown: found.unknown, columns: found.names, specificationColumns };
}

/**
 * Reads a products table as a stream of rows. Starts reading at once.
 * @throws (through `facts` and `items`) ImportFileError as readTableFile does, `no_header` without a SKU column.
 */
export function readProductsTable(
  chunks: AsyncIterable<Uint8Array>,
  options: ProductsTableOptions,
): { facts: Promise<ProductsTableFacts>; items: AsyncIterable<RowItem<ProductRow>> } {
  const table = readTableFile(chunks, { headerExample: HEADER_EXAMPLES.products, ...options });
  const opened = table.facts.then((facts) => ({ facts, ...rowReader(facts, options) }));
  const facts = opened.then(({ facts, unknown, columns, specificationColumns }) =>
    Object.assign(facts, { unknownColumns: unknown, columns, specificationColumns }),
  );
  facts.catch(() => {});
  async function* items(): AsyncGenerator<RowItem<ProductRow>> {
    const { read } = await opened;
    let index = 0;
    for await (const record of table.records) yield read(record.line, index++, record.cells);
  }
  return { facts, items: items() };
}
