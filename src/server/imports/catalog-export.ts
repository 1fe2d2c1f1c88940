/**
 * The catalog as the three table uploads read it (stock, prices, products), per country, for all
 * products or a category (with its subcategories) or a brand, as an .xlsx workbook or a CSV Russian
 * Excel opens: the templates staff edit and upload back. Uploaded unchanged, an export changes nothing.
 * The prices of a clinic's price list (`priceList`) are the list's fixed prices with a «Прайс-лист» column,
 * which the prices upload reads as contract prices (`contract-prices-import.ts`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { slugify } from '../../shared/slug.ts';
import { EXCEL_CSV } from '../csv.ts';
import { getDb, intArray, queryRows } from '../db/client.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { attachmentDisposition } from '../requests/served-files.ts';
import type { ImportKind, TableCell } from './import.types.ts';
import { specificationHeader, type SpecificationColumn } from './products-table.ts';
import { csvStream, xlsxStream, type TableColumn } from './table-write.ts';

export interface ExportRequest {
  kind: ImportKind;
  /** Whose prices and stock; for products, only those sold there (all products when null). */
  country: CountryCode | null;
  format: 'xlsx' | 'csv';
  /** A category's slug: it and its subcategories. */
  category?: string;
  /** A brand's slug. */
  brand?: string;
  /** The header only: a blank template. */
  empty?: boolean;
  /** Prices only: a price list's id, whose fixed prices are exported instead of the public ones. */
  priceList?: number;
}

/** The price list a prices export is of, as `exportCatalog` found it. */
interface PriceListRef {
  id: number;
  name: string;
  country: CountryCode;
}

export interface ExportFile {
  body: Readable;
  contentType: string;
  /** `Content-Disposition` with a name people read: «цены-kg-kompozity-2026-11-27.xlsx». */
  disposition: string;
}

const PAGE = 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The longest text an Excel cell holds. */
const XLSX_CELL_CHARS = 32_767;

const KIND_FILE_NAMES: Record<ImportKind, { ru: string; en: string; sheet: string }> = {
  stock: { ru: 'остатки', en: 'stock', sheet: 'Остатки' },
  prices: { ru: 'цены', en: 'prices', sheet: 'Цены' },
  products: { ru: 'товары', en: 'products', sheet: 'Товары' },
};

const CURRENCY_WORDS = { KGS: 'сом', KZT: 'тенге' } as const;

interface Selection {
  where: SQL;
  ids: number[];
}

async function select(request: ExportRequest, list: PriceListRef | null): Promise<Selection> {
  const db = await getDb();
  const conditions: SQL[] = [sql`true`];
  if (list)
    conditions.push(
      sql`exists (select 1 from price_list_prices l where l.product_id = p.id and l.price_list_id = ${list.id})`,
    );
  if (request.category) {
    const tree = await queryRows<{ id: number; slug: string; parent_id: number | null }>(
      db,
      sql`select id, slug, parent_id from categories`,
    );
    const root = tree.find((c) => c.slug === request.category);
    if (!root) throw new NotFoundError(`Категории «${request.category}» нет.`);
    const ids = [Number(root.id)];
    for (let i = 0; i < ids.length; i++)
      for (const c of tree) if (c.parent_id !== null && Number(c.parent_id) === ids[i]) ids.push(Number(c.id));
    conditions.push(sql`p.category_id = any(${intArray(ids)}::int[])`);
  }
  if (request.brand) {
    const [brand] = await queryRows<{ id: number }>(db, sql`select id from brands where slug = ${request.brand}`);
    if (!brand) throw new NotFoundError(`Бренда «${request.brand}» нет.`);
    conditions.push(sql`p.brand_id = ${Number(brand.id)}`);
  }
  if (request.country && request.kind !== 'prices') {
    conditions.push(
      sql`exists (select 1 from product_offers o where o.product_id = p.id and o.country = ${request.country})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  if (request.empty) return { where, ids: [] };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select p.id from products p where ${where} order by p.sku collate "C"`,
  );
  return { where, ids: rows.map((r) => Number(r.id)) };
}

/** The selection's products page by page, in SKU order, as `read` gives them for a page of ids. */
async function* pages<T extends { id: number }>(
  ids: readonly number[],
  read: (ids: number[]) => Promise<T[]>,
): AsyncGenerator<T> {
  for (let start = 0; start < ids.length; start += PAGE) {
    const page = ids.slice(start, start + PAGE);
    const byId = new Map((await read(page)).map((row) => [Number(row.id), row]));
    for (const id of page) {
      const row = byId.get(id);
      if (row) yield row;
    }
  }
}

function money(value: string | null, format: ExportRequest['format']): TableCell {
  if (value === null) return '';
  return format === 'xlsx' ? Number(value) : value.replace('.', ',');
}

interface Sheet {
  columns: TableColumn[];
  rows: AsyncIterable<TableCell[]>;
}

async function stockSheet(request: ExportRequest, selection: Selection): Promise<Sheet> {
  const country = request.country!;
  const db = await getDb();
  const columns: TableColumn[] = [
    { header: 'Артикул', kind: 'text', width: 20 },
    { header: 'Наименование', width: 60 },
    { header: 'Страна', width: 14 },
    { header: 'Количество', kind: 'count', width: 12 },
    // The stock the file was made from: a row whose stock moved since is refused, not overwritten.
    { header: 'Было', kind: 'count', width: 10 },
  ];
  const read = (ids: number[]) =>
    queryRows<{ id: number; sku: string; name: string; quantity: number }>(
      db,
      sql`select p.id, p.sku, p.name, o.quantity from products p
          join product_offers o on o.product_id = p.id and o.country = ${country}
          where p.id = any(${intArray(ids)}::int[])`,
    );
  async function* rows(): AsyncGenerator<TableCell[]> {
    for await (const r of pages(selection.ids, read)) {
      const quantity = Number(r.quantity);
      yield [r.sku, r.name, COUNTRIES[country].name, quantity, quantity];
    }
  }
  return { columns, rows: rows() };
}

async function pricesSheet(request: ExportRequest, selection: Selection): Promise<Sheet> {
  const country = request.country!;
  const currency = CURRENCY_WORDS[COUNTRIES[country].currency];
  const db = await getDb();
  const columns: TableColumn[] = [
    { header: 'Артикул', kind: 'text', width: 20 },
    { header: 'Наименование', width: 60 },
    { header: 'Страна', width: 14 },
    { header: `Цена, ${currency}`, kind: 'money', width: 14 },
    { header: `Старая цена, ${currency}`, kind: 'money', width: 18 },
  ];
  const read = (ids: number[]) =>
    queryRows<{ id: number; sku: string; name: string; price: string | null; old_price: string | null }>(
      db,
      sql`select p.id, p.sku, p.name, o.price::text as price, o.old_price::text as old_price from products p
          left join product_offers o on o.product_id = p.id and o.country = ${country}
          where p.id = any(${intArray(ids)}::int[])`,
    );
  async function* rows(): AsyncGenerator<TableCell[]> {
    for await (const r of pages(selection.ids, read)) {
      yield [
        r.sku,
        r.name,
        COUNTRIES[country].name,
        money(r.price, request.format),
        money(r.old_price, request.format),
      ];
    }
  }
  return { columns, rows: rows() };
}

/** A price list's fixed prices, in the columns the prices upload reads as contract prices. */
async function priceListSheet(request: ExportRequest, selection: Selection, list: PriceListRef): Promise<Sheet> {
  const currency = CURRENCY_WORDS[COUNTRIES[list.country].currency];
  const db = await getDb();
  const columns: TableColumn[] = [
    { header: 'Артикул', kind: 'text', width: 20 },
    { header: 'Наименование', width: 60 },
    { header: 'Прайс-лист', width: 24 },
    { header: `Цена, ${currency}`, kind: 'money', width: 14 },
  ];
  const read = (ids: number[]) =>
    queryRows<{ id: number; sku: string; name: string; price: string }>(
      db,
      sql`select p.id, p.sku, p.name, l.price::text as price from products p
          join price_list_prices l on l.product_id = p.id and l.price_list_id = ${list.id}
          where p.id = any(${intArray(ids)}::int[])`,
    );
  async function* rows(): AsyncGenerator<TableCell[]> {
    for await (const r of pages(selection.ids, read)) yield [r.sku, r.name, list.name, money(r.price, request.format)];
  }
  return { columns, rows: rows() };
}

async function productsSheet(request: ExportRequest, selection: Selection): Promise<Sheet> {
  const db = await getDb();
  const categoryRows = await queryRows<{ id: number; slug: string; name: string }>(
    db,
    sql`select id, slug, name from categories`,
  );
  const nameCount = Map.groupBy(categoryRows, (c) => c.name.toLocaleLowerCase('ru'));
  // A category is written as it is called where that names one category, else by its slug.
  const categoryCell = new Map(
    categoryRows.map((c) => [
      Number(c.id),
      nameCount.get(c.name.toLocaleLowerCase('ru'))!.length === 1 ? c.name : c.slug,
    ]),
  );
  const specs = await queryRows<SpecificationColumn & { id: number }>(
    db,
    request.empty
      ? sql`select s.id, s.slug, s.name, s.unit from specifications s order by s.position, s.name`
      : sql`select s.id, s.slug, s.name, s.unit from specifications s
            where exists (select 1 from product_specifications ps join products p on p.id = ps.product_id
                          where ps.specification_id = s.id and ${selection.where})
            order by s.position, s.name`,
  );
  const columns: TableColumn[] = [
    { header: 'Артикул', kind: 'text', width: 20 },
    { header: 'Наименование', width: 60 },
    { header: 'Адрес', width: 30 },
    { header: 'Категория', width: 28 },
    { header: 'Бренд', width: 20 },
    { header: 'Семейство', width: 16 },
    { header: 'Показывать', width: 12 },
    { header: 'Описание', width: 60 },
    { header: 'Фото', width: 40 },
    ...specs.map((spec) => ({ header: specificationHeader(spec), width: 18 })),
  ];
  const specAt = new Map(specs.map((spec, i) => [Number(spec.id), i]));
  const read = async (ids: number[]) => {
    const [rows, values] = await Promise.all([
      queryRows<{
        id: number;
        sku: string;
        name: string;
        slug: string;
        category_id: number;
        brand: string | null;
        family: string | null;
        is_active: boolean;
        description: string;
        images: string[] | string;
      }>(
        db,
        sql`select p.id, p.sku, p.name, p.slug, p.category_id, b.name as brand, p.family, p.is_active, p.description, p.images
            from products p left join brands b on b.id = p.brand_id where p.id = any(${intArray(ids)}::int[])`,
      ),
      queryRows<{ product_id: number; specification_id: number; value: string }>(
        db,
        sql`select product_id, specification_id, value from product_specifications
            where product_id = any(${intArray(ids)}::int[]) order by value`,
      ),
    ]);
    const byProduct = Map.groupBy(values, (v) => Number(v.product_id));
    return rows.map((row) => ({ ...row, specs: byProduct.get(Number(row.id)) ?? [] }));
  };
  async function* rows(): AsyncGenerator<TableCell[]> {
    for await (const p of pages(selection.ids, read)) {
      const images: string[] = typeof p.images === 'string' ? (JSON.parse(p.images) as string[]) : p.images;
      const specCells: string[][] = specs.map(() => []);
      for (const v of p.specs) specCells[specAt.get(Number(v.specification_id))!]?.push(v.value);
      // A description longer than a cell holds is left out: an empty cell leaves it as it is.
      const description = request.format === 'xlsx' && p.description.length > XLSX_CELL_CHARS ? '' : p.description;
      yield [
        p.sku,
        p.name,
        p.slug,
        categoryCell.get(Number(p.category_id)) ?? '',
        p.brand ?? '',
        p.family ?? '',
        p.is_active ? 'да' : 'нет',
        description,
        images.join('\n'),
        ...specCells.map((values) => values.join('; ')),
      ];
    }
  }
  return { columns, rows: rows() };
}

async function findPriceList(request: ExportRequest): Promise<PriceListRef> {
  if (request.kind !== 'prices')
    throw new ValidationError({ price_list: ['Прайс-лист выгружается только с ценами (kind=prices).'] });
  const [list] = await queryRows<PriceListRef>(
    await getDb(),
    sql`select id, name, country from price_lists where id = ${request.priceList!}`,
  );
  if (!list) throw new NotFoundError('Такого прайс-листа нет.');
  if (request.country && request.country !== list.country)
    throw new ValidationError({
      price_list: [
        `Прайс-лист «${list.name}» — для страны «${COUNTRIES[list.country].name}», а выбрана другая страна.`,
      ],
    });
  return { ...list, id: Number(list.id) };
}

const SHEETS: Record<ImportKind, (request: ExportRequest, selection: Selection) => Promise<Sheet>> = {
  stock: stockSheet,
  prices: pricesSheet,
  products: productsSheet,
};

/**
 * The export (or with `empty`, the blank template) of a kind of file. Stock and prices need a country;
 * a price list's prices are in its own.
 * @throws NotFoundError for an unknown category, brand or price list
 * @throws ValidationError `{price_list}` for a price list with another kind than prices, or of another country
 */
export async function exportCatalog(request: ExportRequest): Promise<ExportFile> {
  const list = request.priceList === undefined ? null : await findPriceList(request);
  const selection = await select(request, list);
  const sheet = list ? await priceListSheet(request, selection, list) : await SHEETS[request.kind](request, selection);
  const names = KIND_FILE_NAMES[request.kind];
  const date = new Date().toISOString().slice(0, 10);
  const parts = [list?.name ?? request.country, request.category, request.brand, request.empty ? null : date].filter(
    Boolean,
  );
  const base = `${request.empty ? `шаблон-${names.ru}` : names.ru}${parts.length ? `-${parts.join('-')}` : ''}`;
  const ascii = `${request.empty ? `template-${names.en}` : names.en}${parts.length ? `-${parts.map((p) => slugify(p!)).join('-')}` : ''}`;
  const body =
    request.format === 'xlsx'
      ? xlsxStream(names.sheet, sheet.columns, sheet.rows)
      : // The SKU column is written ="…", so Excel keeps it text.
        csvStream(
          EXCEL_CSV,
          sheet.columns.map((c) => c.header),
          sheet.rows,
          { textColumns: new Set([0]) },
        );
  return {
    body,
    contentType: request.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
    disposition: attachmentDisposition(`${base}.${request.format}`, `${ascii}.${request.format}`),
  };
}
