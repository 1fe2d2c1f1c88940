/** Reading clinics, their members and invitations. A clinic is visible only to its members. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, type Db } from '../db/client.ts';
import { clinicInvitations, clinicMembers, clinics, users } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import { CLINIC_MESSAGES, type ClinicRole } from './clinic-rules.ts';

export type ClinicRow = typeof clinics.$inferSelect;

export interface Clinic {
  id: number;
  name: string;
  taxNumber: string;
  country: CountryCode;
  legalAddress: string;
  phone: string;
  deliveryAddresses: { city: string; address: string }[];
  verified: boolean;
  /** An order above it waits for an owner's approval; null: no limit. */
  orderLimit: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A clinic as one of its members reads it: with the member's own role. */
export interface MemberClinic extends Clinic {
  role: ClinicRole;
}

export interface ClinicMember {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: ClinicRole;
  joinedAt: Date;
}

export interface ClinicInvitation {
  id: number;
  email: string;
  role: ClinicRole;
  invitedBy: string | null;
  expiresAt: Date;
  acceptedAt: Date | null;
  createdAt: Date;
}

export function toClinic(row: ClinicRow): Clinic {
  return {
    id: row.id,
    name: row.name,
    taxNumber: row.taxNumber,
    country: row.country as CountryCode,
    legalAddress: row.legalAddress,
    phone: row.phone,
    deliveryAddresses: row.deliveryAddresses,
    verified: row.verified,
    orderLimit: row.orderLimit,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// A deleted account keeps its row (emptied) but belongs to no clinic any more.
const liveMember = and(eq(users.id, clinicMembers.userId), isNull(users.deletedAt));

/** The clinics `userId` belongs to, oldest membership first. */
export async function listMemberClinics(userId: number): Promise<MemberClinic[]> {
  const rows = await (
    await getDb()
  )
    .select({ clinic: clinics, role: clinicMembers.role })
    .from(clinicMembers)
    .innerJoin(clinics, eq(clinics.id, clinicMembers.clinicId))
    .where(eq(clinicMembers.userId, userId))
    // The one the member buys for first (`chosenAt`), as their prices are: then the oldest.
    .orderBy(sql`${clinicMembers.chosenAt} desc nulls last`, asc(clinicMembers.createdAt), asc(clinics.id));
  return rows.map((r) => ({ ...toClinic(r.clinic), role: r.role as ClinicRole }));
}

/** The member's role in the clinic, or null when they are not one. */
export async function memberRole(clinicId: number, userId: number, db?: Db): Promise<ClinicRole | null> {
  const [row] = await (db ?? (await getDb()))
    .select({ role: clinicMembers.role })
    .from(clinicMembers)
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, userId)));
  return (row?.role as ClinicRole | undefined) ?? null;
}

/**
 * The clinic as its member `userId` reads it.
 * @throws NotFoundError for a clinic that does not exist or that the person is not a member of (the same answer)
 */
export async function findMemberClinic(clinicId: number, userId: number, db?: Db): Promise<MemberClinic> {
  const [row] = await (db ?? (await getDb()))
    .select({ clinic: clinics, role: clinicMembers.role })
    .from(clinicMembers)
    .innerJoin(clinics, eq(clinics.id, clinicMembers.clinicId))
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.userId, userId)));
  if (!row) throw new NotFoundError(CLINIC_MESSAGES.notFound);
  return { ...toClinic(row.clinic), role: row.role as ClinicRole };
}

/** The clinic's members: owners first, then by when they joined. */
export async function listClinicMembers(clinicId: number, db?: Db): Promise<ClinicMember[]> {
  const rows = await (db ?? (await getDb()))
    .select({
      userId: clinicMembers.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: clinicMembers.role,
      joinedAt: clinicMembers.createdAt,
    })
    .from(clinicMembers)
    .innerJoin(users, liveMember)
    .where(eq(clinicMembers.clinicId, clinicId))
    .orderBy(sql`${clinicMembers.role} <> 'owner'`, asc(clinicMembers.createdAt), asc(clinicMembers.userId));
  return rows.map((r) => ({ ...r, role: r.role as ClinicRole }));
}

/** The addresses of the clinic's owners whose accounts are active and confirmed: who hears of orders to approve. */
export async function ownerEmails(clinicId: number, db?: Db): Promise<string[]> {
  const rows = await (db ?? (await getDb()))
    .select({ email: users.email })
    .from(clinicMembers)
    .innerJoin(users, liveMember)
    .where(
      and(
        eq(clinicMembers.clinicId, clinicId),
        eq(clinicMembers.role, 'owner'),
        eq(users.isActive, true),
        eq(users.emailPending, false),
      ),
    );
  return rows.map((r) => r.email);
}

/** The clinic's invitations still waiting (not accepted), newest first. */
export async function listOpenInvitations(clinicId: number, db?: Db): Promise<ClinicInvitation[]> {
  const rows = await (db ?? (await getDb()))
    .select({
      id: clinicInvitations.id,
      email: clinicInvitations.email,
      role: clinicInvitations.role,
      invitedBy: users.email,
      expiresAt: clinicInvitations.expiresAt,
      acceptedAt: clinicInvitations.acceptedAt,
      createdAt: clinicInvitations.createdAt,
    })
    .from(clinicInvitations)
    .leftJoin(users, eq(users.id, clinicInvitations.invitedBy))
    .where(and(eq(clinicInvitations.clinicId, clinicId), isNull(clinicInvitations.acceptedAt)))
    .orderBy(desc(clinicInvitations.createdAt), desc(clinicInvitations.id));
  return rows.map((r) => ({ ...r, role: r.role as ClinicRole }));
}
