/**
 * Catalog changes in words staff read (shared/catalog-fields.ts), with the names that stored values
 * leave as ids: categories, brands and specifications, looked up once for a whole list.
 */
import { sql } from 'drizzle-orm';
import { catalogFieldLabel, catalogValueText } from '../../shared/catalog-fields.ts';
import { getDb, intArray, queryRows, textArray } from '../db/client.ts';

export interface ChangeToDescribe {
  field: string;
  country: string | null;
  oldValue: string | null;
  newValue: string | null;
}

export interface ChangeTexts {
  label: string;
  oldText: string;
  newText: string;
}

/** The label and the two values of each change, in the order given. */
export async function describeChanges(changes: readonly ChangeToDescribe[]): Promise<ChangeTexts[]> {
  const ids = (field: string) =>
    [...new Set(changes.filter((c) => c.field === field).flatMap((c) => [c.oldValue, c.newValue]))]
      .filter((v): v is string => v !== null && /^\d+$/.test(v))
      .map(Number);
  const categoryIds = ids('category');
  const brandIds = ids('brand');
  const specSlugs = [...new Set(changes.filter((c) => c.field.startsWith('spec:')).map((c) => c.field.slice(5)))];
  const db = await getDb();
  const [categoryRows, brandRows, specRows] = await Promise.all([
    categoryIds.length
      ? queryRows<{ id: number; name: string }>(
          db,
          sql`select id, name from categories where id = any(${intArray(categoryIds)}::int[])`,
        )
      : [],
    brandIds.length
      ? queryRows<{ id: number; name: string }>(
          db,
          sql`select id, name from brands where id = any(${intArray(brandIds)}::int[])`,
        )
      : [],
    specSlugs.length
      ? queryRows<{ slug: string; name: string }>(
          db,
          sql`select slug, name from specifications where slug = any(${textArray(specSlugs)}::text[])`,
        )
      : [],
  ]);
  const names = {
    categories: new Map(categoryRows.map((r) => [String(r.id), r.name])),
    brands: new Map(brandRows.map((r) => [String(r.id), r.name])),
  };
  const specNames = new Map(specRows.map((r) => [r.slug, r.name]));
  return changes.map((c) => ({
    label: catalogFieldLabel(c.field, specNames),
    oldText: catalogValueText(c.field, c.oldValue, c.country, names),
    newText: catalogValueText(c.field, c.newValue, c.country, names),
  }));
}
