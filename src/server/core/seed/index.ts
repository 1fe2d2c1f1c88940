import type { Db } from '../../db/client.ts';
import { banners, contacts, countries, documents, exchanges } from '../../db/schema/index.ts';
import { bannerSeeds, contactSeeds, countrySeeds, exchangeSeeds } from './core.ts';
import { documentSeeds } from './documents.ts';

/** Inserts the countries (which every price and stock row refers to) and the demo rates, banners, contacts and documents. */
export async function seedCoreDemo(db: Db): Promise<void> {
  await db.insert(countries).values(countrySeeds);
  await db.insert(exchanges).values(exchangeSeeds);
  await db.insert(banners).values(bannerSeeds);
  await db.insert(contacts).values(contactSeeds);
  await db.insert(documents).values(documentSeeds);
}

/** Whether the core data is in place: the first thing the demo data inserts. */
export async function hasCountries(db: Db): Promise<boolean> {
  const rows = await db.select({ code: countries.code }).from(countries).limit(1);
  return rows.length > 0;
}
