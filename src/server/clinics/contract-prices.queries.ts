/**
 * Reading a member's contract prices (issue 37) and applying them to what a read shows. Nothing here is
 * kept between requests: each read asks one small query (the member's clinic, its price list's discounts
 * and the fixed prices of the products shown), so a price list staff change holds on the next request in
 * every process, and nothing personal sits in a process-wide cache.
 *
 * Which clinic's prices a member sees: the clinic an order is placed for (`clinic` in `order_create`);
 * for browsing, the member's clinic of the country read, the oldest membership first. Its price list
 * applies only in the list's own country.
 */
import { sql } from 'drizzle-orm';
import { COUNTRIES, type CountryCode } from '../../shared/countries.ts';
import { loadCategories, type CategoryRecord } from '../catalog/categories.queries.ts';
import { getDb, intArray, queryRows, type Db } from '../db/client.ts';
import { contractPrice, type PriceRule, type PriceTerms } from './contract-prices.ts';

/** The price list that applies to a read, with its terms for the products asked about. */
export interface ClinicPrices {
  clinicId: number;
  clinicName: string;
  priceListId: number;
  country: CountryCode;
  terms: PriceTerms;
}

interface TermsRow {
  clinic_id: number;
  clinic_name: string;
  price_list_id: number;
  rules: string;
  fixed: string;
}

function termsOf(row: TermsRow, country: CountryCode): ClinicPrices {
  const rules = JSON.parse(row.rules) as PriceRule[];
  const fixed = JSON.parse(row.fixed) as [number, string][];
  return {
    clinicId: Number(row.clinic_id),
    clinicName: row.clinic_name,
    priceListId: Number(row.price_list_id),
    country,
    terms: { rules, fixed: new Map(fixed.map(([id, price]) => [Number(id), price])) },
  };
}

// The discounts of the list and the fixed prices of the products asked about, beside the chosen clinic.
const termsColumns = (productIds: readonly number[]) => sql`
  chosen.clinic_id, chosen.clinic_name, chosen.price_list_id,
  (select coalesce(json_agg(json_build_object('scope', r.scope, 'brandId', r.brand_id, 'categoryId', r.category_id,
      'percent', r.percent::text)), '[]')::text
    from price_list_rules r where r.price_list_id = chosen.price_list_id) as rules,
  (select coalesce(json_agg(json_build_array(p.product_id, p.price::text)), '[]')::text
    from price_list_prices p
    where p.price_list_id = chosen.price_list_id and p.product_id = any(${intArray(productIds)}::int[])) as fixed`;

/**
 * The contract prices a signed-in member browsing `country` sees (their clinic of that country, the oldest
 * membership first), with the terms for `productIds`; null when the account has none there.
 */
export async function memberPrices(
  userId: number,
  country: CountryCode,
  productIds: readonly number[],
  db?: Db,
): Promise<ClinicPrices | null> {
  const [row] = await queryRows<TermsRow>(
    db ?? (await getDb()),
    sql`with chosen as (
          select c.id as clinic_id, c.name as clinic_name, c.price_list_id
          from clinic_members m
          join clinics c on c.id = m.clinic_id and c.country = ${country}
          where m.user_id = ${userId}
          order by m.chosen_at desc nulls last, m.created_at, c.id
          limit 1
        )
        select ${termsColumns(productIds)}
        from chosen join price_lists l on l.id = chosen.price_list_id and l.country = ${country}`,
  );
  return row ? termsOf(row, country) : null;
}

/** The contract prices of `clinicId` in `country` for `productIds` (an order placed for it); null without a list there. */
export async function clinicPrices(
  clinicId: number,
  country: CountryCode,
  productIds: readonly number[],
  db?: Db,
): Promise<ClinicPrices | null> {
  const [row] = await queryRows<TermsRow>(
    db ?? (await getDb()),
    sql`with chosen as (
          select c.id as clinic_id, c.name as clinic_name, c.price_list_id from clinics c where c.id = ${clinicId}
        )
        select ${termsColumns(productIds)}
        from chosen join price_lists l on l.id = chosen.price_list_id and l.country = ${country}`,
  );
  return row ? termsOf(row, country) : null;
}

// Each category's chain, root first, computed once per list of categories (which the catalog's cache keeps).
const chains = new WeakMap<CategoryRecord[], Map<number, number[]>>();

function categoryChains(rows: CategoryRecord[]): Map<number, number[]> {
  let known = chains.get(rows);
  if (known) return known;
  const parent = new Map(rows.map((row) => [row.id, row.parentId]));
  known = new Map();
  for (const row of rows) {
    const chain: number[] = [];
    for (let id: number | null = row.id; id !== null && chain.length <= rows.length; id = parent.get(id) ?? null)
      chain.unshift(id);
    known.set(row.id, chain);
  }
  chains.set(rows, known);
  return known;
}

/** A clinic's order's offers at the clinic's prices (the order's lines are priced with them). */
export async function offersAtContractPrices<
  T extends { productId: number; brandId?: number | null; categoryId?: number; price: string | null },
>(
  prices: ClinicPrices | null,
  offers: ReadonlyMap<number, T>,
): Promise<Map<number, T & { listPrice?: string | null }>> {
  if (!prices) return new Map(offers);
  const priced = await withContractPrices(
    prices,
    [...offers.values()].map((offer) => ({
      id: offer.productId,
      brand: offer.brandId == null ? null : { id: offer.brandId },
      category: { id: offer.categoryId ?? 0 },
      price: offer.price,
      offer,
    })),
  );
  return new Map(priced.map((p) => [p.id, { ...p.offer, price: p.price, listPrice: p.listPrice ?? null }]));
}

/** What the contract price needs of a product: its id, brand, category and public price. */
export interface PriceableProduct {
  id: number;
  brand: { id: number } | null;
  category: { id: number };
  price: string | null;
}

/**
 * `items` with the clinic's price as `price` and the public one as `listPrice`; unchanged (no `listPrice`)
 * without contract prices.
 */
export async function withContractPrices<T extends PriceableProduct>(
  prices: ClinicPrices | null,
  items: readonly T[],
): Promise<(T & { listPrice?: string | null })[]> {
  if (!prices) return [...items];
  const chainsById = categoryChains(await loadCategories());
  const currency = COUNTRIES[prices.country].currency;
  return items.map((item) => {
    const { price } = contractPrice(
      prices.terms,
      {
        id: item.id,
        brandId: item.brand?.id ?? null,
        categoryPath: chainsById.get(item.category.id) ?? [item.category.id],
        price: item.price,
      },
      currency,
    );
    return { ...item, price, listPrice: item.price };
  });
}
