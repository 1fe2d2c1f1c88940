/**
 * Creating and updating products inside a catalog change (`catalog-write.ts`), in bulk: what an import
 * of 20,000 products and a single edit in the back office both go through, so both give the same
 * result. Callers hand in resolved ids (category, brand, specifications); rich text is sanitised here.
 */
import { sql } from 'drizzle-orm';
import { sanitizeRichText, toPlainText } from '../content/sanitize.ts';
import { intArray, queryRows, textArray } from '../db/client.ts';
import { brands, categories, products, productSpecifications, specifications } from '../db/schema/index.ts';
import type { CatalogWrite, FieldChange } from './catalog-write.ts';

/** A product's own fields as stored (ids resolved). */
export interface ProductFields {
  sku: string;
  name: string;
  slug: string;
  categoryId: number;
  brandId: number | null;
  family: string | null;
  isActive: boolean;
  /** HTML; sanitised when written. */
  description: string;
  images: string[];
}

/** Specification values to set: specification id → values (an empty list removes the specification). */
export type SpecValuesById = Map<number, string[]>;

export interface ProductDraft extends ProductFields {
  specifications: SpecValuesById;
}

/** A change to an existing product: only the fields given change. */
export interface ProductUpdate {
  id: number;
  sku: string;
  fields: Partial<Omit<ProductFields, 'sku'>>;
  specifications?: SpecValuesById;
}

/** What the products of `skus` are now, with their specification values (for updates and their audit). */
export interface StoredProduct extends ProductFields {
  id: number;
  specifications: SpecValuesById;
}

const CHUNK = 500;

export async function loadProductsBySku(
  write: CatalogWrite,
  skus: readonly string[],
): Promise<Map<string, StoredProduct>> {
  const found = new Map<string, StoredProduct>();
  if (!skus.length) return found;
  const rows = await queryRows<{
    id: number;
    sku: string;
    name: string;
    slug: string;
    category_id: number;
    brand_id: number | null;
    family: string | null;
    is_active: boolean;
    description: string;
    images: string[] | string;
  }>(
    write.tx,
    sql`select id, sku, name, slug, category_id, brand_id, family, is_active, description, images
        from products where sku = any(${textArray(skus)}::text[]) for update`,
  );
  for (const r of rows) {
    found.set(r.sku, {
      id: Number(r.id),
      sku: r.sku,
      name: r.name,
      slug: r.slug,
      categoryId: Number(r.category_id),
      brandId: r.brand_id === null ? null : Number(r.brand_id),
      family: r.family,
      isActive: r.is_active,
      description: r.description,
      images: typeof r.images === 'string' ? (JSON.parse(r.images) as string[]) : r.images,
      specifications: new Map(),
    });
  }
  if (found.size) {
    const byId = new Map([...found.values()].map((p) => [p.id, p]));
    const specs = await queryRows<{ product_id: number; specification_id: number; value: string }>(
      write.tx,
      sql`select product_id, specification_id, value from product_specifications
          where product_id = any(${intArray([...byId.keys()])}::int[]) order by product_id, specification_id, value`,
    );
    for (const s of specs) {
      const product = byId.get(Number(s.product_id))!;
      const values = product.specifications.get(Number(s.specification_id)) ?? [];
      values.push(s.value);
      product.specifications.set(Number(s.specification_id), values);
    }
  }
  return found;
}

/** Names the search text carries besides a product's own name: its brand and category. */
async function searchNames(write: CatalogWrite) {
  const [brandRows, categoryRows] = await Promise.all([
    write.tx.select({ id: brands.id, name: brands.name }).from(brands),
    write.tx.select({ id: categories.id, name: categories.name }).from(categories),
  ]);
  const brandNames = new Map(brandRows.map((b) => [b.id, b.name]));
  const categoryNames = new Map(categoryRows.map((c) => [c.id, c.name]));
  return (p: Pick<ProductFields, 'brandId' | 'categoryId' | 'description'>) =>
    [
      p.brandId === null ? '' : (brandNames.get(p.brandId) ?? ''),
      categoryNames.get(p.categoryId) ?? '',
      toPlainText(p.description, 2000),
    ]
      .filter(Boolean)
      .join(' ');
}

/** How each specification's values are stored: numbers also as numbers, for sorting and ranges. */
async function specKinds(write: CatalogWrite): Promise<Map<number, { slug: string; kind: string }>> {
  const rows = await write.tx
    .select({ id: specifications.id, slug: specifications.slug, kind: specifications.kind })
    .from(specifications);
  return new Map(rows.map((r) => [r.id, { slug: r.slug, kind: r.kind }]));
}

/** A number specification's value as a number (`2,5` → "2.5"), or null when it is not one. */
export function specNumber(value: string): string | null {
  const text = value.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(text) ? String(Number(text)) : null;
}

/** Creates products with their specification values (no offers: prices come with the prices file). */
export async function createProducts(
  write: CatalogWrite,
  drafts: readonly ProductDraft[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!drafts.length) return ids;
  const searchText = await searchNames(write);
  const kinds = await specKinds(write);
  for (let start = 0; start < drafts.length; start += CHUNK) {
    const batch = drafts
      .slice(start, start + CHUNK)
      .map((d) => ({ ...d, description: sanitizeRichText(d.description) }));
    const inserted = await write.tx
      .insert(products)
      .values(
        batch.map((d) => ({
          sku: d.sku,
          name: d.name,
          slug: d.slug,
          categoryId: d.categoryId,
          brandId: d.brandId,
          family: d.family,
          isActive: d.isActive,
          description: d.description,
          images: d.images,
          searchText: searchText(d),
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    for (const row of inserted) ids.set(row.sku, row.id);
    await insertSpecValues(
      write,
      batch.flatMap((d) =>
        [...d.specifications].map(([specId, values]) => ({ productId: ids.get(d.sku)!, specId, values })),
      ),
      kinds,
    );
  }
  write.touchCategories(drafts.map((d) => d.categoryId));
  write.markSearchWordsChanged(ids.values());
  write.record(
    drafts.map((d) => ({
      productId: ids.get(d.sku)!,
      sku: d.sku,
      country: null,
      field: 'product',
      oldValue: null,
      newValue: 'created',
    })),
  );
  return ids;
}

async function insertSpecValues(
  write: CatalogWrite,
  rows: { productId: number; specId: number; values: string[] }[],
  kinds: Map<number, { kind: string }>,
): Promise<void> {
  const flat = rows.flatMap((r) =>
    [...new Set(r.values)].map((value) => ({
      productId: r.productId,
      specificationId: r.specId,
      value,
      valueNumber: kinds.get(r.specId)?.kind === 'number' ? specNumber(value) : null,
    })),
  );
  for (let start = 0; start < flat.length; start += CHUNK)
    await write.tx.insert(productSpecifications).values(flat.slice(start, start + CHUNK));
}

const FIELD_NAMES: Record<keyof Omit<ProductFields, 'sku'>, string> = {
  name: 'name',
  slug: 'slug',
  categoryId: 'category',
  brandId: 'brand',
  family: 'family',
  isActive: 'is_active',
  description: 'description',
  images: 'images',
};

const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * Applies changes to existing products (`current` from `loadProductsBySku`, locked); fields equal to
 * what is stored are not written. Returns the ids of the products that changed.
 */
export async function updateProducts(
  write: CatalogWrite,
  updates: readonly ProductUpdate[],
  current: ReadonlyMap<string, StoredProduct>,
): Promise<Set<number>> {
  const changed = new Set<number>();
  const audit: FieldChange[] = [];
  const rows: StoredProduct[] = [];
  const specRows: { productId: number; specId: number; values: string[] }[] = [];
  const categories = new Set<number>();
  const words = new Set<number>();
  const kinds = await specKinds(write);
  for (const update of updates) {
    const before = current.get(update.sku)!;
    const fields = { ...update.fields };
    // What is stored was sanitised when written: the same text needs no second pass.
    if (fields.description !== undefined && fields.description !== before.description)
      fields.description = sanitizeRichText(fields.description);
    const after: StoredProduct = { ...before, ...fields, specifications: before.specifications };
    const auditedBefore = audit.length;
    for (const key of Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]) {
      const from = asText(before[key]);
      const to = asText(after[key]);
      if (from !== to)
        audit.push({
          productId: before.id,
          sku: before.sku,
          country: null,
          field: FIELD_NAMES[key],
          oldValue: from,
          newValue: to,
        });
    }
    const rowChanged = audit.length > auditedBefore;
    for (const [specId, values] of update.specifications ?? []) {
      const from = [...(before.specifications.get(specId) ?? [])].sort();
      const to = [...new Set(values)].sort();
      if (from.join('\u0000') === to.join('\u0000')) continue;
      specRows.push({ productId: before.id, specId, values: to });
      audit.push({
        productId: before.id,
        sku: before.sku,
        country: null,
        field: `spec:${kinds.get(specId)?.slug ?? specId}`,
        oldValue: from.length ? JSON.stringify(from) : null,
        newValue: to.length ? JSON.stringify(to) : null,
      });
      changed.add(before.id);
      categories.add(after.categoryId);
    }
    if (rowChanged) {
      rows.push(after);
      changed.add(before.id);
      categories.add(before.categoryId).add(after.categoryId);
      if (after.name !== before.name || after.description !== before.description || after.brandId !== before.brandId)
        words.add(before.id);
    }
  }
  if (rows.length) {
    const searchText = await searchNames(write);
    for (let start = 0; start < rows.length; start += CHUNK) {
      const part = rows.slice(start, start + CHUNK);
      await write.tx.execute(sql`
        update products p set name = v.name, slug = v.slug, category_id = v.category_id, brand_id = v.brand_id,
          family = v.family, is_active = v.is_active, description = v.description, images = v.images::jsonb,
          search_text = v.search_text, updated_at = now()
        from unnest(
          ${intArray(part.map((r) => r.id))}::int[], ${textArray(part.map((r) => r.name))}::text[],
          ${textArray(part.map((r) => r.slug))}::text[], ${intArray(part.map((r) => r.categoryId))}::int[],
          ${textArray(part.map((r) => (r.brandId === null ? null : String(r.brandId))))}::int[],
          ${textArray(part.map((r) => r.family))}::text[], ${textArray(part.map((r) => String(r.isActive)))}::boolean[],
          ${textArray(part.map((r) => r.description))}::text[], ${textArray(part.map((r) => JSON.stringify(r.images)))}::text[],
          ${textArray(part.map((r) => searchText(r)))}::text[]
        ) as v(id, name, slug, category_id, brand_id, family, is_active, description, images, search_text)
        where p.id = v.id`);
    }
  }
  if (specRows.length) {
    await write.tx.execute(sql`
      delete from product_specifications ps
      using unnest(${intArray(specRows.map((r) => r.productId))}::int[], ${intArray(specRows.map((r) => r.specId))}::int[])
        as v(product_id, specification_id)
      where ps.product_id = v.product_id and ps.specification_id = v.specification_id`);
    await insertSpecValues(write, specRows, kinds);
  }
  if (categories.size) write.touchCategories(categories);
  if (words.size) write.markSearchWordsChanged(words);
  write.record(audit);
  return changed;
}

/**
 * Gives products the SKUs their accounting system renamed them to (the exchange with 1C keeps each
 * product's 1C id, so a renamed SKU moves its product instead of making a second one). Audited as a
 * `sku` change. The caller checks that no other product holds a new SKU.
 */
export async function renameProducts(
  write: CatalogWrite,
  renames: readonly { id: number; from: string; to: string; categoryId: number }[],
): Promise<void> {
  if (!renames.length) return;
  await write.tx.execute(sql`
    update products p set sku = r.sku, updated_at = now()
    from unnest(${intArray(renames.map((r) => r.id))}::int[], ${textArray(renames.map((r) => r.to))}::text[]) as r(id, sku)
    where p.id = r.id`);
  write.touchCategories(renames.map((r) => r.categoryId));
  write.markSearchWordsChanged(renames.map((r) => r.id));
  write.record(
    renames.map((r) => ({ productId: r.id, sku: r.to, country: null, field: 'sku', oldValue: r.from, newValue: r.to })),
  );
}

/**
 * Deletes products an import created (its undo). Products that orders refer to are refused by the
 * database (the caller checks first and reports them).
 */
export async function deleteProducts(write: CatalogWrite, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await queryRows<{ id: number; sku: string; category_id: number }>(
    write.tx,
    sql`delete from products where id = any(${intArray(ids)}::int[]) returning id, sku, category_id`,
  );
  write.touchCategories(rows.map((r) => Number(r.category_id)));
  write.record(
    rows.map((r) => ({
      productId: null,
      sku: r.sku,
      country: null,
      field: 'product',
      oldValue: 'created',
      newValue: null,
    })),
  );
}

/** Brands by slug and by name (exact, case-insensitive), for resolving what files name. */
export async function loadBrandIndex(write: CatalogWrite) {
  const rows = await write.tx.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands);
  return {
    bySlug: new Map(rows.map((b) => [b.slug, b.id])),
    byName: new Map(rows.map((b) => [b.name.toLocaleLowerCase('ru'), b.id])),
    slugs: new Set(rows.map((b) => b.slug)),
  };
}

/** Creates a brand a file named that does not exist yet; answers its id. */
export async function createBrand(write: CatalogWrite, name: string, slug: string): Promise<number> {
  const [row] = await write.tx.insert(brands).values({ name, slug }).returning({ id: brands.id });
  write.markChanged();
  return row!.id;
}
