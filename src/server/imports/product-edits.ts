/**
 * The back office saves one product as one row of a products file (`products@1`): the same reading,
 * the same checks against the catalog and the same writing through the catalog's door, so a product
 * made here and the same product imported are the same product. Absent keys stay as they are; `null`
 * clears what may be cleared; unknown keys are errors.
 */
import { writeCatalog } from '../catalog/catalog-write.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { RowError } from './import.types.ts';
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
