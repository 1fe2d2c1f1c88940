/**
 * Catalog changes as an import's page and its changes file show them: the field by the one dictionary
 * of field names (shared/field-labels.ts) and each value as the journal writes it (audit/journal-words.ts:
 * money with its currency, «да»), with the names that stored values leave as ids (categories, brands,
 * specifications) looked up once for a whole list.
 */
import { sql } from 'drizzle-orm';
import { isCountryCode } from '../../shared/countries.ts';
import { fieldLabel } from '../../shared/field-labels.ts';
import { valueText } from '../audit/journal-words.ts';
import { toPlainText } from '../content/sanitize.ts';
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

function photoCount(value: string): string {
  try {
    const list: unknown = JSON.parse(value);
    if (Array.isArray(list)) return list.length === 0 ? 'нет фото' : `фото: ${list.length}`;
  } catch {
    // Not a list: read as it is below.
  }
  return value;
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
  const names: Record<string, Map<string, string>> = {
    category: new Map(categoryRows.map((r) => [String(r.id), r.name])),
    brand: new Map(brandRows.map((r) => [String(r.id), r.name])),
  };
  const specNames = new Map(specRows.map((r) => [r.slug, r.name]));
  const text = (change: ChangeToDescribe, value: string | null): string => {
    if (value === null || value === '') return '—';
    if (change.field === 'offer') return value === 'sold' ? 'продаётся' : value;
    if (change.field === 'product') return value === 'created' ? 'создан' : value;
    if (change.field === 'images') return photoCount(value);
    if (change.field === 'description') return toPlainText(value, 120) || '—';
    const country = change.country && isCountryCode(change.country) ? change.country : null;
    return valueText({ entity: 'product', country }, change.field, value, names[change.field]?.get(value) ?? null);
  };
  return changes.map((c) => ({
    label: c.field.startsWith('spec:')
      ? `характеристика «${specNames.get(c.field.slice(5)) ?? c.field.slice(5)}»`
      : fieldLabel(c.field),
    oldText: text(c, c.oldValue),
    newText: text(c, c.newValue),
  }));
}
