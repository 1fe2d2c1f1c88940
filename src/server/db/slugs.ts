/**
 * The address (slug) of a record staff write: the one they give, else one made from its title and
 * kept unique within its scope (a table, or a table's section: publications per kind), the same
 * rule for every table that has one.
 */
import { and, like, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { slugify } from '../../shared/slug.ts';
import { ValidationError } from '../errors.ts';
import type { Db } from './client.ts';

/** The longest slug stored; a longer title is cut, its number kept. */
export const MAX_SLUG = 190;

export const SLUG_TEXT = {
  noSlug: 'Из названия не получается адрес: укажите slug латиницей.',
} as const;

/** Where a slug must be unique: a table's slug column, and the rows of its section when the index says so. */
export interface SlugScope {
  table: PgTable;
  column: PgColumn;
  /** The section's rows (`eq(publications.kind, 'news')`); absent: the whole table. */
  within?: SQL;
}

interface SlugSource {
  /** The slug staff gave; empty or absent: none. */
  slug?: string | null;
  /** What a new row's slug is made from: its name or title. */
  title?: string | null;
  isNew: boolean;
}

/**
 * The slug a row is written with. A slug staff gave is kept as it is (a taken one is refused by the
 * table's unique index, which the caller reports); a new row without one gets its title's
 * (`slugify`), numbered past those its scope holds: «Доставка» twice is `dostavka`, then `dostavka-2`.
 * A change that gives none keeps the row's slug (undefined).
 * @throws ValidationError `{slug}` when a new row's title has nothing to make a slug of
 */
export async function slugFor(
  db: Db,
  scope: SlugScope,
  record: SlugSource & { isNew: true },
  noSlug?: string,
): Promise<string>;
export async function slugFor(
  db: Db,
  scope: SlugScope,
  record: SlugSource,
  noSlug?: string,
): Promise<string | undefined>;
export async function slugFor(
  db: Db,
  scope: SlugScope,
  record: SlugSource,
  noSlug: string = SLUG_TEXT.noSlug,
): Promise<string | undefined> {
  if (record.slug) return record.slug;
  if (!record.isNew) return undefined;
  const base = slugify(record.title ?? '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  if (!base) throw new ValidationError({ slug: [noSlug] });
  // Every slug the numbering could give starts with this (a long title is cut to make room for the
  // number); a slug is Latin letters, digits and hyphens only, so nothing in it is a LIKE wildcard.
  const stem = base.slice(0, MAX_SLUG - 8);
  const taken = await db
    .select({ slug: scope.column })
    .from(scope.table)
    .where(and(like(scope.column, `${stem}%`), scope.within));
  const used = new Set(taken.map((row) => row.slug as string));
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : `-${n}`;
    const slug = `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(slug)) return slug;
  }
}
