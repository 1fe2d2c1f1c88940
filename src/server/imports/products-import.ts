/**
 * A products file (JSON), keyed by SKU: a new SKU creates a product (it needs a name and a category),
 * a known one is updated. Only the keys a row has change; an import never deletes (`is_active: false`
 * hides). Categories, brands and specifications are named by slug; a brand may also be named as it is
 * written, and an unknown brand name creates the brand.
 */
import { slugify } from '../../shared/slug.ts';
import { writeCatalog, type CatalogWrite, type FieldChange } from '../catalog/catalog-write.ts';
import { ImportSteps, writesInSteps } from './import-steps.ts';
import { revertImport } from './import-revert.ts';
import {
  createBrand,
  createProducts,
  loadBrandIndex,
  loadProductsBySku,
  updateProducts,
  type ProductDraft,
  type ProductUpdate,
  type SpecValuesById,
  type StoredProduct,
} from '../catalog/products.service.ts';
import { categories, products, specifications } from '../db/schema/index.ts';
import { getDb } from '../db/client.ts';
import {
  errorRowCount,
  mayWrite,
  sortErrors,
  takeDuplicates,
  type ImportContext,
  type ImportOutcome,
} from './import-run.ts';
import type { ProductRow, RowError, RowItem, RowProblem } from './import.types.ts';
import { slices } from '../event-loop.ts';
import { IMPORT_LIMITS } from './imports.options.ts';
import { readProductsFile } from './products-file.ts';
import { readProductsTable } from './products-table.ts';
import { unknownColumnsNote } from './table-columns.ts';
import { sniffUpload, tableFileFacts } from './table-file.ts';
import { storeRowImages } from './product-images.ts';

const PROGRESS_EVERY = 5_000;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const PRODUCTS_TEXT = {
  duplicate: (_sku: string, others: string) => `Этот артикул встречается в файле не один раз (ещё ${others}).`,
  required: (field: string) => `Новому товару нужно поле ${field}.`,
  categoryUnknown: (slug: string) =>
    `Категории «${slug}» нет в каталоге. Укажите категорию, как она называется в каталоге, или её slug.`,
  categoryAmbiguous: (name: string, found: { slug: string }[]) =>
    `Категорий «${name}» в каталоге несколько. Укажите нужную по slug: ${found.map((c) => c.slug).join(', ')}.`,
  brandUnknown: (slug: string) =>
    `Бренда со slug «${slug}» нет. Чтобы создать бренд, напишите его название как оно должно выглядеть, например «Vita Zahnfabrik».`,
  specUnknown: (slug: string, known: string[]) =>
    `Характеристики «${slug}» нет. Известные: ${known.slice(0, 40).join(', ')}${known.length > 40 ? '…' : ''}.`,
  specNotNumber: (slug: string, value: string) => `Характеристика «${slug}» числовая, а «${value}» — не число.`,
  slugTaken: (slug: string) => `Адрес «${slug}» уже занят другим товаром. Укажите другой slug.`,
} as const;

/** The rows of a products file, JSON or a table, with what reading it found. */
async function readProductRows(ctx: ImportContext) {
  const upload = await sniffUpload(ctx.file());
  const rows: ProductRow[] = [];
  const problems: RowProblem[] = [];
  let seen = 0;
  // Reading a big file lets other requests in every so many rows.
  const slice = slices(2000);
  const collect = async (items: AsyncIterable<RowItem<ProductRow>>) => {
    for await (const item of items) {
      if (item.kind === 'row') rows.push(item.value);
      else problems.push(item.value);
      if (++seen % PROGRESS_EVERY === 0) await ctx.progress('reading', seen, 0);
      await slice.step();
    }
  };
  if (upload.format === 'json') {
    await collect(readProductsFile(upload.chunks, { maxRows: IMPORT_LIMITS.maxRows }));
    return { rows, problems, seen, file: { format: 'json' }, unknownColumns: [] as string[], columns: null };
  }
  const db = await getDb();
  const specs = await db
    .select({ slug: specifications.slug, name: specifications.name, unit: specifications.unit })
    .from(specifications);
  const { facts, items } = readProductsTable(upload.chunks, { maxRows: IMPORT_LIMITS.maxRows, specifications: specs });
  await collect(items);
  const read = await facts;
  // The catalog's checks name a products file's keys; a table's errors name its columns as headed.
  const columns = new Map<string, string>(
    Object.entries({ ...read.columns, is_active: read.columns.isActive }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  for (const [slug, header] of Object.entries(read.specificationColumns)) columns.set(`specifications.${slug}`, header);
  return { rows, problems, seen, file: tableFileFacts(read), unknownColumns: read.unknownColumns, columns };
}

export async function importProducts(ctx: ImportContext): Promise<ImportOutcome> {
  const { rows, problems, seen, file, unknownColumns, columns } = await readProductRows(ctx);
  const errors: RowError[] = problems.flatMap((p) => p.errors);
  const unique = takeDuplicates(rows, problems, (r) => r.sku, PRODUCTS_TEXT.duplicate, errors);
  await ctx.progress('checking', seen, seen);
  const writable = await storeRowImages(unique, errors, (done, total) => ctx.progress('checking', done, total));
  const outcome = (plan: ProductsPlan, applied: boolean, changed: Set<number>): ImportOutcome => {
    const notes: string[] = [];
    const unknown = unknownColumnsNote(unknownColumns, 'products');
    if (unknown) notes.push(unknown);
    if (plan.newBrands.size)
      notes.push(
        `${applied ? 'Созданы бренды' : 'Будут созданы бренды'}: ${[...plan.newBrands.values()].map((b) => b.name).join(', ')}.`,
      );
    const changes = applied ? [] : previewChanges(plan.drafts, plan.updates, plan.current);
    const updated = applied
      ? changed.size
      : new Set(changes.filter((c) => c.field !== 'product').map((c) => c.sku)).size;
    return {
      counts: {
        rows: seen,
        created: plan.drafts.length,
        updated,
        unchanged: plan.updates.length - updated,
        errors: errorRowCount(errors),
      },
      errors: sortErrors(
        columns ? errors.map((e) => ({ ...e, column: columns.get(e.column ?? '') ?? e.column })) : errors,
      ),
      changes,
      applied,
      file,
      notes,
    };
  };

  if (!ctx.options.dryRun && (await writesInSteps(writable.length))) {
    // The embedded database: checked in one transaction, written in short ones (`import-steps.ts`).
    const { plan, applied } = await writeCatalog(ctx.actor, async (write) => {
      await ctx.enter(write);
      const plan = await planProducts(write, writable);
      errors.push(...plan.errors);
      const applied = mayWrite(ctx.options, errorRowCount(errors));
      if (applied) {
        await ctx.beforeWrite(write);
        await createPlannedBrands(write, plan);
      }
      return { plan, applied };
    });
    const changed = new Set<number>();
    if (applied) {
      try {
        const steps = new ImportSteps(ctx, plan.drafts.length + plan.updates.length);
        await steps.run(plan.drafts, async (write, drafts) => {
          await createProducts(write, drafts);
        });
        await steps.run(plan.updates, async (write, updates) => {
          for (const id of await updateProducts(write, updates, plan.current)) changed.add(id);
        });
        await steps.finish();
      } catch (error) {
        await revertImport(ctx.taskId);
        throw error;
      }
    }
    return outcome(plan, applied, changed);
  }

  return writeCatalog(ctx.actor, async (write) => {
    await ctx.enter(write);
    const plan = await planProducts(write, writable);
    errors.push(...plan.errors);
    const applied = mayWrite(ctx.options, errorRowCount(errors));
    let changed = new Set<number>();
    if (applied) {
      await ctx.beforeWrite(write);
      changed = await applyProductsPlan(write, plan);
    }
    return outcome(plan, applied, changed);
  });
}

/**
 * What product rows (the `products@1` shape, from a file or the back office) would do: the products
 * to create and the fields to change, the brands to create, and the rows' errors against the catalog
 * (unknown category, brand slug or specification, a taken slug, a new product without its name or
 * category). Nothing is written.
 */
export interface ProductsPlan {
  drafts: ProductDraft[];
  updates: ProductUpdate[];
  current: Map<string, StoredProduct>;
  newBrands: Map<string, { name: string; slug: string; id: number | null }>;
  /** The brand name each row gave, by SKU, for the brands the plan creates. */
  pendingBrand: Map<string, string | undefined>;
  errors: RowError[];
}

export async function planProducts(write: CatalogWrite, rows: readonly ProductRow[]): Promise<ProductsPlan> {
  const refs = await loadRefs(write);
  const current = await loadProductsBySku(
    write,
    rows.map((r) => r.sku),
  );
  const errors: RowError[] = [];
  const newBrands: ProductsPlan['newBrands'] = new Map();
  const drafts: ProductDraft[] = [];
  const updates: ProductUpdate[] = [];
  const slugsInFile = new Map<string, string>();
  const pendingBrand: ProductsPlan['pendingBrand'] = new Map();
  const rowErrors = (row: ProductRow) => {
    const found: RowError[] = [];
    const fail = (column: string, value: string | null, code: RowError['code'], message: string) =>
      found.push({ row: row.row, column, value, code, message, item: row.item ?? null });
    const existing = current.get(row.sku);
    if (!existing) {
      if (row.name === undefined) fail('name', null, 'field_required', PRODUCTS_TEXT.required('name'));
      if (row.category === undefined) fail('category', null, 'field_required', PRODUCTS_TEXT.required('category'));
    }
    let categoryId: number | undefined;
    if (row.category !== undefined) {
      categoryId = refs.categories.get(row.category);
      const named = categoryId === undefined ? refs.categoryNames.get(row.category.toLocaleLowerCase('ru')) : undefined;
      if (named?.length === 1) categoryId = named[0]!.id;
      else if (named && named.length > 1)
        fail('category', row.category, 'category_unknown', PRODUCTS_TEXT.categoryAmbiguous(row.category, named));
      else if (categoryId === undefined)
        fail('category', row.category, 'category_unknown', PRODUCTS_TEXT.categoryUnknown(row.category));
    }
    let brandId: number | null | undefined;
    if (row.brand === null) brandId = null;
    else if (row.brand !== undefined) {
      brandId = refs.brands.bySlug.get(row.brand) ?? refs.brands.byName.get(row.brand.toLocaleLowerCase('ru'));
      if (brandId === undefined && SLUG_PATTERN.test(row.brand))
        fail('brand', row.brand, 'brand_unknown', PRODUCTS_TEXT.brandUnknown(row.brand));
    }
    const specs: SpecValuesById = new Map();
    for (const [slug, values] of Object.entries(row.specifications ?? {})) {
      const spec = refs.specs.get(slug);
      if (!spec) {
        fail(
          `specifications.${slug}`,
          slug,
          'specification_unknown',
          PRODUCTS_TEXT.specUnknown(slug, [...refs.specs.keys()]),
        );
        continue;
      }
      const bad = spec.kind === 'number' ? values.find((v) => !/^-?\d+([.,]\d+)?$/.test(v.trim())) : undefined;
      if (bad !== undefined)
        fail(`specifications.${slug}`, bad, 'field_invalid', PRODUCTS_TEXT.specNotNumber(slug, bad));
      else
        specs.set(
          spec.id,
          values.map((v) => v.trim()),
        );
    }
    let slug = row.slug;
    if (slug !== undefined && slug !== existing?.slug) {
      const owner = refs.slugOwners.get(slug);
      const inFile = slugsInFile.get(slug);
      if ((owner !== undefined && owner !== row.sku) || (inFile !== undefined && inFile !== row.sku))
        fail('slug', slug, 'slug_taken', PRODUCTS_TEXT.slugTaken(slug));
    }
    if (found.length) return { errors: found };
    if (slug === undefined && !existing)
      slug = uniqueSlug(slugify(row.name!) || slugify(row.sku) || 'tovar', refs, slugsInFile);
    if (slug !== undefined) slugsInFile.set(slug, row.sku);
    return { errors: found, categoryId, brandId, specs, slug };
  };

  for (const row of rows) {
    const checked = rowErrors(row);
    if (checked.errors.length) {
      errors.push(...checked.errors);
      continue;
    }
    const brandId = checked.brandId;
    if (brandId === undefined && row.brand !== undefined && row.brand !== null) {
      // A brand named as it is written that does not exist yet: created once, however many rows name it.
      const key = row.brand.toLocaleLowerCase('ru');
      if (!newBrands.has(key))
        newBrands.set(key, { name: row.brand.trim(), slug: uniqueBrandSlug(row.brand, refs), id: null });
    }
    const existing = current.get(row.sku);
    if (!existing) {
      drafts.push({
        sku: row.sku,
        name: row.name!,
        slug: checked.slug!,
        categoryId: checked.categoryId!,
        brandId: brandId ?? null,
        family: row.family ?? null,
        isActive: row.isActive ?? true,
        description: row.description ?? '',
        images: row.images ?? [],
        specifications: checked.specs!,
      });
    } else {
      updates.push({
        id: existing.id,
        sku: row.sku,
        fields: definedOnly({
          name: row.name,
          slug: checked.slug,
          categoryId: checked.categoryId,
          brandId,
          family: row.family,
          isActive: row.isActive,
          description: row.description,
          images: row.images,
        }),
        specifications: checked.specs,
      });
    }
    pendingBrand.set(row.sku, row.brand ?? undefined);
  }

  return { drafts, updates, current, newBrands, pendingBrand, errors };
}

/** Writes a plan without errors: its new brands, then its products. Answers the ids of the products changed. */
export async function applyProductsPlan(write: CatalogWrite, plan: ProductsPlan): Promise<Set<number>> {
  await createPlannedBrands(write, plan);
  await createProducts(write, plan.drafts);
  return updateProducts(write, plan.updates, plan.current);
}

/** Creates a plan's new brands and gives its products their ids. */
async function createPlannedBrands(write: CatalogWrite, plan: ProductsPlan): Promise<void> {
  const { drafts, updates, newBrands, pendingBrand } = plan;
  for (const brand of newBrands.values()) brand.id = await createBrand(write, brand.name, brand.slug);
  const brandOf = (sku: string, given: number | null | undefined) => {
    const name = pendingBrand.get(sku);
    return given === undefined && name ? (newBrands.get(name.toLocaleLowerCase('ru'))?.id ?? undefined) : given;
  };
  for (const draft of drafts) draft.brandId = brandOf(draft.sku, draft.brandId ?? undefined) ?? null;
  for (const update of updates) {
    const id = brandOf(update.sku, update.fields.brandId);
    if (id !== undefined) update.fields.brandId = id;
  }
}

async function loadRefs(write: CatalogWrite) {
  const [categoryRows, specRows, slugRows, brandIndex] = await Promise.all([
    write.tx.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories),
    write.tx
      .select({ id: specifications.id, slug: specifications.slug, kind: specifications.kind })
      .from(specifications),
    write.tx.select({ slug: products.slug, sku: products.sku }).from(products),
    loadBrandIndex(write),
  ]);
  return {
    categories: new Map(categoryRows.map((c) => [c.slug, c.id])),
    categoryNames: Map.groupBy(categoryRows, (c) => c.name.toLocaleLowerCase('ru')),
    specs: new Map(specRows.map((s) => [s.slug, s])),
    slugOwners: new Map(slugRows.map((p) => [p.slug, p.sku])),
    brands: brandIndex,
  };
}

function uniqueSlug(base: string, refs: { slugOwners: Map<string, string> }, inFile: Map<string, string>): string {
  let slug = base.slice(0, 190);
  for (let n = 2; refs.slugOwners.has(slug) || inFile.has(slug); n += 1) slug = `${base.slice(0, 190)}-${n}`;
  return slug;
}

function uniqueBrandSlug(name: string, refs: { brands: { slugs: Set<string> } }): string {
  const base = slugify(name) || 'brand';
  let slug = base;
  for (let n = 2; refs.brands.slugs.has(slug); n += 1) slug = `${base}-${n}`;
  refs.brands.slugs.add(slug);
  return slug;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The changes a dry run would make, field by field, as the audit would record them. */
function previewChanges(
  drafts: readonly ProductDraft[],
  updates: readonly ProductUpdate[],
  current: ReadonlyMap<string, StoredProduct>,
): FieldChange[] {
  const changes: FieldChange[] = drafts.map((d) => ({
    productId: null,
    sku: d.sku,
    country: null,
    field: 'product',
    oldValue: null,
    newValue: 'created',
  }));
  const names: Record<string, string> = { categoryId: 'category', brandId: 'brand', isActive: 'is_active' };
  const text = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v));
  for (const update of updates) {
    const before = current.get(update.sku)!;
    for (const [key, value] of Object.entries(update.fields)) {
      const from = text(before[key as keyof StoredProduct]);
      const to = text(value);
      if (from !== to)
        changes.push({
          productId: before.id,
          sku: update.sku,
          country: null,
          field: names[key] ?? key,
          oldValue: from,
          newValue: to,
        });
    }
    for (const [specId, values] of update.specifications ?? []) {
      const from = [...(before.specifications.get(specId) ?? [])].sort();
      const to = [...new Set(values)].sort();
      if (JSON.stringify(from) !== JSON.stringify(to))
        changes.push({
          productId: before.id,
          sku: update.sku,
          country: null,
          field: `spec:${specId}`,
          oldValue: from.length ? JSON.stringify(from) : null,
          newValue: to.length ? JSON.stringify(to) : null,
        });
    }
  }
  return changes;
}
