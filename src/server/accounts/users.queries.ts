import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { getDb } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export type User = typeof users.$inferSelect;

/** Emails are compared and stored in lower case: `Ivan@Clinic.kg` and `ivan@clinic.kg` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Whether the account's address is confirmed: by its activation link, or because staff made the account.
 * An account opened at checkout (`emailPending`) and one never activated are not; mail that carries what
 * someone typed (a name, an order) goes only to a confirmed address.
 */
export function isEmailConfirmed(user: Pick<User, 'activatedAt' | 'emailPending'>): boolean {
  return user.activatedAt !== null && !user.emailPending;
}

/** The account with this email, deleted ones excluded. */
export async function findUserByEmail(email: string, db?: Db): Promise<User | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(users)
    .where(and(eq(users.email, normalizeEmail(email)), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Whether an active account is a superuser (someone can still manage staff). */
export async function hasActiveSuperuser(db?: Db): Promise<boolean> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuperuser, true), eq(users.isActive, true), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function findUserById(id: number, db?: Db): Promise<User | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Accounts in order of joining; `search` matches email, name or phone. */
export async function listUsers(options: {
  limit: number;
  offset: number;
  search?: string;
  onlyId?: number;
}): Promise<{ items: User[]; count: number }> {
  const db = await getDb();
  const conditions: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (options.onlyId !== undefined) conditions.push(eq(users.id, options.onlyId));
  if (options.search) {
    const pattern = containing(options.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.phone, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.dateJoined), asc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, count: total?.value ?? 0 };
}
