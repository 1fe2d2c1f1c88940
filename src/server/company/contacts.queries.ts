/** The shop's offices in each country: addresses, phones, hours. */
import { asc, count, eq } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { contacts } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import type { Paging } from '../paging.ts';
import type { CountryCode } from '../../shared/countries.ts';

export type Contact = typeof contacts.$inferSelect;

/** Every office of a country, in display order, without paging (the page footer and the contacts page). */
export async function listCountryContacts(country: CountryCode): Promise<Contact[]> {
  const db = await getDb();
  return db
    .select()
    .from(contacts)
    .where(eq(contacts.country, country))
    .orderBy(asc(contacts.position), asc(contacts.id));
}

export async function listContacts(
  options: Paging & { country?: CountryCode },
): Promise<{ items: Contact[]; count: number }> {
  const db = await getDb();
  const where = options.country ? eq(contacts.country, options.country) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.country), asc(contacts.position), asc(contacts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}

export async function getContact(id: number): Promise<Contact> {
  const db = await getDb();
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id));
  if (!row) throw new NotFoundError();
  return row;
}
