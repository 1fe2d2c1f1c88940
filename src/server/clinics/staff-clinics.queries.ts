/**
 * Clinics as the back office reads them: every clinic, searched by name or ИНН/БИН, with its requisites,
 * its members (roles and addresses), the orders the shop has of it (never those still waiting for the
 * clinic owner's approval: those are the clinic's own business) and its price list.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, type Db } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { clinicMembers, clinics, orders, priceLists, users } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import { CLINIC_MESSAGES, type ClinicRole } from './clinic-rules.ts';
import { toClinic, type Clinic } from './clinics.queries.ts';

export interface StaffClinic extends Clinic {
  priceList: { id: number; name: string; country: CountryCode } | null;
  membersCount: number;
  /** 0 when its last owner's account was deleted and it had no buyer to take over (`clinic-departures.ts`). */
  ownersCount: number;
  /** Members: in the detail only (null in the list). */
  members: StaffClinicMember[] | null;
  /** The newest orders the shop has of the clinic: in the detail only (null in the list). */
  orders: StaffClinicOrder[] | null;
  ordersCount: number;
}

export interface StaffClinicMember {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: ClinicRole;
  joinedAt: Date;
}

export interface StaffClinicOrder {
  number: string;
  status: string;
  total: string;
  currency: string;
  createdAt: Date;
  placedBy: string;
}

/** How many of a clinic's newest orders its detail shows; the rest are in the orders list. */
export const STAFF_CLINIC_ORDERS = 20;

export interface StaffClinicFilters {
  /** Part of the name, or digits of the ИНН/БИН. */
  search?: string;
  country?: CountryCode;
  verified?: boolean;
  priceList?: number;
  limit: number;
  offset: number;
}

// What staff see of the shop's orders: never one still waiting for the clinic owner's approval.
const shopOrder = ne(orders.status, 'awaiting_approval');
const liveMember = and(eq(users.id, clinicMembers.userId), isNull(users.deletedAt));

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  return or(
    ilike(clinics.name, containing(text)),
    /^[\d\s-]+$/.test(text) && digits ? ilike(clinics.taxNumber, containing(digits)) : undefined,
  );
}

interface Counts {
  members: number;
  owners: number;
  orders: number;
}

async function assemble(db: Db, ids: number[]): Promise<Map<number, Counts>> {
  if (!ids.length) return new Map();
  const [members, shopOrders] = await Promise.all([
    db
      .select({
        id: clinicMembers.clinicId,
        n: count(),
        owners: sql<number>`count(*) filter (where ${clinicMembers.role} = 'owner')`.mapWith(Number),
      })
      .from(clinicMembers)
      .innerJoin(users, liveMember)
      .where(inArray(clinicMembers.clinicId, ids))
      .groupBy(clinicMembers.clinicId),
    db
      .select({ id: orders.clinicId, n: count() })
      .from(orders)
      .where(and(inArray(orders.clinicId, ids), shopOrder))
      .groupBy(orders.clinicId),
  ]);
  const counts = new Map<number, Counts>(ids.map((id) => [id, { members: 0, owners: 0, orders: 0 }]));
  for (const m of members) Object.assign(counts.get(m.id)!, { members: m.n, owners: m.owners });
  for (const o of shopOrders) counts.get(o.id!)!.orders = o.n;
  return counts;
}

const listFields = {
  clinic: clinics,
  priceList: { id: priceLists.id, name: priceLists.name, country: priceLists.country },
};

type ListRow = { clinic: typeof clinics.$inferSelect; priceList: { id: number; name: string; country: string } | null };

function toStaffClinic(row: ListRow, counts: Counts | undefined): StaffClinic {
  return {
    ...toClinic(row.clinic),
    priceList: row.priceList ? { ...row.priceList, country: row.priceList.country as CountryCode } : null,
    membersCount: counts?.members ?? 0,
    ownersCount: counts?.owners ?? 0,
    members: null,
    orders: null,
    ordersCount: counts?.orders ?? 0,
  };
}

/** Clinics, newest first, searched and filtered, with their price list and how many members and orders. */
export async function listClinicsForStaff(
  filters: StaffClinicFilters,
): Promise<{ items: StaffClinic[]; count: number }> {
  const db = await getDb();
  const where = and(
    searchCondition(filters.search),
    filters.country ? eq(clinics.country, filters.country) : undefined,
    filters.verified !== undefined ? eq(clinics.verified, filters.verified) : undefined,
    filters.priceList !== undefined ? eq(clinics.priceListId, filters.priceList) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listFields)
      .from(clinics)
      .leftJoin(priceLists, eq(priceLists.id, clinics.priceListId))
      .where(where)
      .orderBy(desc(clinics.createdAt), desc(clinics.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ n: count() }).from(clinics).where(where),
  ]);
  const counts = await assemble(
    db,
    rows.map((r) => r.clinic.id),
  );
  return { items: rows.map((r) => toStaffClinic(r, counts.get(r.clinic.id))), count: total?.n ?? 0 };
}

/** One clinic with its members and newest orders. @throws NotFoundError */
export async function findClinicForStaff(id: number, db?: Db): Promise<StaffClinic> {
  const handle = db ?? (await getDb());
  const [row] = await handle
    .select(listFields)
    .from(clinics)
    .leftJoin(priceLists, eq(priceLists.id, clinics.priceListId))
    .where(eq(clinics.id, id));
  if (!row) throw new NotFoundError(CLINIC_MESSAGES.notFound);
  const [counts, members, recent] = await Promise.all([
    assemble(handle, [id]),
    handle
      .select({
        userId: clinicMembers.userId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        role: clinicMembers.role,
        joinedAt: clinicMembers.createdAt,
      })
      .from(clinicMembers)
      .innerJoin(users, liveMember)
      .where(eq(clinicMembers.clinicId, id))
      .orderBy(sql`${clinicMembers.role} <> 'owner'`, asc(clinicMembers.createdAt), asc(clinicMembers.userId)),
    handle
      .select({
        number: orders.number,
        status: orders.status,
        total: orders.total,
        currency: orders.currency,
        createdAt: orders.createdAt,
        placedBy: users.email,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.clinicId, id), shopOrder))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(STAFF_CLINIC_ORDERS),
  ]);
  return {
    ...toStaffClinic(row, counts.get(id)),
    members: members.map((m) => ({ ...m, role: m.role as ClinicRole })),
    orders: recent,
  };
}
