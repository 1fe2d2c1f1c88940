/**
 * What happens to a deleted account's clinics: its memberships go with it (the account's row stays, emptied,
 * so the foreign key's cascade never runs), and a clinic whose last owner it was is not left without one:
 * its longest-standing buyer becomes owner. A clinic with no buyer is left with its assistants and no owner:
 * nobody can approve its waiting orders, which the shop declines after `APPROVAL_EXPIRY_DAYS`, and the back
 * office lists it «Без владельца» until an owner is invited again (staff cannot do it for the clinic).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Removes `userId` from every clinic, inside the account deletion's transaction; where it was the last
 * owner, the oldest buyer of those still with an account becomes owner. Answers the clinics that got one.
 */
export async function leaveClinicsOf(userId: number, tx: Db): Promise<{ clinicId: number; owner: number | null }[]> {
  // The clinics' rows locked in id order, as every owner's change locks them (`clinics.service.ts`).
  const memberships = await queryRows<{ clinic_id: number; role: string }>(
    tx,
    sql`select m.clinic_id, m.role from clinic_members m join clinics c on c.id = m.clinic_id
        where m.user_id = ${userId} order by m.clinic_id for update of c`,
  );
  await tx.execute(sql`delete from clinic_members where user_id = ${userId}`);
  const handed: { clinicId: number; owner: number | null }[] = [];
  for (const { clinic_id: clinicId, role } of memberships) {
    if (role !== 'owner') continue;
    const [owners] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from clinic_members m join users u on u.id = m.user_id and u.deleted_at is null
          where m.clinic_id = ${clinicId} and m.role = 'owner'`,
    );
    if ((owners?.n ?? 0) > 0) continue;
    const [promoted] = await queryRows<{ user_id: number }>(
      tx,
      sql`update clinic_members set role = 'owner'
          where clinic_id = ${clinicId} and user_id = (
            select m.user_id from clinic_members m join users u on u.id = m.user_id and u.deleted_at is null
            where m.clinic_id = ${clinicId} and m.role = 'buyer' order by m.created_at, m.user_id limit 1)
          returning user_id`,
    );
    handed.push({ clinicId, owner: promoted ? Number(promoted.user_id) : null });
  }
  return handed;
}
