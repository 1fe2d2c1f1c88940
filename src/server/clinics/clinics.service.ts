/**
 * Clinics' flows that write: creating a clinic (its creator is its owner, and the requisites kept on the
 * profile move into it), the owner's changes to it and to its members. A change that could leave the clinic
 * without an owner is made under a lock on the clinic's row, so two owners demoting each other at once
 * cannot both succeed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows, type Db } from '../db/client.ts';
import { clinicMembers, clinics, users } from '../db/schema/index.ts';
import { NotFoundError, PermissionError, ValidationError, type ErrorTree } from '../errors.ts';
import { can, CLINIC_MESSAGES, clinicTaxNumberProblem, leavesNoOwner, type ClinicRole } from './clinic-rules.ts';
import { findMemberClinic, toClinic, type MemberClinic } from './clinics.queries.ts';

/** Who acts: the signed-in account, as the clinics need it. */
export interface ClinicActor {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The address is confirmed (`isEmailConfirmed`): only then may the account create a clinic or invite. */
  emailConfirmed: boolean;
  /** The requisites kept on the profile (`users.organisation`, `users.taxNumber`). */
  organisation: string;
  taxNumber: string;
}

export interface ClinicFields {
  name: string;
  taxNumber: string;
  country: CountryCode;
  legalAddress: string;
  phone: string;
  deliveryAddresses: { city: string; address: string }[];
  /** Decimal string, or null for no limit. */
  orderLimit: string | null;
}

export type NewClinic = Partial<ClinicFields> & { country: CountryCode };

/**
 * Creates a clinic with `actor` as its owner. The name and the ИНН/БИН default to the requisites kept on the
 * profile, which then move into the clinic: the profile keeps them no more.
 * @throws PermissionError for an account whose address is not confirmed; ValidationError per field
 */
export async function createClinic(actor: ClinicActor, input: NewClinic): Promise<MemberClinic> {
  if (!actor.emailConfirmed) throw new PermissionError(CLINIC_MESSAGES.emailNotConfirmed);
  const name = (input.name ?? actor.organisation).trim();
  const taxNumber = (input.taxNumber ?? actor.taxNumber).trim();
  const errors: ErrorTree = {};
  if (!name) errors.name = ['Обязательное поле.'];
  const taxProblem = taxNumber ? clinicTaxNumberProblem(input.country, taxNumber) : 'Обязательное поле.';
  if (taxProblem) errors.tax_number = [taxProblem];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clinics)
      .values({
        name,
        taxNumber,
        country: input.country,
        legalAddress: input.legalAddress?.trim() ?? '',
        phone: input.phone?.trim() ?? '',
        deliveryAddresses: input.deliveryAddresses ?? [],
        orderLimit: input.orderLimit ?? null,
      })
      .returning();
    await tx.insert(clinicMembers).values({ clinicId: row!.id, userId: actor.id, role: 'owner' });
    // The profile's requisites now live in the clinic.
    await tx
      .update(users)
      .set({ organisation: '', taxNumber: '', updatedAt: new Date() })
      .where(and(eq(users.id, actor.id), eq(users.taxNumber, taxNumber)));
    return { ...toClinic(row!), role: 'owner' as const };
  });
}

/** The clinic's row locked, and the actor's role in it. @throws NotFoundError for a non-member */
async function lockedMembership(tx: Db, clinicId: number, userId: number): Promise<ClinicRole> {
  const [row] = await queryRows<{ role: ClinicRole }>(
    tx,
    sql`select m.role from clinics c join clinic_members m on m.clinic_id = c.id and m.user_id = ${userId}
        where c.id = ${clinicId} for update of c`,
  );
  if (!row) throw new NotFoundError(CLINIC_MESSAGES.notFound);
  return row.role;
}

/** @throws NotFoundError for a non-member, PermissionError for a member who is not an owner */
export async function requireOwner(tx: Db, clinicId: number, userId: number): Promise<void> {
  const role = await lockedMembership(tx, clinicId, userId);
  if (!can.manage(role)) throw new PermissionError(CLINIC_MESSAGES.ownerOnly);
}

/**
 * The owner changes the clinic's requisites, addresses or order limit.
 * @throws NotFoundError, PermissionError, ValidationError
 */
export async function updateClinic(
  actor: Pick<ClinicActor, 'id'>,
  clinicId: number,
  patch: Partial<Omit<ClinicFields, 'country'>>,
): Promise<MemberClinic> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await requireOwner(tx, clinicId, actor.id);
    const current = await findMemberClinic(clinicId, actor.id, tx);
    const errors: ErrorTree = {};
    if (patch.name !== undefined && !patch.name.trim()) errors.name = ['Обязательное поле.'];
    if (patch.taxNumber !== undefined) {
      const problem = clinicTaxNumberProblem(current.country, patch.taxNumber.trim());
      if (problem) errors.tax_number = [problem];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const changes = {
      ...(patch.name !== undefined && { name: patch.name.trim() }),
      ...(patch.taxNumber !== undefined && { taxNumber: patch.taxNumber.trim() }),
      ...(patch.legalAddress !== undefined && { legalAddress: patch.legalAddress.trim() }),
      ...(patch.phone !== undefined && { phone: patch.phone.trim() }),
      ...(patch.deliveryAddresses !== undefined && { deliveryAddresses: patch.deliveryAddresses }),
      ...(patch.orderLimit !== undefined && { orderLimit: patch.orderLimit }),
    };
    // A changed ИНН/БИН is checked by staff again.
    const recheck = patch.taxNumber !== undefined && patch.taxNumber.trim() !== current.taxNumber;
    const [row] = await tx
      .update(clinics)
      .set({ ...changes, ...(recheck && { verified: false }), updatedAt: new Date() })
      .where(eq(clinics.id, clinicId))
      .returning();
    return { ...toClinic(row!), role: current.role };
  });
}

/** The target member's role and the clinic's owner count, under the clinic's lock. */
async function memberAndOwners(
  tx: Db,
  clinicId: number,
  userId: number,
): Promise<{ role: ClinicRole; owners: number } | null> {
  const [row] = await queryRows<{ role: ClinicRole; owners: number }>(
    tx,
    sql`select m.role, (select count(*)::int from clinic_members o join users u on u.id = o.user_id
                          where o.clinic_id = ${clinicId} and o.role = 'owner' and u.deleted_at is null) as owners
        from clinic_members m where m.clinic_id = ${clinicId} and m.user_id = ${userId}`,
  );
  return row ? { role: row.role, owners: Number(row.owners) } : null;
}

/**
 * The owner gives a member another role. The last owner cannot be demoted.
 * @throws NotFoundError (no such clinic or member), PermissionError, ValidationError `{role: [...]}`
 */
export async function changeMemberRole(
  actor: Pick<ClinicActor, 'id'>,
  clinicId: number,
  userId: number,
  role: ClinicRole,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await requireOwner(tx, clinicId, actor.id);
    const target = await memberAndOwners(tx, clinicId, userId);
    if (!target) throw new NotFoundError(CLINIC_MESSAGES.memberNotFound);
    if (leavesNoOwner(target.role, role, target.owners))
      throw new ValidationError({ role: [CLINIC_MESSAGES.lastOwner] });
    await tx
      .update(clinicMembers)
      .set({ role })
      .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, userId)));
  });
}

/**
 * The member buys for this clinic from now on (they belong to several of its country): its contract
 * prices are the ones they see, and checkout offers it first. Any role may choose.
 * @throws NotFoundError for a clinic the person is not a member of
 */
export async function chooseClinic(actor: Pick<ClinicActor, 'id'>, clinicId: number): Promise<MemberClinic> {
  const db = await getDb();
  const chosen = await db
    .update(clinicMembers)
    .set({ chosenAt: sql`now()` })
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, actor.id)))
    .returning({ clinicId: clinicMembers.clinicId });
  if (!chosen.length) throw new NotFoundError(CLINIC_MESSAGES.notFound);
  return findMemberClinic(clinicId, actor.id, db);
}

/**
 * The owner removes a member, or a member leaves (removes themselves). The last owner cannot leave.
 * @throws NotFoundError, PermissionError (a member who is not an owner removing someone else), ValidationError
 */
export async function removeMember(actor: Pick<ClinicActor, 'id'>, clinicId: number, userId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const role = await lockedMembership(tx, clinicId, actor.id);
    if (userId !== actor.id && !can.manage(role)) throw new PermissionError(CLINIC_MESSAGES.ownerOnly);
    const target = await memberAndOwners(tx, clinicId, userId);
    if (!target) throw new NotFoundError(CLINIC_MESSAGES.memberNotFound);
    if (leavesNoOwner(target.role, null, target.owners))
      throw new ValidationError({ non_field_errors: [CLINIC_MESSAGES.lastOwner] });
    await tx.delete(clinicMembers).where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, userId)));
  });
}
