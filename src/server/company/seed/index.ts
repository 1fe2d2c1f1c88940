import type { Db } from '../../db/client.ts';
import { contacts, documents } from '../../db/schema/index.ts';
import { contactSeeds } from './contacts.ts';
import { documentSeeds } from './documents.ts';

/** The demo offices of each country and the company's documents. */
export async function seedCompanyDemo(db: Db): Promise<void> {
  await db.insert(contacts).values(contactSeeds);
  await db.insert(documents).values(documentSeeds);
}
