/**
 * A quick order's lines checked against the catalog of a country (issue 37): each found by its SKU (any
 * case) or its exact name, and its quantity against the country's stock. What cannot go into the cart
 * comes back with its line, what is wrong and what the buyer can do.
 */
import { and, eq, sql } from 'drizzle-orm';
import { getDb, textArray } from '../db/client.ts';
import { productOffers, products } from '../db/schema/index.ts';
import { COUNTRIES, type CountryCode, type CurrencyCode } from '../../shared/countries.ts';
import { STOCK_TEXT } from '../../shared/stock.ts';
import type { ParsedLine } from './order-lines.ts';

export interface QuickOrderProduct {
  id: number;
  slug: string;
  sku: string;
  name: string;
  /** Decimal string in `currency`; null when not sold in the country. */
  price: string | null;
  currency: CurrencyCode;
  /** Units in stock in the country. */
  stock: number;
  /** Where it stands in the catalog, for a clinic's contract price. */
  brand: { id: number } | null;
  category: { id: number };
  /** The public price when `price` is a clinic's contract price. */
  listPrice?: string | null;
}

export interface FoundLine {
  line: number;
  product: QuickOrderProduct;
  quantity: number;
}

export type LineProblem = 'unknown_product' | 'not_sold' | 'out_of_stock' | 'too_many' | 'bad_quantity';

export interface LineError {
  line: number;
  text: string;
  code: LineProblem;
  /** What is wrong, in the words the cart uses. */
  message: string;
  /** What the buyer can do about it. */
  hint: string;
  product: QuickOrderProduct | null;
  /** For `too_many`: the units that can be ordered. */
  available: number | null;
}

export interface ResolvedLines {
  lines: FoundLine[];
  errors: LineError[];
}

interface Row {
  id: number;
  slug: string;
  sku: string;
  name: string;
  isActive: boolean;
  brandId: number | null;
  categoryId: number;
  price: string | null;
  stock: number | null;
  /** The countries that sell it (active, priced). */
  soldIn: CountryCode[] | null;
}

export const QUICK_ORDER_TEXT = {
  unknown: (key: string) => `Товар «${key}» не найден.`,
  unknownHint: 'Проверьте артикул или найдите товар в каталоге по названию.',
  notSoldHint: (others: CountryCode[]) =>
    others.length
      ? `Он есть в каталоге для страны «${COUNTRIES[others[0]!].name}». Уберите строку или выберите аналог.`
      : 'Уберите строку или выберите аналог.',
  outOfStockHint: 'На странице товара можно подписаться на поступление; или выберите аналог.',
  tooManyHint: (available: number) => `Можно заказать ${available} шт.: исправьте количество.`,
  badQuantity: 'Количество — целое число от 1 до 99 999.',
  badQuantityHint: 'Напишите количество после артикула через пробел, «;» или табуляцию: «3M-Z250-A2 10».',
} as const;

/** Checks parsed lines against the catalog of `country`; a product named on several lines is one line, quantities added. */
export async function resolveOrderLines(country: CountryCode, parsed: readonly ParsedLine[]): Promise<ResolvedLines> {
  const keys = [
    ...new Set(parsed.flatMap((p) => [p.key, p.text, ('head' in p && p.head) || p.key].map((k) => k.toLowerCase()))),
  ];
  const rows = keys.length ? await findProducts(country, keys) : [];
  const bySku = new Map(rows.map((row) => [row.sku.toLowerCase(), row]));
  const byName = new Map<string, Row>();
  for (const row of rows) if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row);
  const find = (key: string) => bySku.get(key.toLowerCase()) ?? byName.get(key.toLowerCase());

  const errors: LineError[] = [];
  const wanted = new Map<number, { line: number; text: string; row: Row; quantity: number }>();
  for (const item of parsed) {
    // «Боры алмазные 2»: the whole line may be a name that ends in a number.
    const whole = 'quantity' in item && item.key !== item.text ? find(item.text) : undefined;
    const row = find(item.key) ?? whole;
    if (!row) {
      // «3M-Z250-A2 пять»: a SKU, then something that is not a quantity.
      const named = 'head' in item && item.head ? find(item.head) : undefined;
      errors.push(lineError(item, country, named ? 'bad_quantity' : 'unknown_product', named ?? null));
      continue;
    }
    if ('problem' in item) {
      errors.push(lineError(item, country, 'bad_quantity', row));
      continue;
    }
    const quantity = row === whole && !find(item.key) ? 1 : item.quantity;
    const held = wanted.get(row.id);
    if (held) held.quantity += quantity;
    else wanted.set(row.id, { line: item.line, text: item.text, row, quantity });
  }

  const lines: FoundLine[] = [];
  for (const { line, text, row, quantity } of wanted.values()) {
    const item = { line, text };
    if (!row.isActive || row.price === null) errors.push(lineError(item, country, 'not_sold', row));
    else if ((row.stock ?? 0) <= 0) errors.push(lineError(item, country, 'out_of_stock', row));
    else if (quantity > row.stock!) errors.push(lineError(item, country, 'too_many', row));
    else lines.push({ line, product: toProduct(row, country), quantity });
  }
  errors.sort((a, b) => a.line - b.line);
  lines.sort((a, b) => a.line - b.line);
  return { lines, errors };
}

async function findProducts(country: CountryCode, keys: string[]): Promise<Row[]> {
  const db = await getDb();
  const list = textArray(keys);
  return db
    .select({
      id: products.id,
      slug: products.slug,
      sku: products.sku,
      name: products.name,
      isActive: products.isActive,
      brandId: products.brandId,
      categoryId: products.categoryId,
      price: productOffers.price,
      stock: productOffers.quantity,
      soldIn: sql<CountryCode[] | null>`(select array_agg(o.country order by o.country) from ${productOffers} o
        where o.product_id = ${products.id})`,
    })
    .from(products)
    .leftJoin(productOffers, and(eq(productOffers.productId, products.id), eq(productOffers.country, country)))
    .where(sql`lower(${products.sku}) = any(${list}::text[]) or lower(${products.name}) = any(${list}::text[])`)
    .orderBy(products.id);
}

function toProduct(row: Row, country: CountryCode): QuickOrderProduct {
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    name: row.name,
    price: row.isActive ? row.price : null,
    currency: COUNTRIES[country].currency,
    stock: row.isActive ? (row.stock ?? 0) : 0,
    brand: row.brandId === null ? null : { id: row.brandId },
    category: { id: row.categoryId },
  };
}

function lineError(
  item: { line: number; text: string; key?: string },
  country: CountryCode,
  code: LineProblem,
  row: Row | null,
): LineError {
  const product = row ? toProduct(row, country) : null;
  const base = { line: item.line, text: item.text, code, product, available: null };
  switch (code) {
    case 'unknown_product':
      return { ...base, message: QUICK_ORDER_TEXT.unknown(item.key ?? item.text), hint: QUICK_ORDER_TEXT.unknownHint };
    case 'bad_quantity':
      return { ...base, message: QUICK_ORDER_TEXT.badQuantity, hint: QUICK_ORDER_TEXT.badQuantityHint };
    case 'not_sold': {
      const others = row!.isActive ? (row!.soldIn ?? []).filter((c) => c !== country) : [];
      return { ...base, message: STOCK_TEXT.notSold(country), hint: QUICK_ORDER_TEXT.notSoldHint(others) };
    }
    case 'out_of_stock':
      return { ...base, message: STOCK_TEXT.outOfStock, hint: QUICK_ORDER_TEXT.outOfStockHint };
    case 'too_many':
      return {
        ...base,
        message: STOCK_TEXT.onlyAvailable(row!.stock!),
        hint: QUICK_ORDER_TEXT.tooManyHint(row!.stock!),
        available: row!.stock!,
      };
  }
}
