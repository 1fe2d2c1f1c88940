import { sanitizeRichText } from '../content/sanitize.ts';
import type { Db } from '../db/client.ts';
import { courseCategories, courses, printingPriceOffers, printingPrices, vacancies } from '../db/schema/index.ts';

export type NewCourseCategory = typeof courseCategories.$inferInsert;
export type NewCourse = typeof courses.$inferInsert;
export type NewVacancy = typeof vacancies.$inferInsert;
export interface NewPrintingPrice extends Omit<typeof printingPrices.$inferInsert, 'id'> {
  prices: { country: string; price: string }[];
}

/** Stores course categories; answers their ids by slug. */
export async function insertCourseCategories(db: Db, items: NewCourseCategory[]): Promise<Map<string, number>> {
  const rows = await db
    .insert(courseCategories)
    .values(items)
    .returning({ id: courseCategories.id, slug: courseCategories.slug });
  return new Map(rows.map((r) => [r.slug, r.id]));
}

/** Stores courses with their descriptions sanitised once, here. */
export async function insertCourses(db: Db, items: NewCourse[]): Promise<void> {
  if (!items.length) return;
  await db
    .insert(courses)
    .values(items.map((item) => ({ ...item, description: sanitizeRichText(item.description ?? '') })));
}

/** Stores printing services with their price in each country that offers them. */
export async function insertPrintingPrices(db: Db, items: NewPrintingPrice[]): Promise<void> {
  for (const { prices, ...item } of items) {
    const [row] = await db.insert(printingPrices).values(item).returning({ id: printingPrices.id });
    if (prices.length)
      await db.insert(printingPriceOffers).values(prices.map((p) => ({ ...p, printingPriceId: row!.id })));
  }
}

export async function insertVacancies(db: Db, items: NewVacancy[]): Promise<void> {
  if (items.length) await db.insert(vacancies).values(items);
}
