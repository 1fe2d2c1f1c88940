/**
 * Staff's changes to price lists: name, country, comment, the rules (percent off overall, per brand, per
 * category; one rule per target, 0 < percent < 100) and the fixed prices by SKU. Each change is one
 * transaction under the list's row lock, journaled in it (`staff_changes`, entity `price_list`): the rules
 * as lines of words, each fixed price as a field `fixed:<SKU>`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { getDb, queryRows, textArray, type Db } from '../db/client.ts';
import { brands, categories, clinics, priceListPrices, priceListRules, priceLists } from '../db/schema/index.ts';
import { NotFoundError, ValidationError, type ErrorTree } from '../errors.ts';
import {
  findPriceListForStaff,
  PRICE_LIST_MESSAGES,
  type PriceListScope,
  type StaffPriceList,
} from './price-lists.queries.ts';

export const PRICE_LIST_TEXT = {
  ...PRICE_LIST_MESSAGES,
  nameTaken: 'Прайс-лист с таким названием уже есть.',
  brandRequired: 'Выберите бренд.',
  categoryRequired: 'Выберите категорию.',
  noTarget: 'Скидка на все товары не называет бренд или категорию.',
  unknownBrand: (slug: string) => `Бренда «${slug}» нет.`,
  unknownCategory: (slug: string) => `Категории «${slug}» нет.`,
  repeatedRule: 'Такая скидка уже есть в прайс-листе: одна скидка на каждый бренд, категорию и на все товары.',
  unknownSku: (sku: string) => `Товара с артикулом ${sku} нет.`,
  repeatedSku: 'Этот артикул уже есть в списке выше.',
  countryInUse:
    'Страну прайс-листа нельзя сменить, пока он назначен клиникам или в нём есть фиксированные цены: цены в валюте страны.',
  inUse: (n: number) => `Прайс-лист назначен клиникам (${n}): сначала снимите его с них.`,
} as const;

export interface PriceListRuleInput {
  scope: PriceListScope;
  brand?: string | null;
  category?: string | null;
  percent: string;
}

export interface PriceListFields {
  name?: string;
  country?: CountryCode;
  comment?: string;
  /** The whole set of rules: replaces what the list had. */
  rules?: PriceListRuleInput[];
  /** Fixed prices added or changed, by SKU. */
  setPrices?: { sku: string; price: string }[];
  /** SKUs whose fixed price goes. */
  removePrices?: string[];
}

interface ResolvedRule {
  scope: PriceListScope;
  brandId: number | null;
  categoryId: number | null;
  percent: string;
}

/** Each rule's brand and category found by slug and checked; errors in DRF's list shape under `rules`. */
async function resolveRules(db: Db, rules: PriceListRuleInput[]): Promise<ResolvedRule[]> {
  const brandSlugs = rules.map((r) => r.brand).filter((s): s is string => !!s);
  const categorySlugs = rules.map((r) => r.category).filter((s): s is string => !!s);
  const [brandRows, categoryRows] = await Promise.all([
    brandSlugs.length
      ? db.select({ id: brands.id, slug: brands.slug }).from(brands).where(inArray(brands.slug, brandSlugs))
      : [],
    categorySlugs.length
      ? db
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(inArray(categories.slug, categorySlugs))
      : [],
  ]);
  const brandIds = new Map(brandRows.map((b) => [b.slug, b.id]));
  const categoryIds = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const errors: ErrorTree[] = [];
  const seen = new Set<string>();
  const resolved = rules.map((rule, index): ResolvedRule => {
    const error: Record<string, string[]> = {};
    let brandId: number | null = null;
    let categoryId: number | null = null;
    if (rule.scope === 'brand') {
      if (!rule.brand) error.brand = [PRICE_LIST_TEXT.brandRequired];
      else if (!brandIds.has(rule.brand)) error.brand = [PRICE_LIST_TEXT.unknownBrand(rule.brand)];
      else brandId = brandIds.get(rule.brand)!;
      if (rule.category) error.category = [PRICE_LIST_TEXT.noTarget];
    } else if (rule.scope === 'category') {
      if (!rule.category) error.category = [PRICE_LIST_TEXT.categoryRequired];
      else if (!categoryIds.has(rule.category)) error.category = [PRICE_LIST_TEXT.unknownCategory(rule.category)];
      else categoryId = categoryIds.get(rule.category)!;
      if (rule.brand) error.brand = [PRICE_LIST_TEXT.noTarget];
    } else if (rule.brand || rule.category) {
      error.scope = [PRICE_LIST_TEXT.noTarget];
    }
    const target = `${rule.scope}:${brandId ?? rule.brand ?? ''}:${categoryId ?? rule.category ?? ''}`;
    if (!Object.keys(error).length && seen.has(target)) error.scope = [PRICE_LIST_TEXT.repeatedRule];
    seen.add(target);
    errors[index] = error;
    return { scope: rule.scope, brandId, categoryId, percent: rule.percent };
  });
  if (errors.some((e) => Object.keys(e).length)) throw new ValidationError({ rules: errors });
  return resolved;
}

/** The products of the SKUs (any case), checked: each known and named once. */
async function resolveSkus(db: Db, field: string, skus: string[]): Promise<number[]> {
  const rows = skus.length
    ? await queryRows<{ id: number; sku: string }>(
        db,
        sql`select id, sku from products where lower(sku) = any(${textArray(skus.map((s) => s.toLowerCase()))}::text[])`,
      )
    : [];
  const ids = new Map(rows.map((r) => [r.sku.toLowerCase(), Number(r.id)]));
  const seen = new Set<string>();
  const messages = skus.map((sku) => {
    const key = sku.toLowerCase();
    const message = !ids.has(key)
      ? PRICE_LIST_TEXT.unknownSku(sku)
      : seen.has(key)
        ? PRICE_LIST_TEXT.repeatedSku
        : null;
    seen.add(key);
    return message;
  });
  if (messages.some((m) => m !== null)) {
    // A list of plain SKUs (removals) says its messages as strings; a list of prices, per item.
    throw new ValidationError({
      [field]:
        field === 'remove_prices'
          ? messages.filter((m): m is string => m !== null)
          : messages.map((m): ErrorTree => (m ? { sku: [m] } : {})),
    });
  }
  return skus.map((sku) => ids.get(sku.toLowerCase())!);
}

const SCOPE_WORDS: Record<PriceListScope, string> = { all: 'все товары', brand: 'бренд', category: 'категория' };

/** What the journal keeps of a list: its fields, each rule as words, each fixed price as `fixed:<SKU>`. */
function auditRecord(list: StaffPriceList): Record<string, unknown> {
  return {
    name: list.name,
    country: list.country,
    comment: list.comment,
    rules: list.rules.map((r) => {
      const target = r.brand?.name ?? r.category?.name;
      return `${SCOPE_WORDS[r.scope]}${target ? ` «${target}»` : ''}: −${Number(r.percent).toLocaleString('ru-RU')} %`;
    }),
    ...Object.fromEntries((list.prices ?? []).map((p) => [`fixed:${p.sku}`, p.price])),
  };
}

async function lockList(tx: Db, id: number): Promise<StaffPriceList> {
  const [row] = await tx.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.id, id)).for('update');
  if (!row) throw new NotFoundError(PRICE_LIST_TEXT.notFound);
  return findPriceListForStaff(id, tx);
}

async function nameTaken(tx: Db, name: string, except: number | null): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from price_lists where lower(name) = lower(${name}) and id <> ${except ?? 0} limit 1`,
  );
  return rows.length > 0;
}

async function writeRulesAndPrices(tx: Db, listId: number, fields: PriceListFields): Promise<void> {
  if (fields.rules) {
    const rules = await resolveRules(tx, fields.rules);
    await tx.delete(priceListRules).where(eq(priceListRules.priceListId, listId));
    if (rules.length) await tx.insert(priceListRules).values(rules.map((r) => ({ ...r, priceListId: listId })));
  }
  if (fields.setPrices?.length) {
    const ids = await resolveSkus(
      tx,
      'prices',
      fields.setPrices.map((p) => p.sku),
    );
    await tx
      .insert(priceListPrices)
      .values(fields.setPrices.map((p, i) => ({ priceListId: listId, productId: ids[i]!, price: p.price })))
      .onConflictDoUpdate({
        target: [priceListPrices.priceListId, priceListPrices.productId],
        set: { price: sql`excluded.price`, updatedAt: new Date() },
      });
  }
  if (fields.removePrices?.length) {
    const ids = await resolveSkus(tx, 'remove_prices', fields.removePrices);
    await tx
      .delete(priceListPrices)
      .where(and(eq(priceListPrices.priceListId, listId), inArray(priceListPrices.productId, ids)));
  }
}

/** A new price list with its rules and fixed prices, journaled. @throws ValidationError */
export async function createPriceList(
  actor: number,
  fields: PriceListFields & { name: string; country: CountryCode },
): Promise<StaffPriceList> {
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    // One creation at a time, so two lists of one name cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_lists'))`);
    if (await nameTaken(tx, fields.name, null)) throw new ValidationError({ name: [PRICE_LIST_TEXT.nameTaken] });
    const [row] = await tx
      .insert(priceLists)
      .values({ name: fields.name, country: fields.country, comment: fields.comment ?? '' })
      .returning({ id: priceLists.id });
    await writeRulesAndPrices(tx, row!.id, fields);
    const after = await findPriceListForStaff(row!.id, tx);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'price_list',
      entityId: row!.id,
      action: 'create',
      before: null,
      after: auditRecord(after),
    });
    return row!.id;
  });
  return findPriceListForStaff(id);
}

/** Changes the fields sent, journaled. @throws NotFoundError, ValidationError */
export async function updatePriceList(actor: number, id: number, fields: PriceListFields): Promise<StaffPriceList> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_lists'))`);
    const before = await lockList(tx, id);
    if (fields.name !== undefined && (await nameTaken(tx, fields.name, id)))
      throw new ValidationError({ name: [PRICE_LIST_TEXT.nameTaken] });
    if (
      fields.country !== undefined &&
      fields.country !== before.country &&
      (before.clinics.length > 0 || before.pricesCount > 0)
    )
      throw new ValidationError({ country: [PRICE_LIST_TEXT.countryInUse] });
    const values = Object.fromEntries(
      Object.entries({ name: fields.name, country: fields.country, comment: fields.comment }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    await tx
      .update(priceLists)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(priceLists.id, id));
    await writeRulesAndPrices(tx, id, fields);
    const after = await findPriceListForStaff(id, tx);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'price_list',
      entityId: id,
      action: 'update',
      before: auditRecord(before),
      after: auditRecord(after),
    });
  });
  return findPriceListForStaff(id);
}

/** Deletes a price list no clinic uses, journaled. @throws NotFoundError, ValidationError while clinics use it */
export async function deletePriceList(actor: number, id: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await lockList(tx, id);
    const [users] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${clinics} where ${clinics.priceListId} = ${id}`,
    );
    if (users && users.n > 0) throw new ValidationError({ non_field_errors: [PRICE_LIST_TEXT.inUse(users.n)] });
    await tx.delete(priceLists).where(eq(priceLists.id, id));
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'price_list',
      entityId: id,
      action: 'delete',
      before: auditRecord(before),
      after: null,
    });
  });
}

/**
 * Writes fixed prices into a price list from an import, inside the import's transaction (the caller locks
 * and journals): each `[productId, price]` set, the previous price answered per product (null: none).
 */
export async function setFixedPrices(
  tx: Db,
  listId: number,
  prices: readonly { productId: number; price: string }[],
): Promise<Map<number, string | null>> {
  const ids = prices.map((p) => p.productId);
  const before = ids.length
    ? await tx
        .select({ productId: priceListPrices.productId, price: priceListPrices.price })
        .from(priceListPrices)
        .where(and(eq(priceListPrices.priceListId, listId), inArray(priceListPrices.productId, ids)))
    : [];
  const old = new Map<number, string | null>(ids.map((id) => [id, null]));
  for (const row of before) old.set(row.productId, row.price);
  if (prices.length)
    await tx
      .insert(priceListPrices)
      .values(prices.map((p) => ({ priceListId: listId, productId: p.productId, price: p.price })))
      .onConflictDoUpdate({
        target: [priceListPrices.priceListId, priceListPrices.productId],
        set: { price: sql`excluded.price`, updatedAt: new Date() },
      });
  return old;
}
