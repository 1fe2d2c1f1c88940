/**
 * The catalog's taxonomy as staff edit it: categories (the tree, their order, shown or hidden) and
 * brands. Every write goes through the catalog's door (one transaction, every process's catalog
 * caches emptied after it) and leaves an audit row of what changed.
 */
import { asc, count, eq } from 'drizzle-orm';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { getDb } from '../db/client.ts';
import { brands, categories, categoryCompanions, products } from '../db/schema/index.ts';
import { slugFor } from '../db/slugs.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';
import { writeCatalog } from './catalog-write.ts';

export const TAXONOMY_TEXT = {
  categoryNotFound: 'Категория не найдена.',
  brandNotFound: 'Бренд не найден.',
  parentNotFound: (slug: string) => `Категории «${slug}» нет.`,
  parentLoop: 'Категорию нельзя вложить в саму себя или в её подкатегорию.',
  slugTaken: (slug: string) => `Адрес «${slug}» уже занят.`,
  companionSelf: 'Категория не может сопровождать саму себя.',
  categoryInUse: (products: number, children: number) =>
    `В категории товаров: ${products}, подкатегорий: ${children}. Перенесите их или скройте категорию.`,
} as const;

export type StaffCategory = typeof categories.$inferSelect & {
  parentSlug: string | null;
  depth: number;
  products: number;
  /** Its «С этим покупают» categories, by slug, in order. */
  companions: string[];
};

export type StaffBrand = typeof brands.$inferSelect & { products: number };

/** Every category, hidden ones too, in tree order (a parent, then its children by position). */
export async function listCategoriesForStaff(): Promise<StaffCategory[]> {
  const db = await getDb();
  const [rows, counts, companionRows] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
    db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
    db.select().from(categoryCompanions).orderBy(asc(categoryCompanions.position)),
  ]);
  const productCount = new Map(counts.map((c) => [c.id, c.n]));
  const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
  const companionsOf = (id: number) =>
    companionRows.filter((c) => c.categoryId === id).flatMap((c) => slugOf.get(c.companionId) ?? []);
  const out: StaffCategory[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const row of rows.filter((r) => r.parentId === parentId)) {
      out.push({
        ...row,
        parentSlug: row.parentId === null ? null : (slugOf.get(row.parentId) ?? null),
        depth,
        products: productCount.get(row.id) ?? 0,
        companions: companionsOf(row.id),
      });
      visit(row.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

export async function findCategoryForStaff(id: number): Promise<StaffCategory> {
  const found = (await listCategoriesForStaff()).find((c) => c.id === id);
  if (!found) throw new NotFoundError(TAXONOMY_TEXT.categoryNotFound);
  return found;
}

export interface CategoryFields {
  name?: string;
  slug?: string;
  /** The parent's slug; null: a top category. */
  parent?: string | null;
  position?: number;
  description?: string;
  image?: string | null;
  isActive?: boolean;
  /** Slugs of its «С этим покупают» categories, in order; replaces the list when given. */
  companions?: string[];
}

function slugConflict(error: unknown, slug: string | undefined): never {
  if (isUniqueViolation(error)) throw new ValidationError({ slug: [TAXONOMY_TEXT.slugTaken(slug ?? '')] });
  throw error;
}

/** Creates (`id` null) or changes a category. @throws NotFoundError, ValidationError */
export async function saveCategory(actor: number, id: number | null, fields: CategoryFields): Promise<StaffCategory> {
  const savedId = await writeCatalog({ source: 'staff', userId: actor }, async (write) => {
    const tx = write.tx;
    const slug = await slugFor(
      tx,
      { table: categories, column: categories.slug },
      { slug: fields.slug, title: fields.name, isNew: id === null },
    );
    const all = await tx.select().from(categories);
    const before = id === null ? null : all.find((c) => c.id === id);
    if (id !== null && !before) throw new NotFoundError(TAXONOMY_TEXT.categoryNotFound);
    let parentId: number | null | undefined;
    if (fields.parent !== undefined) {
      parentId = fields.parent === null ? null : (all.find((c) => c.slug === fields.parent)?.id ?? -1);
      if (parentId === -1) throw new ValidationError({ parent: [TAXONOMY_TEXT.parentNotFound(fields.parent!)] });
      for (let at = parentId; at !== null && id !== null; at = all.find((c) => c.id === at)?.parentId ?? null)
        if (at === id) throw new ValidationError({ parent: [TAXONOMY_TEXT.parentLoop] });
    }
    const values = {
      name: fields.name,
      slug,
      parentId,
      position: fields.position,
      description: fields.description,
      image: fields.image,
      isActive: fields.isActive,
    };
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const [after] =
      id === null
        ? await tx
            .insert(categories)
            .values({ name: fields.name ?? '', slug: slug!, ...defined })
            .returning()
            .catch((error: unknown) => slugConflict(error, slug))
        : Object.keys(defined).length === 0
          ? [before!] // only its companions change
          : await tx
              .update(categories)
              .set(defined)
              .where(eq(categories.id, id))
              .returning()
              .catch((error: unknown) => slugConflict(error, slug));
    const touched = [after!.id, before?.parentId, after!.parentId].filter((v): v is number => typeof v === 'number');
    write.touchCategories(touched);
    const companions = await saveCompanions(tx, after!.id, fields.companions, all);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'category',
      entityId: after!.id,
      action: id === null ? 'create' : 'update',
      before: before ? { ...before, ...(companions && { companions: companions.before }) } : null,
      after: { ...after!, ...(companions && { companions: companions.after }) },
    });
    return after!.id;
  });
  return findCategoryForStaff(savedId);
}

/** Replaces a category's companions by the given slugs (when given); the lists before and after, for the journal. */
async function saveCompanions(
  tx: Parameters<Parameters<typeof writeCatalog>[1]>[0]['tx'],
  categoryId: number,
  slugs: string[] | undefined,
  all: (typeof categories.$inferSelect)[],
): Promise<{ before: string[]; after: string[] } | null> {
  if (slugs === undefined) return null;
  const wanted = [...new Set(slugs.map((slug) => slug.trim()).filter(Boolean))];
  const ids = wanted.map((slug) => all.find((c) => c.slug === slug)?.id);
  const unknown = wanted.filter((_, i) => ids[i] === undefined);
  if (unknown.length) throw new ValidationError({ companions: unknown.map(TAXONOMY_TEXT.parentNotFound) });
  if (ids.includes(categoryId)) throw new ValidationError({ companions: [TAXONOMY_TEXT.companionSelf] });
  const slugOf = new Map(all.map((c) => [c.id, c.slug]));
  const earlier = await tx
    .select()
    .from(categoryCompanions)
    .where(eq(categoryCompanions.categoryId, categoryId))
    .orderBy(asc(categoryCompanions.position));
  await tx.delete(categoryCompanions).where(eq(categoryCompanions.categoryId, categoryId));
  if (ids.length)
    await tx
      .insert(categoryCompanions)
      .values(ids.map((companionId, position) => ({ categoryId, companionId: companionId!, position })));
  return { before: earlier.map((c) => slugOf.get(c.companionId) ?? String(c.companionId)), after: wanted };
}

/** Deletes an empty category. @throws NotFoundError; ValidationError while it has products or subcategories */
export async function deleteCategory(actor: number, id: number): Promise<void> {
  await writeCatalog({ source: 'staff', userId: actor }, async (write) => {
    const tx = write.tx;
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw new NotFoundError(TAXONOMY_TEXT.categoryNotFound);
    const [[items], [children]] = await Promise.all([
      tx.select({ n: count() }).from(products).where(eq(products.categoryId, id)),
      tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id)),
    ]);
    if ((items?.n ?? 0) > 0 || (children?.n ?? 0) > 0)
      throw new ValidationError({ non_field_errors: [TAXONOMY_TEXT.categoryInUse(items?.n ?? 0, children?.n ?? 0)] });
    await tx.delete(categories).where(eq(categories.id, id));
    write.markChanged();
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'category',
      entityId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  });
}

/** Every brand with how many products it has, by name. */
export async function listBrandsForStaff(): Promise<StaffBrand[]> {
  const db = await getDb();
  const [rows, counts] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.name), asc(brands.id)),
    db.select({ id: products.brandId, n: count() }).from(products).groupBy(products.brandId),
  ]);
  const productCount = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((row) => ({ ...row, products: productCount.get(row.id) ?? 0 }));
}

export async function findBrandForStaff(id: number): Promise<StaffBrand> {
  const found = (await listBrandsForStaff()).find((b) => b.id === id);
  if (!found) throw new NotFoundError(TAXONOMY_TEXT.brandNotFound);
  return found;
}

export interface BrandFields {
  name?: string;
  slug?: string;
  origin?: string;
  description?: string;
  logo?: string | null;
}

/** Creates (`id` null) or changes a brand. @throws NotFoundError, ValidationError */
export async function saveBrand(actor: number, id: number | null, fields: BrandFields): Promise<StaffBrand> {
  const savedId = await writeCatalog({ source: 'staff', userId: actor }, async (write) => {
    const tx = write.tx;
    const slug = await slugFor(
      tx,
      { table: brands, column: brands.slug },
      { slug: fields.slug, title: fields.name, isNew: id === null },
    );
    const [before] = id === null ? [null] : await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (id !== null && !before) throw new NotFoundError(TAXONOMY_TEXT.brandNotFound);
    const values = Object.fromEntries(
      Object.entries({ ...fields, slug }).filter(([, v]) => v !== undefined),
    ) as BrandFields;
    const [after] =
      id === null
        ? await tx
            .insert(brands)
            .values({ name: fields.name ?? '', ...values, slug: slug! })
            .returning()
            .catch((error: unknown) => slugConflict(error, slug))
        : Object.keys(values).length === 0
          ? [before!] // nothing sent to change
          : await tx
              .update(brands)
              .set(values)
              .where(eq(brands.id, id))
              .returning()
              .catch((error: unknown) => slugConflict(error, slug));
    write.markChanged();
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'brand',
      entityId: after!.id,
      action: id === null ? 'create' : 'update',
      before: before ?? null,
      after: after!,
    });
    return after!.id;
  });
  return findBrandForStaff(savedId);
}

/** Deletes a brand; its products stay, without a brand. @throws NotFoundError */
export async function deleteBrand(actor: number, id: number): Promise<void> {
  await writeCatalog({ source: 'staff', userId: actor }, async (write) => {
    const [row] = await write.tx.delete(brands).where(eq(brands.id, id)).returning();
    if (!row) throw new NotFoundError(TAXONOMY_TEXT.brandNotFound);
    write.markChanged();
    await recordStaffChange(write.tx, {
      userId: actor,
      entity: 'brand',
      entityId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  });
}
