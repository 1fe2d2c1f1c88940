/**
 * A prices file (JSON): each row sets a product's price (and old price) in a country. A price for a
 * product not sold in that country yet creates its offer with stock 0.
 */
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { writeCatalog, type FieldChange } from '../catalog/catalog-write.ts';
import { lockOffers, setPrices, type PriceChange } from '../catalog/offers.service.ts';
import { queryRows, textArray } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { errorRowCount, mayWrite, sortErrors, type ImportContext, type ImportOutcome } from './import-run.ts';
import type { PriceRow, RowError } from './import.types.ts';
import { IMPORT_LIMITS } from './imports.options.ts';
import { readPricesFile } from './prices-file.ts';

const PROGRESS_EVERY = 20_000;

export const PRICES_TEXT = {
  unknownSku: 'Товара с таким артикулом нет в каталоге. Проверьте артикул или сначала загрузите товар.',
  duplicate: (rows: number[]) =>
    `Цена этого товара для этой страны задана в файле не один раз (строки ${rows.join(', ')}).`,
  oldPriceNotAbove: (oldPrice: string) =>
    `Старая цена ${oldPrice} не выше новой: укажите old_price выше цены или null, чтобы убрать её.`,
} as const;

export async function importPrices(ctx: ImportContext): Promise<ImportOutcome> {
  const { header, items } = readPricesFile(ctx.file(), { maxRows: IMPORT_LIMITS.maxRows });
  const rows: PriceRow[] = [];
  const errors: RowError[] = [];
  let seen = 0;
  for await (const item of items) {
    if (item.kind === 'row') rows.push(item.value);
    else errors.push(...item.value.errors);
    if (++seen % PROGRESS_EVERY === 0) await ctx.progress('reading', seen, 0);
  }
  const fileHeader = await header;
  // One price per product and country: a second one is an error on each of its rows.
  const byKey = new Map<string, PriceRow[]>();
  for (const row of rows)
    byKey.set(`${row.country}\u0000${row.sku}`, [...(byKey.get(`${row.country}\u0000${row.sku}`) ?? []), row]);
  const unique = rows.filter((row) => {
    const same = byKey.get(`${row.country}\u0000${row.sku}`)!;
    if (same.length === 1) return true;
    errors.push({
      row: row.row,
      column: 'sku',
      value: row.sku,
      code: 'duplicate_sku',
      message: PRICES_TEXT.duplicate(same.map((r) => r.row)),
    });
    return false;
  });
  await ctx.progress('checking', seen, seen);

  return writeCatalog(ctx.actor, async (write) => {
    await ctx.enter(write);
    const products = await productsBySku(write.tx, [...new Set(unique.map((r) => r.sku))]);
    const plans = new Map<CountryCode, PriceChange[]>();
    const changes: FieldChange[] = [];
    let created = 0;
    let unchanged = 0;
    for (const country of COUNTRY_CODES) {
      const inCountry = unique.filter((row) => row.country === country);
      if (!inCountry.length) continue;
      const offers = await lockOffers(
        write,
        country,
        inCountry.flatMap((row) => (products.has(row.sku) ? [products.get(row.sku)!.id] : [])),
      );
      const plan: PriceChange[] = [];
      for (const row of inCountry) {
        const product = products.get(row.sku);
        if (!product) {
          errors.push({
            row: row.row,
            column: 'sku',
            value: row.sku,
            code: 'unknown_sku',
            message: PRICES_TEXT.unknownSku,
          });
          continue;
        }
        const offer = offers.get(product.id) ?? null;
        const oldPrice = row.oldPrice === undefined ? (offer?.oldPrice ?? null) : row.oldPrice;
        if (oldPrice !== null && Number(oldPrice) <= Number(row.price)) {
          errors.push({
            row: row.row,
            column: 'old_price',
            value: oldPrice,
            code: 'old_price_invalid',
            message: PRICES_TEXT.oldPriceNotAbove(oldPrice),
          });
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
    }
    const written = [...plans.values()].reduce((n, plan) => n + plan.length, 0);
    return {
      counts: { rows: seen, created, updated: written - created, unchanged, errors: errorRows },
      errors: sortErrors(errors),
      changes,
      applied,
      file: { country: fileHeader.country, currency: fileHeader.currency },
      notes: [],
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
