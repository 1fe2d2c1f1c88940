/**
 * The demo data set, filled area by area: exchange rates, banners, the company's offices and documents,
 * the catalog, the content (articles, news, site pages), courses, printing prices and vacancies, and
 * outside production the demo accounts. The countries every price refers to are not demo data: the boot
 * sequence writes them from `shared/countries.ts` before this runs. Runs under the boot sequence's lock,
 * so several processes starting at once fill it once.
 */
import { seedDemoAccounts } from '../accounts/seed.ts';
import { afterBulkLoad } from '../catalog/maintenance.ts';
import { seedCatalogDemo } from '../catalog/seed/index.ts';
import { seedClinicDemo } from '../clinics/seed/index.ts';
import { hasPublications, seedBannersDemo, seedContentDemo } from '../content/seed/index.ts';
import { hasExchanges, seedExchangesDemo } from '../currency/seed.ts';
import { seedCompanyDemo } from '../company/seed/index.ts';
import { hasCourses, seedCoursesDemo } from '../courses/seed.ts';
import type { Db } from '../db/client.ts';
import { syncCountries } from '../db/countries.ts';
import { seedPrintingDemo } from '../printing/seed.ts';
import { seedVacanciesDemo } from '../vacancies/seed.ts';

/** Fills an empty database with the demo data set, area by area; a few cheap queries when it is filled already. */
export async function seedIfEmpty(db: Db): Promise<void> {
  if (!(await hasExchanges(db))) {
    await db.transaction((tx) => insertDemo(tx));
    await afterBulkLoad(db);
  }
  // Apart from the catalog, so databases seeded before these areas existed get them too.
  if (!(await hasPublications(db))) await seedContentDemo(db);
  if (!(await hasCourses(db))) await db.transaction((tx) => seedServicesDemo(tx));
  await seedDemoAccounts(db);
  await seedClinicDemo(db);
}

/** Inserts the whole demo data set in one transaction, then the demo accounts (not in production); expects empty tables. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction((tx) => insertDemo(tx));
  await seedDemoAccounts(db);
  await seedClinicDemo(db);
  await afterBulkLoad(db);
}

async function insertDemo(db: Db): Promise<void> {
  // Already there after a boot; not after `npm run seed -- --reset` emptied every table.
  await syncCountries(db);
  await seedExchangesDemo(db);
  await seedBannersDemo(db);
  await seedCompanyDemo(db);
  await seedCatalogDemo(db);
  await seedContentDemo(db);
  await seedServicesDemo(db);
}

async function seedServicesDemo(db: Db): Promise<void> {
  await seedCoursesDemo(db);
  await seedPrintingDemo(db);
  await seedVacanciesDemo(db);
}
