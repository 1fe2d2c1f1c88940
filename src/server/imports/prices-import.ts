/**
 * A prices file (JSON): each row sets a product's price (and old price) in a country. A price for a
 * product not sold in that country yet creates its offer with stock 0.
 */
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { writeCatalog, type FieldChange } from '../catalog/catalog-write.ts';
import { lockOffers, setPrices, type PriceChange } from '../catalog/offers.service.ts';
import { queryRows, textArray } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import {
  errorRowCount,
  mayWrite,
  sortErrors,
  takeDuplicates,
  type ImportContext,
  type ImportOutcome,
} from './import-run.ts';
import type { PriceRow, RowError, RowItem, RowProblem } from './import.types.ts';
import { slices } from '../event-loop.ts';
import { IMPORT_LIMITS } from './imports.options.ts';
import { planContractPrices, writeContractPrices } from './contract-prices-import.ts';
import { readPricesFile } from './prices-file.ts';
import { readPricesTable } from './prices-table.ts';
import { unknownColumnsNote } from './table-columns.ts';
import { sniffUpload, tableFileFacts } from './table-file.ts';

const PROGRESS_EVERY = 20_000;

export const PRICES_TEXT = {
  unknownSku: 'Товара с таким артикулом нет в каталоге. Проверьте артикул или сначала загрузите товар.',
  duplicate: (_sku: string, others: string) =>
    `Цена этого товара для этой страны задана в файле не один раз (ещё ${others}).`,
  oldPriceNotAbove: (oldPrice: string) =>
    `Старая цена ${oldPrice} не выше новой: укажите старую цену выше цены или уберите её.`,
  priceMissing: (country: CountryCode) =>
    `Цена не указана, а товар продаётся в стране ${COUNTRIES[country].name}. Впишите цену; ` +
    'чтобы снять товар с продажи в стране, сделайте это на странице товара.',
  skipped: (n: number) =>
    `${n} ${n === 1 ? 'строка' : 'строк'} без цены пропущено: эти товары в стране не продаются, а цены для них в файле нет.`,
} as const;

/** The rows of a prices file, JSON or a table, with what reading it found. */
async function readPriceRows(ctx: ImportContext) {
  const upload = await sniffUpload(ctx.file());
  const rows: PriceRow[] = [];
  const problems: RowProblem[] = [];
  let seen = 0;
  // Reading a big file lets other requests in every so many rows.
  const slice = slices(2000);
  let file: Record<string, unknown>;
  let unknownColumns: string[] = [];
  let columns = { sku: 'sku', price: 'price', oldPrice: 'old_price', priceList: 'price_list', country: 'country' };
  const collect = async (items: AsyncIterable<RowItem<PriceRow>>) => {
    for await (const item of items) {
      if (item.kind === 'row') rows.push(item.value);
      else problems.push(item.value);
      if (++seen % PROGRESS_EVERY === 0) await ctx.progress('reading', seen, 0);
      await slice.step();
    }
  };
  if (upload.format === 'json') {
    const { header, items } = readPricesFile(upload.chunks, { maxRows: IMPORT_LIMITS.maxRows, country: ctx.country });
    await collect(items);
    const read = await header;
    file = { format: 'json', country: read.country, currency: read.currency };
  } else {
    const { facts, items } = readPricesTable(upload.chunks, { maxRows: IMPORT_LIMITS.maxRows, country: ctx.country });
    await collect(items);
    const read = await facts;
    unknownColumns = read.unknownColumns;
    columns = { ...columns, ...read.columns };
    file = tableFileFacts(read);
  }
  return { rows, problems, seen, file, unknownColumns, columns };
}

export async function importPrices(ctx: ImportContext): Promise<ImportOutcome> {
  const { rows, problems, seen, file, unknownColumns, columns } = await readPriceRows(ctx);
  const errors: RowError[] = problems.flatMap((p) => p.errors);
  // One price per product and country: a second one is an error on each of its rows.
  // A price list's row is keyed by the list named, whatever country the row has.
  const unique = takeDuplicates(
    rows,
    problems,
    (r: { sku: string; country?: string; priceList?: string }) =>
      r.priceList === undefined
        ? `${r.country}\u0000${r.sku}`
        : `list:${r.priceList.trim().toLowerCase()}\u0000${r.sku}`,
    PRICES_TEXT.duplicate,
    errors,
  );
  const contract = unique.filter((r) => r.priceList !== undefined);
  await ctx.progress('checking', seen, seen);

  return writeCatalog(ctx.actor, async (write) => {
    await ctx.enter(write);
    const products = await productsBySku(write.tx, [...new Set(unique.map((r) => r.sku))]);
    const plans = new Map<CountryCode, PriceChange[]>();
    const changes: FieldChange[] = [];
    let created = 0;
    let unchanged = 0;
    let skipped = 0;
    const contractPlan = await planContractPrices(write.tx, contract, products, columns, errors, changes);
    for (const country of COUNTRY_CODES) {
      const inCountry = unique.filter((row) => row.country === country && row.priceList === undefined);
      if (!inCountry.length) continue;
      const offers = await lockOffers(
        write,
        country,
        inCountry.flatMap((row) => (products.has(row.sku) ? [products.get(row.sku)!.id] : [])),
      );
      const plan: PriceChange[] = [];
      for (const row of inCountry) {
        const product = products.get(row.sku);
        const fail = (column: string | null, value: string | null, code: RowError['code'], message: string) =>
          errors.push({ row: row.row, column, value, code, message, item: row.item ?? null });
        if (!product) {
          fail(columns.sku, row.sku, 'unknown_sku', PRICES_TEXT.unknownSku);
          continue;
        }
        const offer = offers.get(product.id) ?? null;
        if (row.price === null) {
          if (offer) fail(columns.price, '', 'field_required', PRICES_TEXT.priceMissing(country));
          else skipped += 1;
          continue;
        }
        const oldPrice = row.oldPrice === undefined ? (offer?.oldPrice ?? null) : row.oldPrice;
        if (oldPrice !== null && Number(oldPrice) <= Number(row.price)) {
          fail(columns.oldPrice, oldPrice, 'old_price_invalid', PRICES_TEXT.oldPriceNotAbove(oldPrice));
          continue;
        }
        if (offer && offer.price === row.price && offer.oldPrice === oldPrice) {
          unchanged += 1;
          continue;
        }
        if (!offer) created += 1;
        plan.push({ product, offer, price: row.price, oldPrice });
        changes.push(...priceFieldChanges(country, product, offer, row.price, oldPrice));
      }
      plans.set(country, plan);
    }
    const errorRows = errorRowCount(errors);
    const applied = mayWrite(ctx.options, errorRows);
    if (applied) {
      await ctx.beforeWrite(write);
      for (const [country, plan] of plans) await setPrices(write, country, plan);
      await writeContractPrices(write, contractPlan);
    }
    // A fixed price is not an offer: the import's counts say it was set (updated), never that a product went on sale.
    unchanged += contractPlan.unchanged;
    const written =
      [...plans.values()].reduce((n, plan) => n + plan.length, 0) + contractPlan.created + contractPlan.updated;
    const notes = [unknownColumnsNote(unknownColumns, 'prices'), skipped ? PRICES_TEXT.skipped(skipped) : null];
    return {
      counts: { rows: seen, created, updated: written - created, unchanged: unchanged + skipped, errors: errorRows },
      errors: sortErrors(errors),
      changes,
      applied,
      file,
      notes: notes.filter((note) => note !== null),
    };
  });
}

function priceFieldChanges(
  country: CountryCode,
  product: { id: number; sku: string },
  offer: { price: string; oldPrice: string | null } | null,
  price: string,
  oldPrice: string | null,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const add = (field: string, from: string | null, to: string | null) => {
    if (from !== to)
      changes.push({ productId: product.id, sku: product.sku, country, field, oldValue: from, newValue: to });
  };
  if (!offer) add('offer', null, 'sold');
  add('price', offer?.price ?? null, price);
  add('old_price', offer?.oldPrice ?? null, oldPrice);
  return changes;
}

async function productsBySku(
  tx: Parameters<typeof queryRows>[0],
  skus: readonly string[],
): Promise<Map<string, { id: number; sku: string; categoryId: number }>> {
  if (!skus.length) return new Map();
  const rows = await queryRows<{ id: number; sku: string; category_id: number }>(
    tx,
    sql`select id, sku, category_id from products where sku = any(${textArray(skus)}::text[])`,
  );
  return new Map(rows.map((r) => [r.sku, { id: Number(r.id), sku: r.sku, categoryId: Number(r.category_id) }]));
}
