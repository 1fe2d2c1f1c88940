import type { Db } from '../db/client.ts';
import { vacancies } from '../db/schema/index.ts';

export type NewVacancy = typeof vacancies.$inferInsert;

export async function insertVacancies(db: Db, items: NewVacancy[]): Promise<void> {
  if (items.length) await db.insert(vacancies).values(items);
}
