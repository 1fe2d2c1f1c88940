import { z } from 'zod';
import { getDb, type Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { env } from '../env.ts';
import { ValidationError } from '../errors.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import { hashPassword, passwordProblems } from './passwords.ts';
import { findUserByEmail, normalizeEmail, type User } from './users.queries.ts';

export interface NewAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isStaff?: boolean;
}

/**
 * Creates an active account without the mailed activation (the operator's `npm run user:create`,
 * demo data). The password rules still apply.
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
      isStaff: input.isStaff ?? false,
    })
    .returning();
  return user!;
}

/** The development accounts of the demo data (README, "Demo accounts"); never created in production. */
export const DEMO_ACCOUNTS = [
  { email: 'staff@dental.test', password: 'Staff-Demo-2026', firstName: 'Сотрудник', lastName: 'Магазина', phone: '+996555000001', isStaff: true },
  { email: 'doctor@dental.test', password: 'Doctor-Demo-2026', firstName: 'Айгуль', lastName: 'Садыкова', phone: '+996555000002', isStaff: false },
] as const satisfies readonly NewAccount[];

/** Adds the demo accounts that are missing; does nothing in production. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  if (env.NODE_ENV === 'production') return;
  for (const account of DEMO_ACCOUNTS) {
    if (!(await findUserByEmail(account.email, db))) await createAccount(account, db);
  }
}
