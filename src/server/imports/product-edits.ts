/**
 * The back office saves one product as one row of a products file (`products@1`): the same reading,
 * the same checks against the catalog and the same writing through the catalog's door, so a product
 * made here and the same product imported are the same product. Absent keys stay as they are; `null`
 * clears what may be cleared; unknown keys are errors.
 */
import { writeCatalog } from '../catalog/catalog-write.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { ProductRow, RowError } from './import.types.ts';
import { JsonNumber, type JsonObject, type JsonValue } from './json-values.ts';
import { readProductRow } from './products-file.ts';
import { storeRowImages } from './product-images.ts';
import { applyProductsPlan, planProducts } from './products-import.ts';

export const PRODUCT_EDIT_TEXT = {
  notObject: 'Ожидается объект с полями товара.',
  skuMismatch: 'Артикул в теле не совпадает с артикулом в адресе.',
  exists: (sku: string) => `Товар с артикулом «${sku}» уже есть: измените его вместо создания нового.`,
  unknown: (sku: string) => `Товара с артикулом «${sku}» нет.`,
} as const;

/** A value of a parsed JSON body as the products file's reader sees its values. */
function toJsonValue(value: unknown): JsonValue {
  if (typeof value === 'number') return new JsonNumber(String(value));
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    const object = Object.create(null) as JsonObject;
    for (const [key, v] of Object.entries(value)) object[key] = toJsonValue(v);
    return object;
  }
  return value as string | boolean | null;
}

/** Row errors as the API's field errors: `{name: [...], "specifications.shade": [...]}`. */
function fieldErrors(errors: readonly RowError[]): ValidationError {
  // No prototype: a body key named `constructor` or `toString` is a field like any other.
  const fields = Object.create(null) as Record<string, string[]>;
  for (const error of errors) {
    const field = error.column || 'non_field_errors';
    (Object.hasOwn(fields, field) ? fields[field]! : (fields[field] = [])).push(error.message);
  }
  return new ValidationError(fields);
}

/**
 * Creates (`create`) or changes (`update`) the product with `sku` from `body`, a products file's row
 * without or with the same `sku`, as staff member `userId` (audited).
 * @throws ValidationError per field; ConflictError when creating a SKU that exists; NotFoundError when
 * updating one that does not
 */
export async function saveProduct(
  userId: number,
  sku: string,
  body: unknown,
  mode: 'create' | 'update',
): Promise<void> {
  const value = toJsonValue(body);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof JsonNumber)
    throw new ValidationError({ non_field_errors: [PRODUCT_EDIT_TEXT.notObject] });
  if ('sku' in value && value.sku !== sku) throw new ValidationError({ sku: [PRODUCT_EDIT_TEXT.skuMismatch] });
  const read = readProductRow(Object.assign(Object.create(null) as JsonObject, value, { sku }), 1, 0);
  if (read.kind === 'problem') throw fieldErrors(read.value.errors);
  const imageErrors: RowError[] = [];
  await storeRowImages([read.value], imageErrors, async () => {});
  if (imageErrors.length) throw fieldErrors(imageErrors);
  await writeCatalog({ source: 'staff', userId }, async (write) => {
    const plan = await planProducts(write, [read.value]);
    const exists = plan.current.has(read.value.sku);
    if (mode === 'create' && exists) throw new ConflictError(PRODUCT_EDIT_TEXT.exists(read.value.sku));
    if (mode === 'update' && !exists) throw new NotFoundError(PRODUCT_EDIT_TEXT.unknown(read.value.sku));
    if (plan.errors.length) throw fieldErrors(plan.errors);
    await applyProductsPlan(write, plan);
  });
}

/** What a bulk change sets on every product it names: shown or hidden, the category, the brand (null: none). */
export interface ProductsBulkChange {
  is_active?: boolean;
  category?: string;
  brand?: string | null;
}

/** The most products one bulk change may name (a few pages of the back office's list). */
export const BULK_PRODUCTS_LIMIT = 500;

/**
 * Sets `changes` on the products with `skus` at once, as staff member `userId`: each product is a row of
 * a products file with only those keys, planned and written together through the catalog's door (one
 * transaction, each product's change in the journal, the storefront's copies dropped once). SKUs the
 * catalog does not have are answered, not errors; a change the catalog refuses (an unknown category)
 * writes nothing.
 * @throws ValidationError per field (`category`, `brand`, `is_active`)
 */
export async function changeProducts(
  userId: number,
  skus: readonly string[],
  changes: ProductsBulkChange,
): Promise<{ updated: string[]; unchanged: string[]; notFound: string[] }> {
  const unique = [...new Set(skus.map((sku) => sku.trim()).filter(Boolean))];
  const rows = unique.map((sku, index) => {
    const read = readProductRow(toJsonValue({ ...changes, sku }), index + 1, index);
    if (read.kind === 'problem') throw fieldErrors(onePerField(read.value.errors));
    return read.value;
  });
  return writeCatalog({ source: 'staff', userId }, async (write) => {
    let plan = await planProducts(write, rows);
    const found = rows.filter((row) => plan.current.has(row.sku));
    const notFound = rows.filter((row) => !plan.current.has(row.sku)).map((row) => row.sku);
    // A SKU the catalog lacks would be a new product without its name: plan the known ones alone.
    if (notFound.length) plan = await planProducts(write, found);
    if (plan.errors.length) throw fieldErrors(onePerField(plan.errors));
    const changed = await applyProductsPlan(write, plan);
    const isChanged = (row: ProductRow) => changed.has(plan.current.get(row.sku)!.id);
    return {
      updated: found.filter(isChanged).map((row) => row.sku),
      unchanged: found.filter((row) => !isChanged(row)).map((row) => row.sku),
      notFound,
    };
  });
}

/** The same refusal on every row says it once per field. */
function onePerField(errors: readonly RowError[]): RowError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.column}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
