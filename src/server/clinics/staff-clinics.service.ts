/**
 * Staff's changes to a clinic: the «проверена» mark (`verified`, set after checking the ИНН/БИН) and the
 * price list it buys by (one of the clinic's own country, or none). One transaction under the clinic's row
 * lock, journaled in it (`staff_changes`, entity `clinic`).
 */
import { eq } from 'drizzle-orm';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { getDb } from '../db/client.ts';
import { clinics, priceLists } from '../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { CLINIC_MESSAGES } from './clinic-rules.ts';
import { findClinicForStaff, type StaffClinic } from './staff-clinics.queries.ts';

export const STAFF_CLINIC_TEXT = {
  noPriceList: 'Такого прайс-листа нет.',
  otherCountry: (list: string, listCountry: CountryCode, clinicCountry: CountryCode) =>
    `Прайс-лист «${list}» — для страны ${COUNTRIES[listCountry].name}, а клиника — ${COUNTRIES[clinicCountry].inName}: цены в другой валюте.`,
} as const;

export interface StaffClinicFields {
  verified?: boolean;
  /** The price list's id; null takes it away (public prices). */
  priceList?: number | null;
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
    if (!Object.keys(changes).length) return;
    await tx
      .update(clinics)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(clinics.id, id));
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'clinic',
      entityId: id,
      action: 'update',
      before: { verified: before.verified, priceListId: before.priceListId },
      after: {
        verified: changes.verified ?? before.verified,
        priceListId: changes.priceListId !== undefined ? changes.priceListId : before.priceListId,
      },
    });
  });
  return findClinicForStaff(id);
}
