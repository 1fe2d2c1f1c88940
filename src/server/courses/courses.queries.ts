import { and, asc, count, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { citiesOf, type CityCode } from '../../shared/cities.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { contentCache } from '../content/cache.ts';
import { getDb } from '../db/client.ts';
import { courseCategories, courses } from '../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { monthRange, shopToday } from './course-dates.ts';

export type CourseCategory = typeof courseCategories.$inferSelect;
type CourseRow = typeof courses.$inferSelect;
export type CourseSummary = Omit<CourseRow, 'description' | 'categoryId' | 'city' | 'isPublished'> & {
  city: CityCode;
  category: { id: number; slug: string; name: string };
};
export type Course = CourseSummary & { description: string };

interface Paging {
  limit: number;
  offset: number;
}

export interface CourseFilters {
  /** A course category's slug; an unknown one is a ValidationError. */
  category?: string;
  city?: CityCode;
  /** `YYYY-MM`: the courses that run in that month, past ones included. Without it: upcoming courses. */
  month?: string;
  /** The courses in this country's cities first (its pages: Bishkek and Osh before Almaty on `kg`), each part soonest first. */
  firstIn?: CountryCode;
}

export function listCourseCategories(paging: Paging): Promise<{ items: CourseCategory[]; count: number }> {
  return contentCache.get(`course-categories:${paging.limit}:${paging.offset}`, async () => {
    const db = await getDb();
    const [items, [total]] = await Promise.all([
      db
        .select()
        .from(courseCategories)
        .orderBy(asc(courseCategories.position), asc(courseCategories.id))
        .limit(paging.limit)
        .offset(paging.offset),
      db.select({ value: count() }).from(courseCategories),
    ]);
    return { items, count: total?.value ?? 0 };
  });
}

export function getCourseCategory(id: number): Promise<CourseCategory> {
  return contentCache.get(`course-category:${id}`, async () => {
    const db = await getDb();
    const [row] = await db.select().from(courseCategories).where(eq(courseCategories.id, id));
    if (!row) throw new NotFoundError();
    return row;
  });
}

const {
  description: _description,
  categoryId: _categoryId,
  isPublished: _isPublished,
  ...summaryColumns
} = getTableColumns(courses);
const categoryColumns = { id: courseCategories.id, slug: courseCategories.slug, name: courseCategories.name };

/**
 * Published courses, soonest first. Without a month, only upcoming ones (their last day has not
 * passed); with one, every course that runs in it.
 */
export function listCourses(
  filters: CourseFilters & Paging,
  today = shopToday(),
): Promise<{ items: CourseSummary[]; count: number }> {
  const key = `courses:${filters.category ?? ''}:${filters.city ?? ''}:${filters.month ?? today}:${filters.firstIn ?? ''}:${filters.limit}:${filters.offset}`;
  return contentCache.get(key, async () => {
    const db = await getDb();
    const where = await courseConditions(filters, today);
    const [items, [total]] = await Promise.all([
      db
        .select({ ...summaryColumns, category: categoryColumns })
        .from(courses)
        .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
        .where(where)
        .orderBy(
          ...(filters.firstIn ? [sql`${inArray(courses.city, citiesOf(filters.firstIn))} desc`] : []),
          asc(courses.startDate),
          asc(courses.id),
        )
        .limit(filters.limit)
        .offset(filters.offset),
      db.select({ value: count() }).from(courses).where(where),
    ]);
    return { items: items as CourseSummary[], count: total?.value ?? 0 };
  });
}

async function courseConditions(filters: CourseFilters, today: string): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [eq(courses.isPublished, true)];
  if (filters.month) {
    const { first, last } = monthRange(filters.month);
    conditions.push(lte(courses.startDate, last), gte(courses.endDate, first));
  } else {
    conditions.push(gte(courses.endDate, today));
  }
  if (filters.city) conditions.push(eq(courses.city, filters.city));
  if (filters.category) conditions.push(eq(courses.categoryId, await courseCategoryId(filters.category)));
  return and(...conditions);
}

async function courseCategoryId(slug: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(eq(courseCategories.slug, slug));
  if (!row) throw new ValidationError({ category: [`Категория курсов «${slug}» не найдена.`] });
  return row.id;
}

/** One published course, past or upcoming, by its slug. */
export function getCourse(slug: string): Promise<Course> {
  return contentCache.get(`course:${slug}`, async () => {
    const db = await getDb();
    const [row] = await db
      .select({ ...summaryColumns, description: courses.description, category: categoryColumns })
      .from(courses)
      .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
      .where(and(eq(courses.slug, slug), eq(courses.isPublished, true)));
    if (!row) throw new NotFoundError();
    return row as Course;
  });
}

/** Upcoming courses per city, for the city filter's counts. */
export function countUpcomingCoursesByCity(today = shopToday()): Promise<Partial<Record<CityCode, number>>> {
  return contentCache.get(`course-cities:${today}`, async () => {
    const db = await getDb();
    const rows = await db
      .select({ city: courses.city, value: count() })
      .from(courses)
      .where(and(eq(courses.isPublished, true), gte(courses.endDate, today)))
      .groupBy(courses.city);
    return Object.fromEntries(rows.map((r) => [r.city, r.value]));
  });
}

/** Slugs and dates of every published course, for the sitemap. */
export function listCourseLinks(): Promise<{ slug: string; updatedAt: Date }[]> {
  return contentCache.get('course-links', async () => {
    const db = await getDb();
    return db
      .select({ slug: courses.slug, updatedAt: courses.updatedAt })
      .from(courses)
      .where(eq(courses.isPublished, true))
      .orderBy(asc(courses.startDate), sql`${courses.id}`);
  });
}
