/**
 * The demo clinic (issue 37): «Стоматология «Улыбка»» in Kyrgyzstan, owned by the demo account
 * `clinic@dental.test`, with the price list «Договор 2026»: 5 % off everything, 10 % off 3M, and a fixed price
 * of one GC product, so the contract prices can be seen on the storefront. Never in production (the account
 * is not created there); added once, when missing.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';

export const DEMO_CLINIC = {
  owner: 'clinic@dental.test',
  name: 'Стоматология «Улыбка»',
  taxNumber: '01234567890123',
  priceList: 'Договор 2026',
} as const;

/** Adds the demo clinic and its price list when the demo clinic account exists and has no clinic yet. */
export async function seedClinicDemo(db: Db): Promise<void> {
  const [owner] = await queryRows<{ id: number; has_clinic: boolean }>(
    db,
    sql`select u.id, exists (select 1 from clinic_members m where m.user_id = u.id) as has_clinic
        from users u where u.email = ${DEMO_CLINIC.owner}`,
  );
  if (!owner || owner.has_clinic) return;
  await db.transaction(async (tx) => {
    const [list] = await queryRows<{ id: number }>(
      tx,
      sql`insert into price_lists (name, country, comment)
          values (${DEMO_CLINIC.priceList}, 'kg', 'Демо: 5 % на всё, 10 % на 3M, фиксированная цена одного товара GC')
          on conflict (name) do update set name = excluded.name
          returning id`,
    );
    await queryRows(
      tx,
      sql`insert into price_list_rules (price_list_id, scope, brand_id, percent)
          select ${list!.id}::int, 'all', null::int, 5::numeric
          union all select ${list!.id}::int, 'brand', b.id, 10::numeric from brands b where b.slug = '3m'
          on conflict do nothing`,
    );
    // The cheapest GC product sold in Kyrgyzstan, at 80 % of its public price.
    await queryRows(
      tx,
      sql`insert into price_list_prices (price_list_id, product_id, price)
          select ${list!.id}::int, p.id, round(o.price * 0.8)
          from products p join brands b on b.id = p.brand_id and b.slug = 'gc'
          join product_offers o on o.product_id = p.id and o.country = 'kg'
          where p.is_active and o.price >= 10
          order by o.price, p.id limit 1
          on conflict do nothing`,
    );
    const [clinic] = await queryRows<{ id: number }>(
      tx,
      sql`insert into clinics (name, tax_number, country, legal_address, phone, delivery_addresses, price_list_id)
          values (${DEMO_CLINIC.name}, ${DEMO_CLINIC.taxNumber}, 'kg', 'г. Бишкек, ул. Киевская, 95', '+996555000003',
            ${JSON.stringify([{ city: 'Бишкек', address: 'ул. Киевская, 95, кабинет 3' }])}::jsonb, ${list!.id})
          returning id`,
    );
    await queryRows(
      tx,
      sql`insert into clinic_members (clinic_id, user_id, role) values (${clinic!.id}, ${owner.id}, 'owner')`,
    );
  });
}
