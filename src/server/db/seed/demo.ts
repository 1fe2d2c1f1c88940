import { sql } from 'drizzle-orm';
import { seedDemoAccounts } from '../../accounts/users.admin.ts';
import { refreshSearchWords } from '../../catalog/search.ts';
import type { Db } from '../client.ts';
import { banners, contacts, countries, documents, exchanges } from '../schema/index.ts';
import { insertBrands, insertCategories, insertSpecifications } from './catalog.ts';
import { bannerSeeds, contactSeeds, countrySeeds, exchangeSeeds } from './core.ts';
import { documentSeeds } from './documents.ts';
import { insertProducts } from './insert.ts';
import { buildDemoProducts } from './products.ts';

// Arbitrary key for pg_advisory_xact_lock, shared by every process that may seed.
const SEED_LOCK_KEY = 4_720_611;

async function hasCountries(db: Db): Promise<boolean> {
  const rows = await db.select({ code: countries.code }).from(countries).limit(1);
  return rows.length > 0;
}

/** Seeds the demo data set when the database has no countries yet; a single cheap query otherwise. */
export async function seedIfEmpty(db: Db): Promise<void> {
  if (await hasCountries(db)) return;
  await db.transaction(async (tx) => {
    // Several shop processes may start against one empty PostgreSQL at once: the first seeds, the rest wait and skip.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    if (!(await hasCountries(tx))) await insertDemo(tx);
  });
  await afterBulkLoad(db);
}

/**
 * After a bulk load: rebuilds the search word list and refreshes the planner's statistics (the
 * embedded database has no autovacuum, and without statistics PostgreSQL plans a 20,000-product
 * catalog as sequential scans).
 */
export async function afterBulkLoad(db: Db): Promise<void> {
  await refreshSearchWords(db);
  await db.execute(sql`analyze`);
}

/** Inserts the whole demo data set in one transaction, then the demo accounts (not in production); expects empty tables. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction((tx) => insertDemo(tx));
  await seedDemoAccounts(db);
  await afterBulkLoad(db);
}

async function insertDemo(db: Db): Promise<void> {
  await db.insert(countries).values(countrySeeds);
  const refs = {
    categories: await insertCategories(db),
    brands: await insertBrands(db),
    specifications: await insertSpecifications(db),
  };
  await insertProducts(db, buildDemoProducts(), refs);
  await db.insert(exchanges).values(exchangeSeeds);
  await db.insert(banners).values(bannerSeeds);
  await db.insert(contacts).values(contactSeeds);
  await db.insert(documents).values(documentSeeds);
}
