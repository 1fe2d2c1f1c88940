import { z } from 'zod';
import { getDb, type Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ValidationError } from '../errors.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import { hashPassword, passwordProblems } from './passwords.ts';
import { findUserByEmail, hasActiveSuperuser, normalizeEmail, type User } from './users.queries.ts';

export interface NewAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isStaff?: boolean;
  /** Above staff (and staff too): changes staff flags, blocks and deletes staff accounts. */
  isSuperuser?: boolean;
  /** May run the exchange with 1C (`server/exchange/`). */
  canExchange?: boolean;
}

/**
 * Creates an active account without the mailed activation (the operator's `npm run user:create`,
 * demo data). The password rules still apply. A staff account made while no active superuser
 * exists (the first one of a new shop) is a superuser, so someone can always manage staff.
 * @throws ValidationError for a taken email or a weak password.
 */
export async function createAccount(input: NewAccount, db?: Db): Promise<User> {
  const conn = db ?? (await getDb());
  const email = normalizeEmail(input.email);
  const errors: Record<string, string[]> = {};
  // The same check as the API's registration schema (z.email()).
  if (!z.email().safeParse(email).success) errors.email = [M.emailInvalid];
  else if (await findUserByEmail(email, conn)) errors.email = [M.emailTaken];
  const problems = await passwordProblems(input.password, email);
  if (problems.length) errors.password = problems;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const isStaff = Boolean(input.isStaff || input.isSuperuser);
  const isSuperuser = Boolean(input.isSuperuser || (isStaff && !(await hasActiveSuperuser(conn))));
  const [user] = await conn
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(input.password),
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      phone: input.phone ?? '',
      isActive: true,
      activatedAt: new Date(),
      isStaff,
      isSuperuser,
      canExchange: Boolean(input.canExchange),
    })
    .returning();
  return user!;
}
