/**
 * Staff's changes to a clinic: the «проверена» mark (`verified`, set after checking the ИНН/БИН), the
 * price list it buys by (one of the clinic's own country, or none), and an owner appointed from its members
 * (a clinic whose owner left, or asked the shop to hand it over). One transaction under the clinic's row
 * lock, journaled in it (`staff_changes`, entity `clinic`).
 */
import { and, eq, sql } from 'drizzle-orm';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { getDb, queryRows } from '../db/client.ts';
import { clinicMembers, clinics, priceLists } from '../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { CLINIC_MESSAGES } from './clinic-rules.ts';
import { findClinicForStaff, type StaffClinic } from './staff-clinics.queries.ts';

export const STAFF_CLINIC_TEXT = {
  noPriceList: 'Такого прайс-листа нет.',
  notMember: 'Владельцем можно назначить только участника клиники: сначала пусть он примет приглашение.',
  otherCountry: (list: string, listCountry: CountryCode, clinicCountry: CountryCode) =>
    `Прайс-лист «${list}» — для страны ${COUNTRIES[listCountry].name}, а клиника — ${COUNTRIES[clinicCountry].inName}: цены в другой валюте.`,
} as const;

export interface StaffClinicFields {
  verified?: boolean;
  /** The price list's id; null takes it away (public prices). */
  priceList?: number | null;
  /** A member's user id: they become an owner (the owners there are stay). */
  owner?: number;
}

/** Changes the fields sent, journaled. @throws NotFoundError, ValidationError (a price list of another country) */
export async function updateClinicAsStaff(actor: number, id: number, fields: StaffClinicFields): Promise<StaffClinic> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(clinics).where(eq(clinics.id, id)).for('update');
    if (!before) throw new NotFoundError(CLINIC_MESSAGES.notFound);
    const changes: Partial<typeof clinics.$inferInsert> = {};
    if (fields.verified !== undefined) changes.verified = fields.verified;
    if (fields.priceList !== undefined) {
      if (fields.priceList !== null) {
        // Shared lock: the list cannot move to another country while it is being given.
        const [list] = await tx
          .select({ name: priceLists.name, country: priceLists.country })
          .from(priceLists)
          .where(eq(priceLists.id, fields.priceList))
          .for('share');
        if (!list) throw new ValidationError({ price_list: [STAFF_CLINIC_TEXT.noPriceList] });
        if (list.country !== before.country)
          throw new ValidationError({
            price_list: [
              STAFF_CLINIC_TEXT.otherCountry(list.name, list.country as CountryCode, before.country as CountryCode),
            ],
          });
      }
      changes.priceListId = fields.priceList;
    }
    const owners = async () =>
      (
        await queryRows<{ email: string }>(
          tx,
          sql`select u.email from clinic_members m join users u on u.id = m.user_id
              where m.clinic_id = ${id} and m.role = 'owner' order by m.created_at, u.id`,
        )
      )
        .map((o) => o.email)
        .join(', ');
    let ownersBefore: string | null = null;
    if (fields.owner !== undefined) {
      const [member] = await tx
        .select({ role: clinicMembers.role })
        .from(clinicMembers)
        .where(and(eq(clinicMembers.clinicId, id), eq(clinicMembers.userId, fields.owner)))
        .for('update');
      if (!member) throw new ValidationError({ owner: [STAFF_CLINIC_TEXT.notMember] });
      if (member.role !== 'owner') {
        ownersBefore = await owners();
        await tx
          .update(clinicMembers)
          .set({ role: 'owner' })
          .where(and(eq(clinicMembers.clinicId, id), eq(clinicMembers.userId, fields.owner)));
      }
    }
    if (!Object.keys(changes).length && ownersBefore === null) return;
    await tx
      .update(clinics)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(clinics.id, id));
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'clinic',
      entityId: id,
      action: 'update',
      before: {
        verified: before.verified,
        priceListId: before.priceListId,
        ...(ownersBefore === null ? {} : { owners: ownersBefore || null }),
      },
      after: {
        verified: changes.verified ?? before.verified,
        priceListId: changes.priceListId !== undefined ? changes.priceListId : before.priceListId,
        ...(ownersBefore === null ? {} : { owners: await owners() }),
      },
    });
  });
  return findClinicForStaff(id);
}
