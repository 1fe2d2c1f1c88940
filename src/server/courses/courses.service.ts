import { sanitizeRichText } from '../content/sanitize.ts';
import type { Db } from '../db/client.ts';
import { courseCategories, courses } from '../db/schema/index.ts';

export type NewCourseCategory = typeof courseCategories.$inferInsert;
export type NewCourse = typeof courses.$inferInsert;

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
