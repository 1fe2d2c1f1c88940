import { z } from 'zod';
import { getDb, type Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
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
