import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, type Db } from '../db/client.ts';
import { deliveryAddresses } from '../db/schema/index.ts';
import { isUniqueViolation, NotFoundError, ValidationError } from '../errors.ts';

/**
 * An account's delivery addresses (issue 36): remembered from its courier orders, kept and edited in the
 * profile, offered by checkout with the one used last first. Each belongs to a storefront country, since
 * a city does; an account keeps at most {@link MAX_ADDRESSES} per country (an order to a new place drops
 * the one unused the longest).
 */
export type DeliveryAddress = typeof deliveryAddresses.$inferSelect;

export const MAX_ADDRESSES = 10;

export const ADDRESS_MESSAGES = {
  duplicate: 'Такой адрес уже сохранён.',
  tooMany: `Можно сохранить не больше ${MAX_ADDRESSES} адресов на страну: удалите ненужный.`,
  notFound: 'Адрес не найден.',
} as const;

export interface AddressInput {
  country: CountryCode;
  city: string;
  address: string;
}

const owned = (userId: number, id: number) => and(eq(deliveryAddresses.userId, userId), eq(deliveryAddresses.id, id));

/** The account's addresses, the one used last first; those of `country` only when it is given. */
export async function listAddresses(userId: number, country?: CountryCode): Promise<DeliveryAddress[]> {
  const db = await getDb();
  return db
    .select()
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.userId, userId), country ? eq(deliveryAddresses.country, country) : undefined))
    .orderBy(desc(deliveryAddresses.lastUsedAt), desc(deliveryAddresses.id));
}

/** @throws NotFoundError for an address that is not the account's. */
export async function getAddress(userId: number, id: number): Promise<DeliveryAddress> {
  const db = await getDb();
  const [row] = await db.select().from(deliveryAddresses).where(owned(userId, id));
  if (!row) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
  return row;
}

/**
 * Saves a new address from the profile; it becomes the one checkout offers first.
 * @throws ValidationError when the account has it already, or has {@link MAX_ADDRESSES} in that country.
 */
export async function createAddress(userId: number, input: AddressInput): Promise<DeliveryAddress> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(deliveryAddresses)
      .where(and(eq(deliveryAddresses.userId, userId), eq(deliveryAddresses.country, input.country)));
    if (n >= MAX_ADDRESSES) throw new ValidationError({ non_field_errors: [ADDRESS_MESSAGES.tooMany] });
    return insertOrRefuse(tx, { userId, ...input });
  });
}

/**
 * Changes an address (any of its fields); `use` marks it as the one checkout offers first.
 * @throws NotFoundError, ValidationError when it would repeat another saved address.
 */
export async function updateAddress(
  userId: number,
  id: number,
  changes: Partial<AddressInput> & { use?: boolean },
): Promise<DeliveryAddress> {
  const { use, ...fields } = changes;
  // A PATCH with nothing to change (unknown keys are dropped by the schema) answers the address as it is.
  if (!use && Object.values(fields).every((value) => value === undefined)) return getAddress(userId, id);
  const db = await getDb();
  try {
    const [row] = await db
      .update(deliveryAddresses)
      .set({ ...fields, ...(use ? { lastUsedAt: new Date() } : {}) })
      .where(owned(userId, id))
      .returning();
    if (!row) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ non_field_errors: [ADDRESS_MESSAGES.duplicate] });
    throw error;
  }
}

/** @throws NotFoundError for an address that is not the account's. */
export async function deleteAddress(userId: number, id: number): Promise<void> {
  const db = await getDb();
  const deleted = await db.delete(deliveryAddresses).where(owned(userId, id)).returning({ id: deliveryAddresses.id });
  if (deleted.length === 0) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
}

/**
 * Remembers the address of a courier order as the account's latest (an address it has already is only
 * marked used), keeping the {@link MAX_ADDRESSES} used last in the country; in `tx` when given (an order's).
 */
export async function rememberAddress(userId: number, input: AddressInput, tx?: Db): Promise<void> {
  if (!tx) return (await getDb()).transaction((own) => rememberAddress(userId, input, own));
  // Two statements sent together (the second sees the first's row): in an order's transaction they cost
  // one wait, behind its own writes.
  await Promise.all([
    tx.execute(sql`insert into ${deliveryAddresses} (user_id, country, city, address)
      values (${userId}, ${input.country}, ${input.city}, ${input.address})
      on conflict (user_id, country, city, address) do update set last_used_at = now()`),
    tx.execute(sql`delete from ${deliveryAddresses} where user_id = ${userId} and country = ${input.country}
      and id not in (select id from ${deliveryAddresses} where user_id = ${userId} and country = ${input.country}
                     order by last_used_at desc, id desc limit ${MAX_ADDRESSES})`),
  ]);
}

/** Forgets every address of the account (its deletion). */
export async function deleteAddressesOf(userId: number, tx: Db): Promise<void> {
  await tx.delete(deliveryAddresses).where(inArray(deliveryAddresses.userId, [userId]));
}

async function insertOrRefuse(tx: Db, values: typeof deliveryAddresses.$inferInsert): Promise<DeliveryAddress> {
  const [row] = await tx.insert(deliveryAddresses).values(values).onConflictDoNothing().returning();
  if (!row) throw new ValidationError({ non_field_errors: [ADDRESS_MESSAGES.duplicate] });
  return row;
}
