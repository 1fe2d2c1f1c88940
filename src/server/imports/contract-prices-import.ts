/**
 * The rows of a prices table that name a price list (`sku;price;price_list`): each sets that list's fixed
 * price of the product (`price_list_prices`) instead of the public price. The list is found by its name or
 * id; its country is the row's (a row or upload naming another country is an error). The changes are the
 * import's like any other: audited in `catalog_changes` as a field `price_list:<id>:<name>` of the product
 * in the list's country, shown in words («цена по прайс-листу «…»»), and undone by `undo-import.ts`.
 */
import { sql } from 'drizzle-orm';
import { COUNTRIES } from '../../shared/countries.ts';
import type { CatalogWrite, FieldChange } from '../catalog/catalog-write.ts';
import { findPriceListByKey } from '../clinics/price-lists.queries.ts';
import { setFixedPrices } from '../clinics/price-lists.service.ts';
import { intArray, queryRows, type Db } from '../db/client.ts';
import type { PriceRow, RowError } from './import.types.ts';

export const CONTRACT_PRICES_TEXT = {
  unknownList: (key: string) =>
    `Прайс-листа «${key}» нет: впишите его название или номер, как в «Прайс-листах» управления, или создайте его там.`,
  otherCountry: (list: string, listCountry: string, rowCountry: string) =>
    `Прайс-лист «${list}» — для страны ${listCountry}, а в строке страна ${rowCountry}.`,
  priceMissing: 'Для прайс-листа нужна цена: впишите её или уберите строку.',
  noOldPrice: 'У цены по прайс-листу нет старой цены: очистите ячейку.',
} as const;

/** The audit field of a list's fixed price: its id (what undo needs) and its name (what people read). */
export const priceListField = (list: { id: number; name: string }) => `price_list:${list.id}:${list.name}`;

/** The list's id in an audit field `price_list:<id>:<name>`; null for any other field. */
export function priceListIdOf(field: string): number | null {
  const match = /^price_list:(\d+):/.exec(field);
  return match ? Number(match[1]) : null;
}

export interface ContractPlan {
  byList: Map<number, { productId: number; price: string }[]>;
  created: number;
  updated: number;
  unchanged: number;
  /** What it changes, for the audit once written. */
  changes: FieldChange[];
}

/** Checks the rows against their lists and the catalog; errors go to `errors`, changes to `changes`. */
export async function planContractPrices(
  tx: Db,
  rows: PriceRow[],
  products: Map<string, { id: number; sku: string }>,
  columns: { sku: string; price: string; oldPrice: string; priceList: string; country: string },
  errors: RowError[],
  changes: FieldChange[],
): Promise<ContractPlan> {
  const plan: ContractPlan = { byList: new Map(), created: 0, updated: 0, unchanged: 0, changes: [] };
  const lists = new Map<string, Awaited<ReturnType<typeof findPriceListByKey>>>();
  for (const key of new Set(rows.map((r) => r.priceList!.trim().toLowerCase())))
    lists.set(key, await findPriceListByKey(key, tx));
  const wanted = new Map<number, number[]>();
  const good: { row: PriceRow; list: { id: number; name: string; country: PriceRow['country'] }; productId: number }[] =
    [];
  for (const row of rows) {
    const fail = (column: string | null, value: string | null, code: RowError['code'], message: string) =>
      errors.push({ row: row.row, column, value, code, message, item: row.item ?? null });
    const list = lists.get(row.priceList!.trim().toLowerCase());
    const product = products.get(row.sku);
    if (!list) {
      fail(columns.priceList, row.priceList!, 'unknown_price_list', CONTRACT_PRICES_TEXT.unknownList(row.priceList!));
      continue;
    }
    if (row.countryStated && row.country !== list.country) {
      fail(
        columns.country,
        row.country.toUpperCase(),
        'country_invalid',
        CONTRACT_PRICES_TEXT.otherCountry(list.name, COUNTRIES[list.country].name, COUNTRIES[row.country].name),
      );
      continue;
    }
    if (!product) {
      fail(
        columns.sku,
        row.sku,
        'unknown_sku',
        'Товара с таким артикулом нет в каталоге. Проверьте артикул или сначала загрузите товар.',
      );
      continue;
    }
    if (row.price === null) {
      fail(columns.price, '', 'field_required', CONTRACT_PRICES_TEXT.priceMissing);
      continue;
    }
    if (row.oldPrice) {
      fail(columns.oldPrice, row.oldPrice, 'old_price_invalid', CONTRACT_PRICES_TEXT.noOldPrice);
      continue;
    }
    good.push({ row, list, productId: product.id });
    (wanted.get(list.id) ?? wanted.set(list.id, []).get(list.id)!).push(product.id);
  }
  const current = new Map<string, string>();
  for (const [listId, ids] of wanted) {
    const found = await queryRows<{ product_id: number; price: string }>(
      tx,
      sql`select product_id, price::text as price from price_list_prices
          where price_list_id = ${listId} and product_id = any(${intArray(ids)}::int[])`,
    );
    for (const f of found) current.set(`${listId}:${Number(f.product_id)}`, f.price);
  }
  for (const { row, list, productId } of good) {
    const before = current.get(`${list.id}:${productId}`) ?? null;
    if (before !== null && Number(before) === Number(row.price)) {
      plan.unchanged += 1;
      continue;
    }
    if (before === null) plan.created += 1;
    else plan.updated += 1;
    (plan.byList.get(list.id) ?? plan.byList.set(list.id, []).get(list.id)!).push({ productId, price: row.price! });
    plan.changes.push({
      productId,
      sku: row.sku,
      country: list.country,
      field: priceListField(list),
      oldValue: before,
      newValue: Number(row.price).toFixed(2),
    });
  }
  changes.push(...plan.changes);
  return plan;
}

/** Writes a checked plan inside the import's catalog change, which audits it as the import's. */
export async function writeContractPrices(write: CatalogWrite, plan: ContractPlan): Promise<void> {
  for (const [listId, prices] of plan.byList) await setFixedPrices(write.tx, listId, prices);
  write.record(plan.changes);
}
