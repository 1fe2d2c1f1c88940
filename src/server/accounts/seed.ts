import type { Db } from '../db/client.ts';
import { env } from '../env.ts';
import { createAccount, type NewAccount } from './users.admin.ts';
import { findUserByEmail } from './users.queries.ts';

/** The development accounts of the demo data (README, "Demo accounts"); never created in production. */
export const DEMO_ACCOUNTS = [
  {
    email: 'staff@dental.test',
    password: 'Staff-Demo-2026',
    firstName: 'Сотрудник',
    lastName: 'Магазина',
    phone: '+996555000001',
    isStaff: true,
    isSuperuser: true,
    canExchange: true,
  },
  {
    email: 'doctor@dental.test',
    password: 'Doctor-Demo-2026',
    firstName: 'Айгуль',
    lastName: 'Садыкова',
    phone: '+996555000002',
    isStaff: false,
  },
  {
    // The owner of the demo clinic with contract prices (`clinics/seed/`, issue 37).
    email: 'clinic@dental.test',
    password: 'Clinic-Demo-2026',
    firstName: 'Бакыт',
    lastName: 'Осмонов',
    phone: '+996555000003',
    isStaff: false,
  },
] as const satisfies readonly NewAccount[];

/** Adds the demo accounts that are missing; does nothing in production. */
export async function seedDemoAccounts(db: Db): Promise<void> {
  if (env.NODE_ENV === 'production') return;
  for (const account of DEMO_ACCOUNTS) {
    if (!(await findUserByEmail(account.email, db))) await createAccount(account, db);
  }
}
