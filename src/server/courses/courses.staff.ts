/**
 * Courses as staff run them: every course, past and unpublished ones too; creating and changing one
 * (its price in the currency of its city's country, seats that never go below zero or above the
 * total, the description sanitised as every rich text), each write audited and visible on the site
 * at once in every process.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import { CITIES, type CityCode } from '../../shared/cities.ts';
import { COUNTRIES } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import { getDb } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { courseCategories, courses, visitorRequests } from '../db/schema/index.ts';
import { slugFor } from '../db/slugs.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';
import { shopToday } from './course-dates.ts';

export const COURSE_TEXT = {
  notFound: 'Курс не найден.',
  categoryNotFound: (slug: string) => `Раздела курсов «${slug}» нет.`,
  slugTaken: (slug: string) => `Адрес «${slug}» уже занят другим курсом.`,
  endBeforeStart: 'Курс не может закончиться раньше, чем начнётся.',
  seatsOverTotal: 'Свободных мест не может быть больше, чем мест всего.',
  timeOrder: 'Занятия не могут закончиться раньше, чем начнутся.',
} as const;

type CourseRow = typeof courses.$inferSelect;
export type StaffCourse = CourseRow & {
  category: { slug: string; name: string };
  /** Seats its accepted sign-ups hold (`course-seats.ts`), of those taken. */
  seatsByRequests: number;
};

export interface StaffCourseFilters {
  search?: string;
  city?: CityCode;
  /** `upcoming`: not yet ended; `past`: ended. */
  when?: 'upcoming' | 'past';
  limit: number;
  offset: number;
}

const selection = {
  course: courses,
  categorySlug: courseCategories.slug,
  categoryName: courseCategories.name,
  seatsByRequests: sql<number>`(select coalesce(sum(${visitorRequests.seatsHeld}), 0)::int from ${visitorRequests} where ${visitorRequests.courseId} = ${courses.id})`,
};
const toStaffCourse = (row: {
  course: CourseRow;
  categorySlug: string;
  categoryName: string;
  seatsByRequests: number;
}): StaffCourse => ({
  ...row.course,
  category: { slug: row.categorySlug, name: row.categoryName },
  seatsByRequests: Number(row.seatsByRequests),
});

/** Upcoming courses by start date; past ones, newest first. */
export async function listCoursesForStaff(
  filters: StaffCourseFilters,
): Promise<{ count: number; items: StaffCourse[] }> {
  const db = await getDb();
  const today = shopToday();
  const search = filters.search?.trim();
  const where = and(
    filters.city ? eq(courses.city, filters.city) : undefined,
    filters.when === 'upcoming' ? gte(courses.endDate, today) : undefined,
    filters.when === 'past' ? lt(courses.endDate, today) : undefined,
    search ? or(ilike(courses.title, containing(search)), ilike(courses.lecturer, containing(search))) : undefined,
  );
  const order =
    filters.when === 'upcoming'
      ? [asc(courses.startDate), asc(courses.id)]
      : [desc(courses.startDate), desc(courses.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(selection)
      .from(courses)
      .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
      .where(where)
      .orderBy(...order)
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(courses).where(where),
  ]);
  return { count: total?.n ?? 0, items: rows.map(toStaffCourse) };
}

export async function findCourseForStaff(id: number): Promise<StaffCourse> {
  const db = await getDb();
  const [row] = await db
    .select(selection)
    .from(courses)
    .innerJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(eq(courses.id, id));
  if (!row) throw new NotFoundError(COURSE_TEXT.notFound);
  return toStaffCourse(row);
}

/** What staff write of a course; `category` is the course category's slug. */
export interface CourseFields {
  title?: string;
  slug?: string;
  category?: string;
  city?: CityCode;
  venue?: string;
  address?: string;
  startDate?: string;
  endDate?: string;
  dayStarts?: string;
  dayEnds?: string;
  schedule?: string;
  price?: string;
  lecturer?: string;
  lecturerTitle?: string;
  seatsTotal?: number;
  seatsLeft?: number;
  lead?: string;
  description?: string;
  cover?: string | null;
  isPublished?: boolean;
}

/** Creates (`id` null) or changes a course. @throws NotFoundError, ValidationError */
export async function saveCourse(actor: number, id: number | null, fields: CourseFields): Promise<StaffCourse> {
  const db = await getDb();
  let savedId: number;
  let slug = fields.slug;
  try {
    savedId = await db.transaction(async (tx) => {
      slug = await slugFor(
        tx,
        { table: courses, column: courses.slug },
        { slug: fields.slug, title: fields.title, isNew: id === null },
      );
      const [before] =
        id === null ? [undefined] : await tx.select().from(courses).where(eq(courses.id, id)).for('update');
      if (id !== null && !before) throw new NotFoundError(COURSE_TEXT.notFound);
      const { category, description, ...rest } = fields;
      const values: Partial<CourseRow> = { ...rest, slug };
      if (category !== undefined) {
        const [found] = await tx
          .select({ id: courseCategories.id })
          .from(courseCategories)
          .where(eq(courseCategories.slug, category));
        if (!found) throw new ValidationError({ category: [COURSE_TEXT.categoryNotFound(category)] });
        values.categoryId = found.id;
      }
      if (description !== undefined) values.description = sanitizeRichText(description);
      const merged = { ...before, ...values } as CourseRow;
      if (merged.endDate < merged.startDate) throw new ValidationError({ end_date: [COURSE_TEXT.endBeforeStart] });
      if (merged.dayEnds < merged.dayStarts) throw new ValidationError({ day_ends: [COURSE_TEXT.timeOrder] });
      // A new total moves the free seats by as much, unless staff set them too.
      if (before && fields.seatsTotal !== undefined && fields.seatsLeft === undefined)
        values.seatsLeft = Math.max(0, before.seatsLeft + fields.seatsTotal - before.seatsTotal);
      const seatsLeft = values.seatsLeft ?? merged.seatsLeft ?? merged.seatsTotal;
      if (seatsLeft > merged.seatsTotal) throw new ValidationError({ seats_left: [COURSE_TEXT.seatsOverTotal] });
      values.seatsLeft = seatsLeft;
      values.currency = COUNTRIES[CITIES[merged.city as CityCode].country].currency;
      const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      const [after] =
        id === null
          ? await tx
              .insert(courses)
              .values(defined as typeof courses.$inferInsert)
              .returning()
          : await tx
              .update(courses)
              .set({ ...defined, updatedAt: new Date() })
              .where(eq(courses.id, id))
              .returning();
      await recordStaffChange(tx, {
        userId: actor,
        entity: 'course',
        entityId: after!.id,
        action: id === null ? 'create' : 'update',
        before: before ?? null,
        after: after!,
      });
      return after!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ slug: [COURSE_TEXT.slugTaken(slug ?? '')] });
    throw error;
  }
  await invalidate('content');
  return findCourseForStaff(savedId);
}

/** Deletes a course; its sign-ups stay in the inbox. To take it off the site, unpublish it instead. */
export async function deleteCourse(actor: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(courses).where(eq(courses.id, id)).returning();
    if (!row) throw new NotFoundError(COURSE_TEXT.notFound);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'course',
      entityId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  });
  await invalidate('content');
}

/** The course categories, for the course form. */
export async function listCourseCategoriesForStaff(): Promise<{ slug: string; name: string }[]> {
  const db = await getDb();
  return db
    .select({ slug: courseCategories.slug, name: courseCategories.name })
    .from(courseCategories)
    .orderBy(asc(courseCategories.position), asc(courseCategories.name));
}
