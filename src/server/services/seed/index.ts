import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseCategories } from '../../db/schema/index.ts';
import { addDays, shopToday } from '../course-dates.ts';
import { insertCourseCategories, insertCourses, insertPrintingPrices, insertVacancies } from '../services.service.ts';
import { courseCategorySeeds, courseSeeds } from './courses.ts';
import { printingPriceSeeds } from './printing.ts';
import { vacancySeeds } from './vacancies.ts';

const DAY_MS = 86_400_000;

/** The demo course categories and courses (dated from `now`), printing prices and vacancies. */
export async function seedServicesDemo(db: Db, now = new Date()): Promise<void> {
  const today = shopToday(now);
  const categoryIds = await insertCourseCategories(
    db,
    courseCategorySeeds.map((c, position) => ({ ...c, position })),
  );
  await insertCourses(
    db,
    courseSeeds.map(({ category, startInDays, days, ...course }) => {
      const categoryId = categoryIds.get(category);
      if (categoryId === undefined) throw new Error(`Course ${course.slug}: no course category "${category}"`);
      const startDate = addDays(today, startInDays);
      return { ...course, categoryId, startDate, endDate: addDays(startDate, Math.max(1, days) - 1) };
    }),
  );
  await insertPrintingPrices(
    db,
    printingPriceSeeds.map(({ prices, ...item }, position) => ({
      ...item,
      position,
      prices: Object.entries(prices).map(([country, price]) => ({ country, price: price! })),
    })),
  );
  await insertVacancies(
    db,
    vacancySeeds.map(({ daysAgo, validForDays, ...vacancy }) => {
      const publishedAt = new Date(now.getTime() - daysAgo * DAY_MS - 3_600_000);
      return {
        ...vacancy,
        publishedAt,
        validThrough: validForDays === null ? null : addDays(shopToday(publishedAt), validForDays),
      };
    }),
  );
}

/** Whether the services' data is in place (a database seeded before it existed has none). */
export async function hasServices(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(courseCategories);
  return (row?.n ?? 0) > 0;
}
