import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { CityCode } from '../../shared/cities.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { contentCache } from '../content/cache.ts';
import { getDb } from '../db/client.ts';
import { vacancies } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

export type Vacancy = typeof vacancies.$inferSelect & { city: CityCode; country: CountryCode };

interface Paging {
  limit: number;
  offset: number;
}

export interface VacancyFilters {
  country?: CountryCode;
  city?: CityCode;
  isOpen?: boolean;
}

/** Vacancies, open ones first, each group newest first. */
export function listVacancies(options: VacancyFilters & Paging): Promise<{ items: Vacancy[]; count: number }> {
  const key = `vacancies:${options.country ?? ''}:${options.city ?? ''}:${options.isOpen ?? ''}:${options.limit}:${options.offset}`;
  return contentCache.get(key, async () => {
    const db = await getDb();
    const conditions: (SQL | undefined)[] = [];
    if (options.country) conditions.push(eq(vacancies.country, options.country));
    if (options.city) conditions.push(eq(vacancies.city, options.city));
    if (options.isOpen !== undefined) conditions.push(eq(vacancies.isOpen, options.isOpen));
    const where = and(...conditions);
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(vacancies)
        .where(where)
        .orderBy(desc(vacancies.isOpen), desc(vacancies.publishedAt), desc(vacancies.id))
        .limit(options.limit)
        .offset(options.offset),
      db.select({ value: count() }).from(vacancies).where(where),
    ]);
    return { items: items as Vacancy[], count: total?.value ?? 0 };
  });
}

/** One vacancy, open or closed, by its id (the API) or its slug (the pages). */
export function getVacancy(key: { id: number } | { slug: string }): Promise<Vacancy> {
  return contentCache.get(`vacancy:${JSON.stringify(key)}`, async () => {
    const db = await getDb();
    const where = 'id' in key ? eq(vacancies.id, key.id) : eq(vacancies.slug, key.slug);
    const [row] = await db.select().from(vacancies).where(where);
    if (!row) throw new NotFoundError();
    return row as Vacancy;
  });
}
