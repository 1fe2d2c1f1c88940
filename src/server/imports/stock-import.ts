/**
 * A stock file (CSV, country from the upload): every row sets a product's stock in that country,
 * `replace` mode also zeroes the offers the file leaves out. Rows must name a product that has a price
 * there (load prices first); a `было` column refuses rows whose stock changed since the file was made.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { writeCatalog, type FieldChange } from '../catalog/catalog-write.ts';
import {
  lockCountryOffers,
  lockOffersBySku,
  setStock,
  type CurrentOffer,
  type StockChange,
} from '../catalog/offers.service.ts';
import { queryRows, textArray } from '../db/client.ts';
import { errorRowCount, mayWrite, sortErrors, type ImportContext, type ImportOutcome } from './import-run.ts';
import type { RowError, StockRow, StockRowProblem } from './import.types.ts';
import { slices } from '../event-loop.ts';
import { IMPORT_LIMITS } from './imports.options.ts';
import { markDuplicateSkus, readStockFile } from './stock-file.ts';
import { unknownColumnsNote } from './table-columns.ts';
import { tableFileFacts } from './table-file.ts';

const PROGRESS_EVERY = 20_000;

export const STOCK_TEXT = {
  unknownSku: 'Товара с таким артикулом нет в каталоге. Проверьте артикул или сначала загрузите товар.',
  noOffer: (country: string) =>
    `У товара нет цены для страны ${country.toUpperCase()}: сначала загрузите цены, затем остатки.`,
  conflict: (was: number, now: number) =>
    `Остаток изменился с тех пор, как файл был выгружен: в файле было ${was}, сейчас ${now}. Выгрузите свежий шаблон.`,
} as const;

export async function importStock(ctx: ImportContext): Promise<ImportOutcome> {
  const country = ctx.country!;
  const { facts, items } = readStockFile(ctx.file(), { maxRows: IMPORT_LIMITS.maxRows, country });
  const read: StockRow[] = [];
  const bad: StockRowProblem[] = [];
  let seen = 0;
  // Reading a big file lets other requests in every so many rows.
  const slice = slices(2000);
  for await (const item of items) {
    if (item.kind === 'row') read.push(item.value);
    else bad.push(item.value);
    if (++seen % PROGRESS_EVERY === 0) await ctx.progress('reading', seen, 0);
    await slice.step();
  }
  const { rows, problems } = markDuplicateSkus(read, bad);
  const errors: RowError[] = problems.flatMap((problem) => problem.errors);
  /** SKUs the file names, on good lines or bad: `replace` must not zero them. */
  const mentioned = new Set<string>();
  for (const problem of problems) if (problem.sku) mentioned.add(problem.sku);
  for (const row of rows) mentioned.add(row.sku);
  const file = await facts;
  await ctx.progress('checking', seen, seen);

  return writeCatalog(ctx.actor, async (write) => {
    await ctx.enter(write);
    const offers = await lockOffersBySku(write, country, [...mentioned]);
    // Only the SKUs without an offer here are looked up again: unknown, or not sold in the country.
    const products = await productIdsBySku(
      write.tx,
      [...mentioned].filter((sku) => !offers.has(sku)),
    );
    const changes: StockChange[] = [];
    let unchanged = 0;
    for (const row of rows) {
      const offer = offers.get(row.sku);
      if (!offer && !products.has(row.sku)) {
        errors.push({
          row: row.row,
          column: file.columns.sku ?? 'sku',
          value: row.sku,
          code: 'unknown_sku',
          message: STOCK_TEXT.unknownSku,
        });
      } else if (!offer) {
        errors.push({
          row: row.row,
          column: null,
          value: row.sku,
          code: 'no_offer',
          message: STOCK_TEXT.noOffer(country),
        });
      } else if (row.quantityWas !== null && row.quantityWas !== offer.quantity) {
        errors.push({
          row: row.row,
          column: file.columns.quantityWas ?? 'было',
          value: String(row.quantityWas),
          code: 'stock_conflict',
          message: STOCK_TEXT.conflict(row.quantityWas, offer.quantity),
        });
      } else if (row.quantity === offer.quantity) unchanged += 1;
      else changes.push({ offer, quantity: row.quantity });
    }
    const notes: string[] = [];
    const unknown = unknownColumnsNote(file.unknownColumns, 'stock');
    if (unknown) notes.push(unknown);
    if (ctx.options.mode === 'replace') {
      const others = (await lockCountryOffers(write, country)).filter(
        (offer: CurrentOffer) => !mentioned.has(offer.sku) && offer.quantity !== 0,
      );
      for (const offer of others) changes.push({ offer, quantity: 0 });
      notes.push(
        ctx.options.dryRun
          ? `Режим replace: остаток обнулится у ${others.length} товаров, которых нет в файле.`
          : `Режим replace: остаток обнулён у ${others.length} товаров, которых нет в файле.`,
      );
    }
    const errorRows = errorRowCount(errors);
    const applied = mayWrite(ctx.options, errorRows);
    if (applied) {
      await ctx.beforeWrite(write);
      await setStock(write, country, changes);
    }
    return {
      counts: { rows: seen, created: 0, updated: changes.length, unchanged, errors: errorRows },
      errors: sortErrors(errors),
      changes: changes.map((c) => stockFieldChange(country, c)),
      applied,
      file: tableFileFacts(file),
      notes,
    };
  });
}

function stockFieldChange(country: CountryCode, change: StockChange): FieldChange {
  return {
    productId: change.offer.productId,
    sku: change.offer.sku,
    country,
    field: 'quantity',
    oldValue: String(change.offer.quantity),
    newValue: String(change.quantity),
  };
}

/** Product ids of the SKUs that exist. */
export async function productIdsBySku(
  tx: Parameters<typeof queryRows>[0],
  skus: readonly string[],
): Promise<Map<string, number>> {
  if (!skus.length) return new Map();
  const rows = await queryRows<{ id: number; sku: string }>(
    tx,
    sql`select id, sku from products where sku = any(${textArray(skus)}::text[])`,
  );
  return new Map(rows.map((r) => [r.sku, Number(r.id)]));
}
