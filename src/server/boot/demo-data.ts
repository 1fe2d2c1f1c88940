/**
 * The demo data set, filled area by area: core data (countries first: every price refers to one), the
 * catalog, and outside production the demo accounts. Runs under the boot sequence's lock, so several
 * processes starting at once fill it once.
 */
import { seedDemoAccounts } from '../accounts/seed.ts';
import { afterBulkLoad } from '../catalog/maintenance.ts';
import { seedCatalogDemo } from '../catalog/seed/index.ts';
import { hasCountries, seedCoreDemo } from '../core/seed/index.ts';
import type { Db } from '../db/client.ts';

/** Fills an empty database with the demo data set; a single cheap query when it is filled already. */
export async function seedIfEmpty(db: Db): Promise<void> {
  if (!(await hasCountries(db))) {
    await db.transaction((tx) => insertDemo(tx));
    await afterBulkLoad(db);
  }
  // Apart from the catalog, so databases seeded before accounts existed get them too.
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
}
