/** The home page's promotional banners, for every country or one. */
import { and, asc, count, eq, isNull, or, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { banners } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import type { Paging } from '../paging.ts';
import type { CountryCode } from '../../shared/countries.ts';

export type Banner = typeof banners.$inferSelect;

/** Active banners; with a country, those for every country plus that country's own. */
export async function listBanners(
  options: Paging & { country?: CountryCode },
): Promise<{ items: Banner[]; count: number }> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [eq(banners.isActive, true)];
  if (options.country) conditions.push(or(isNull(banners.country), eq(banners.country, options.country)));
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(banners)
      .where(where)
      .orderBy(asc(banners.position), asc(banners.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(banners).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getBanner(id: number): Promise<Banner> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.isActive, true)));
  if (!row) throw new NotFoundError();
  return row;
}
