import { eq } from 'drizzle-orm';
import { CITIES, type CityCode } from '../../shared/cities.ts';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
import { getDb, type Db } from '../db/client.ts';
import { vacancies } from '../db/schema/index.ts';
import { slugFor } from '../db/slugs.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';
import type { Vacancy } from './vacancies.queries.ts';

export type NewVacancy = typeof vacancies.$inferInsert;

export async function insertVacancies(db: Db, items: NewVacancy[]): Promise<void> {
  if (items.length) await db.insert(vacancies).values(items);
}

export const VACANCY_TEXT = {
  notFound: 'Вакансия не найдена.',
  slugTaken: (slug: string) => `Адрес «${slug}» уже занят другой вакансией.`,
  cityElsewhere: 'Этот город в другой стране: выберите город страны вакансии.',
  salaryOrder: 'Зарплата «от» больше, чем «до».',
} as const;

/** What staff write of a vacancy; the salary is in the country's currency. */
export type VacancyFields = Omit<NewVacancy, 'id' | 'slug' | 'salaryCurrency' | 'updatedAt' | 'publishedAt'> & {
  slug?: string;
};

function checked(fields: Partial<VacancyFields>, current?: Vacancy): Partial<NewVacancy> {
  const country = (fields.country ?? current?.country) as CountryCode;
  const city = (fields.city ?? current?.city) as CityCode;
  if (CITIES[city]?.country !== country) throw new ValidationError({ city: [VACANCY_TEXT.cityElsewhere] });
  const from = fields.salaryFrom === undefined ? current?.salaryFrom : fields.salaryFrom;
  const to = fields.salaryTo === undefined ? current?.salaryTo : fields.salaryTo;
  if (from != null && to != null && Number(from) > Number(to))
    throw new ValidationError({ salary_to: [VACANCY_TEXT.salaryOrder] });
  const salaryCurrency = from != null || to != null ? COUNTRIES[country].currency : null;
  return { ...fields, salaryCurrency };
}

async function write<T>(work: (db: Db) => Promise<T>, slug: string | undefined): Promise<T> {
  const db = await getDb();
  try {
    const result = await db.transaction((tx) => work(tx));
    await invalidate('content');
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ slug: [VACANCY_TEXT.slugTaken(slug ?? '')] });
    throw error;
  }
}

/** Publishes a vacancy now (its slug from the title when none is given), with its audit row. */
export async function createVacancy(actor: number, fields: VacancyFields): Promise<Vacancy> {
  const values = checked(fields);
  return write(async (tx) => {
    const slug = await slugFor(
      tx,
      { table: vacancies, column: vacancies.slug },
      { slug: fields.slug, title: fields.title, isNew: true },
    );
    const [row] = await tx
      .insert(vacancies)
      .values({ ...values, slug } as NewVacancy)
      .returning();
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'vacancy',
      entityId: row!.id,
      action: 'create',
      before: null,
      after: row!,
    });
    return row as Vacancy;
  }, fields.slug);
}

/** Changes the fields given (closing it is `isOpen: false`). @throws NotFoundError, ValidationError */
export async function updateVacancy(actor: number, id: number, fields: Partial<VacancyFields>): Promise<Vacancy> {
  return write(async (tx) => {
    const [before] = await tx.select().from(vacancies).where(eq(vacancies.id, id)).for('update');
    if (!before) throw new NotFoundError(VACANCY_TEXT.notFound);
    // An empty slug keeps the vacancy's address, as for every table with one (`slugFor`).
    const { slug, ...rest } = fields;
    const values = { ...checked(rest, before as Vacancy), ...(slug ? { slug } : {}), updatedAt: new Date() };
    const [after] = await tx.update(vacancies).set(values).where(eq(vacancies.id, id)).returning();
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'vacancy',
      entityId: id,
      action: 'update',
      before,
      after: after!,
    });
    return after as Vacancy;
  }, fields.slug);
}

/** Deletes it; its applications stay in the inbox. @throws NotFoundError */
export async function deleteVacancy(actor: number, id: number): Promise<void> {
  await write(async (tx) => {
    const [row] = await tx.delete(vacancies).where(eq(vacancies.id, id)).returning();
    if (!row) throw new NotFoundError(VACANCY_TEXT.notFound);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'vacancy',
      entityId: id,
      action: 'delete',
      before: row,
      after: null,
    });
  }, undefined);
}
