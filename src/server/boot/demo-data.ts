/**
 * The demo data set, filled area by area: core data (countries first: every price refers to one), the
 * catalog, the content (articles, news, site pages), the services (courses, printing prices,
 * vacancies), and outside production the demo accounts. Runs under the boot sequence's lock, so several
 * processes starting at once fill it once.
 */
import { seedDemoAccounts } from '../accounts/seed.ts';
import { afterBulkLoad } from '../catalog/maintenance.ts';
import { seedCatalogDemo } from '../catalog/seed/index.ts';
import { hasPublications, seedContentDemo } from '../content/seed/index.ts';
import { hasCountries, seedCoreDemo } from '../core/seed/index.ts';
import type { Db } from '../db/client.ts';
import { hasServices, seedServicesDemo } from '../services/seed/index.ts';

/** Fills an empty database with the demo data set, area by area; a few cheap queries when it is filled already. */
export async function seedIfEmpty(db: Db): Promise<void> {
  if (!(await hasCountries(db))) {
    await db.transaction((tx) => insertDemo(tx));
    await afterBulkLoad(db);
  }
  // Apart from the catalog, so databases seeded before these areas existed get them too.
  if (!(await hasPublications(db))) await seedContentDemo(db);
  if (!(await hasServices(db))) await db.transaction((tx) => seedServicesDemo(tx));
  await seedDemoAccounts(db);
}

/** Inserts the whole demo data set in one transaction, then the demo accounts (not in production); expects empty tables. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction((tx) => insertDemo(tx));
  await seedDemoAccounts(db);
  await afterBulkLoad(db);
}

async function insertDemo(db: Db): Promise<void> {
  await seedCoreDemo(db);
  await seedCatalogDemo(db);
  await seedContentDemo(db);
  await seedServicesDemo(db);
}
