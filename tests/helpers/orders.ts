import { sql } from 'drizzle-orm';
import type { NewAccount } from '../../src/server/accounts/users.admin.ts';
import { signedIn } from './accounts.ts';
import { dbRows } from './api.ts';

let taken = 0;

/** An active product sold in `country`, not used by an earlier call in this file, with its stock set to `stock`. */
export async function stockedProduct(
  stock: number,
  country: 'kg' | 'kz' = 'kg',
): Promise<{ id: number; slug: string; name: string; sku: string; price: string }> {
  const [product] = await dbRows<{ id: number; slug: string; name: string; sku: string; price: string }>(
    sql`select p.id, p.slug, p.name, p.sku, o.price::text as price from products p
        join product_offers o on o.product_id = p.id and o.country = ${country}
        where p.is_active order by p.id offset ${taken++} limit 1`,
  );
  if (!product) throw new Error('No product left to order in the test catalog');
  await setStock(product.id, stock, country);
  return product;
}

export async function setStock(productId: number, stock: number, country: 'kg' | 'kz' = 'kg'): Promise<void> {
  await dbRows(
    sql`update product_offers set quantity = ${stock} where product_id = ${productId} and country = ${country}`,
  );
}

export async function stockOf(productId: number, country: 'kg' | 'kz' = 'kg'): Promise<number> {
  const [row] = await dbRows<{ quantity: number }>(
    sql`select quantity from product_offers where product_id = ${productId} and country = ${country}`,
  );
  return row!.quantity;
}

/** A valid order body for these lines: courier delivery, payment on receipt. */
export function orderBody(items: { product: number; quantity: number }[], overrides: Record<string, unknown> = {}) {
  return {
    country: 'kg',
    items,
    contact: { name: 'Айгуль Садыкова', phone: '+996 555 123 456' },
    delivery: { method: 'courier', city: 'Бишкек', address: 'ул. Киевская, 95, кабинет 3' },
    payment: { method: 'on_receipt' },
    ...overrides,
  };
}

/**
 * Gives the account a completed order a month old, as a manager would have finished it (a minimal row, no
 * lines), so it counts in no figure of the last days.
 */
export async function giveCompletedOrder(userId: number): Promise<void> {
  await dbRows(
    sql`with next as (select nextval(pg_get_serial_sequence('orders', 'id'))::int as id)
        insert into orders (id, number, user_id, country, status, currency, total, contact_name, contact_phone,
          contact_email, delivery_method, payment_method, created_at, updated_at)
        select id, 'KG-' || lpad(id::text, 6, '0'), ${userId}, 'kg', 'completed', 'KGS', 100, 'Тест', '+996555111222',
          '', 'pickup', 'on_receipt', now() - interval '30 days', now() - interval '29 days'
        from next`,
  );
}

/**
 * A signed-in account with a confirmed address and a completed order: past a new customer's share of
 * the stock (`order-limits.ts`), so it may order a product's last units.
 */
export async function returningCustomer(overrides: Partial<NewAccount> = {}) {
  const account = await signedIn(overrides);
  await giveCompletedOrder(account.user.id);
  return account;
}
