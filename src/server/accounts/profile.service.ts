import { eq } from 'drizzle-orm';
import { leaveClinicsOf } from '../clinics/index.ts';
import { deleteAddressesOf } from './addresses.service.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { forgetStaffChangeValues, recordStaffChange } from '../audit/staff-changes.ts';
import { getDb, type Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { NotFoundError, PermissionError, ValidationError } from '../errors.ts';
import { deleteMailsTo } from '../mail/index.ts';
import { erasePersonalDataOfOrders } from '../orders/orders.service.ts';
import { deleteRateLimitKeys } from '../security/rate-limit.ts';
import { checkCurrentPassword, emailRateLimitKeys } from './accounts.limits.ts';
import { ACCOUNT_MESSAGES as M } from './accounts.messages.ts';
import { assertStaff } from './authenticate.ts';
import { endSessions } from './sessions.ts';
import { findUserByEmail, findUserById, listUsers, normalizeEmail, type User } from './users.queries.ts';

/** The profile: reading and editing one's own account (or, for staff, anyone's), and deleting it. */

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string;
  organisation?: string;
  taxNumber?: string;
  country?: CountryCode;
  /** Staff only (a superuser for a staff account); ignored for anyone else, like DRF's read-only fields. */
  isActive?: boolean;
  /** Superusers only; ignored for customers. */
  isStaff?: boolean;
  /** May run the exchange with 1C: superusers only, for a staff account. */
  canExchange?: boolean;
}

/** What the journal keeps of an account someone else changes. */
const AUDITED_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'organisation',
  'taxNumber',
  'country',
  'isActive',
  'isStaff',
  'isSuperuser',
  'canExchange',
] as const;
/** Of those, what is the person's own: emptied from the journal when the account is deleted. */
const PERSONAL_FIELDS = ['firstName', 'lastName', 'phone', 'organisation', 'taxNumber'] as const;

const audited = (user: Partial<User>) => Object.fromEntries(AUDITED_FIELDS.map((field) => [field, user[field]]));

/**
 * Updates the profile of `target` as `actor`; blocking an account ends its sessions. Staff change
 * `isActive` of customers; changing `isStaff`, or blocking or unblocking a staff account, takes a
 * superuser (as in Django). Taking away staff rights takes the superuser flag with them.
 * @throws ValidationError when actors would demote or block themselves, PermissionError when staff
 *   who are not superusers change staff access.
 */
export async function updateProfile(actor: User, target: User, changes: ProfileChanges): Promise<User> {
  const { isActive, isStaff, canExchange, ...profile } = changes;
  const access = actor.isStaff ? { isActive, isStaff, canExchange } : {};
  if (actor.id === target.id && (access.isActive === false || access.isStaff === false)) {
    throw new ValidationError({ non_field_errors: [M.cannotChangeOwnAccess] });
  }
  const changesStaff = access.isStaff !== undefined && access.isStaff !== target.isStaff;
  const changesStaffActivity = target.isStaff && access.isActive !== undefined && access.isActive !== target.isActive;
  const changesExchange = access.canExchange !== undefined && access.canExchange !== target.canExchange;
  if ((changesStaff || changesStaffActivity || changesExchange) && !actor.isSuperuser)
    throw new PermissionError(M.superuserOnly);
  if (access.canExchange && !(access.isStaff ?? target.isStaff))
    throw new ValidationError({ can_exchange: [M.exchangeNeedsStaff] });
  const set: Partial<User> = Object.fromEntries(
    Object.entries({ ...profile, ...access }).filter(([, v]) => v !== undefined),
  );
  // Taking away staff rights takes the superuser flag and the exchange with 1C with them.
  if (access.isStaff === false) Object.assign(set, { isSuperuser: false, canExchange: false });
  // Someone else's change is journaled with it; a person's own edits are not staff changes.
  const journal =
    actor.id === target.id
      ? undefined
      : (tx: Db) =>
          recordStaffChange(tx, {
            userId: actor.id,
            entity: 'user',
            entityId: target.id,
            action: 'update',
            before: audited(target),
            after: audited({ ...target, ...set }),
          });
  if (access.isActive === false && target.isActive) {
    await endSessions(target.id, 'deactivated', set, journal);
  } else if (Object.keys(set).length) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(users.id, target.id));
      await journal?.(tx);
    });
  }
  return (await findUserById(target.id))!;
}

/**
 * Deletes an account as `actor` (the person, staff for a customer, a superuser for a staff account),
 * who confirms with their own password. The row stays, emptied of every personal detail, so orders
 * that point at it remain in the shop's records; the mails kept for its address and the rate-limit
 * counters named after it go.
 * @throws PermissionError, RateLimitError after too many wrong passwords, ValidationError for a wrong one.
 */
export async function deleteAccount(actor: User, target: User, currentPassword: string): Promise<void> {
  if (target.isStaff && actor.id !== target.id && !actor.isSuperuser) throw new PermissionError(M.superuserOnly);
  if (!(await checkCurrentPassword(actor, currentPassword)))
    throw new ValidationError({ current_password: [M.wrongPassword] });
  const forgetEmail = async (tx: Db) => {
    await deleteMailsTo(target.email, tx);
    const named = emailRateLimitKeys(target.email);
    await deleteRateLimitKeys(named.keys, tx, named.suffixes);
    // The orders stay for the shop's records, without the person's name, phone, email or address.
    await erasePersonalDataOfOrders(target.id, tx);
    await deleteAddressesOf(target.id, tx);
    // Its clinics lose it as a member; one whose last owner it was gets its oldest buyer as owner.
    await leaveClinicsOf(target.id, tx);
    // The journal keeps who changed the account and when, not the person's details.
    await forgetStaffChangeValues(tx, 'user', target.id, PERSONAL_FIELDS);
    if (actor.id !== target.id)
      await recordStaffChange(tx, {
        userId: actor.id,
        entity: 'user',
        entityId: target.id,
        action: 'delete',
        before: { isStaff: target.isStaff, isActive: target.isActive },
        after: null,
      });
  };
  await endSessions(
    target.id,
    'deleted',
    {
      email: `deleted-${target.id}-${crypto.randomUUID()}@deleted.invalid`,
      passwordHash: null,
      firstName: '',
      lastName: '',
      phone: '',
      organisation: '',
      taxNumber: '',
      isActive: false,
      isStaff: false,
      isSuperuser: false,
      canExchange: false,
      deletedAt: new Date(),
    },
    forgetEmail,
  );
}

/** Staff list every account; anyone else sees only their own. */
export function listVisibleUsers(actor: User, options: { limit: number; offset: number; search?: string }) {
  return listUsers({ ...options, onlyId: actor.isStaff ? undefined : actor.id });
}

/**
 * The account `email` as `actor` may see it: their own, or anyone's for staff.
 * @throws PermissionError for someone else's account (whether or not it exists), NotFoundError for staff.
 */
export async function getUserFor(actor: User, email: string): Promise<User> {
  if (normalizeEmail(email) === actor.email) return actor;
  assertStaff(actor);
  const user = await findUserByEmail(email);
  if (!user) throw new NotFoundError();
  return user;
}
