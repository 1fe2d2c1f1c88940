import { sql } from 'drizzle-orm';
import { COUNTRIES, COUNTRY_CODES } from '../../shared/countries.ts';
import type { Db } from './client.ts';
import { countries } from './schema/index.ts';

/**
 * Makes the `countries` table (which every price, stock row, contact and order refers to) match
 * `shared/countries.ts`, the one list of countries: a country added there exists in the database at
 * the next start. A country removed there stays (rows may refer to it) but is no longer offered.
 */
export async function syncCountries(db: Db): Promise<void> {
  await db
    .insert(countries)
    .values(
      COUNTRY_CODES.map((code, position) => ({
        code,
        name: COUNTRIES[code].name,
        currency: COUNTRIES[code].currency,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: countries.code,
      set: { name: sql`excluded.name`, currency: sql`excluded.currency`, position: sql`excluded.position` },
    });
}
