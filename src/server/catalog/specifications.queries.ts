import { and, asc, count, countDistinct, eq, inArray, min, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { products, productSpecifications, specifications } from '../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { loadCategories, subtreeIds } from './categories.queries.ts';
import type { FacetValue } from './facets.queries.ts';
import { compareSpecValues } from './spec-values.ts';

export interface Specification {
  id: number;
  slug: string;
  name: string;
  unit: string | null;
  kind: 'number' | 'text';
  isFilter: boolean;
  /** Distinct values on active products (of the category subtree when one is given), with product counts. */
  values: FacetValue[];
}

const columns = {
  id: specifications.id,
  slug: specifications.slug,
  name: specifications.name,
  unit: specifications.unit,
  kind: specifications.kind,
  isFilter: specifications.isFilter,
};

/** @throws ValidationError for an unknown category slug. */
export async function listSpecifications(options: {
  categorySlug?: string;
  isFilter?: boolean;
  limit: number;
  offset: number;
}): Promise<{ items: Specification[]; count: number }> {
  const db = await getDb();
  let categoryIds: number[] | undefined;
  if (options.categorySlug) {
    const rows = await loadCategories();
    const root = rows.find((row) => row.slug === options.categorySlug);
    if (!root) throw new ValidationError({ category__slug: [`Категория «${options.categorySlug}» не найдена.`] });
    categoryIds = subtreeIds(rows, root.id);
  }
  const conditions: (SQL | undefined)[] = [
    options.isFilter === undefined ? undefined : eq(specifications.isFilter, options.isFilter),
  ];
  const values = await db
    .select({
      specificationId: productSpecifications.specificationId,
      value: productSpecifications.value,
      sortNumber: min(productSpecifications.valueNumber),
      count: countDistinct(productSpecifications.productId),
    })
    .from(productSpecifications)
    .innerJoin(products, eq(products.id, productSpecifications.productId))
    .where(and(eq(products.isActive, true), categoryIds ? inArray(products.categoryId, categoryIds) : undefined))
    .groupBy(productSpecifications.specificationId, productSpecifications.value);
  if (categoryIds) conditions.push(inArray(specifications.id, [...new Set(values.map((v) => v.specificationId)), -1]));

  const where = and(...conditions);
  const [specs, [total]] = await Promise.all([
    db
      .select(columns)
      .from(specifications)
      .where(where)
      .orderBy(asc(specifications.position), asc(specifications.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(specifications).where(where),
  ]);
  return {
    items: specs.map((spec) => ({
      ...spec,
      values: values
        .filter((v) => v.specificationId === spec.id)
        .sort((a, b) => compareSpecValues(spec.kind, a, b))
        .map((v) => ({ value: v.value, count: Number(v.count) })),
    })),
    count: total?.value ?? 0,
  };
}

/** @throws NotFoundError */
export async function getSpecification(id: number): Promise<Specification> {
  const db = await getDb();
  const [spec] = await db.select(columns).from(specifications).where(eq(specifications.id, id));
  if (!spec) throw new NotFoundError();
  const values = await db
    .select({
      value: productSpecifications.value,
      sortNumber: min(productSpecifications.valueNumber),
      count: countDistinct(productSpecifications.productId),
    })
    .from(productSpecifications)
    .innerJoin(products, eq(products.id, productSpecifications.productId))
    .where(and(eq(productSpecifications.specificationId, id), eq(products.isActive, true)))
    .groupBy(productSpecifications.value);
  values.sort((a, b) => compareSpecValues(spec.kind, a, b));
  return { ...spec, values: values.map((v) => ({ value: v.value, count: Number(v.count) })) };
}
