/**
 * Taking an applied import's changes back, field by field (what `undoImport` does when staff ask, and
 * `revertImport` when an import never ended): every field it changed goes back to what it was, and the
 * products it created are deleted. Knows nothing of tasks' queues, so the import's own run may use it.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { lockOffers, removeOffers, setPrices, setStock, type CurrentOffer } from '../catalog/offers.service.ts';
import { deleteProducts, loadProductsBySku, updateProducts, type ProductUpdate } from '../catalog/products.service.ts';
import { intArray, queryRows } from '../db/client.ts';
import { lockTask, updateTask } from '../jobs/tasks.ts';

export interface Change {
  product_id: number | null;
  sku: string;
  country: CountryCode | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
}

/** One field that changed since the import, as the 409 lists it. */
export interface UndoConflict {
  sku: string;
  country: CountryCode | null;
  field: string;
  /** What the import wrote. */
  imported: string | null;
  /** What it is now. */
  now: string | null;
}

const PRODUCT_FIELDS: Record<string, keyof ProductUpdate['fields']> = {
  name: 'name',
  slug: 'slug',
  category: 'categoryId',
  brand: 'brandId',
  family: 'family',
  is_active: 'isActive',
  description: 'description',
  images: 'images',
};

/**
 * Takes back what an import that never ended wrote: a write in steps stopped half way (`import-steps.ts`),
 * or a task whose process died after writing. Everything it changed goes back, a change made meanwhile to
 * what it wrote included (the import did not happen, so nothing of it stays), except the products it
 * created that orders already name: those stay. The task is marked undone; one that wrote nothing, or was
 * taken back already, is left as it is.
 */
export async function revertImport(taskId: string): Promise<void> {
  await writeCatalog({ source: 'undo', userId: null, taskId }, async (write) => {
    const locked = await lockTask(write.tx, taskId);
    if (!locked || locked.undoneAt) return;
    const changes = await importChanges(write, taskId);
    if (!changes.length) return;
    const overwritten: UndoConflict[] = [];
    const revertOffers = await planOfferUndo(write, offerChangesOf(changes), overwritten);
    const revertProducts = await planProductUndo(write, productChangesOf(changes), overwritten, {
      keepOrdered: true,
    });
    await revertOffers();
    await revertProducts();
    await updateTask(taskId, { undoneAt: new Date(), undoneBy: null }, write.tx);
  });
}

/** What an applied import wrote, field by field, in the order it wrote it. */
export function importChanges(write: CatalogWrite, taskId: string): Promise<Change[]> {
  return queryRows<Change>(
    write.tx,
    sql`select product_id, sku, country, field, old_value, new_value from catalog_changes
        where task_id = ${taskId}::uuid and source = 'import' order by id`,
  );
}

/** A price list's fixed prices (`price_list:<id>:<name>`) are not offers: `undo-import.ts` puts them back. */
export const offerChangesOf = (changes: Change[]) =>
  changes.filter((c) => c.country !== null && !c.field.startsWith('price_list:'));
export const productChangesOf = (changes: Change[]) => changes.filter((c) => c.country === null);

export async function planOfferUndo(write: CatalogWrite, changes: Change[], conflicts: UndoConflict[]) {
  const steps: (() => Promise<void>)[] = [];
  const byCountry = Map.groupBy(changes, (c) => c.country!);
  for (const [country, list] of byCountry) {
    const ids = [...new Set(list.flatMap((c) => (c.product_id === null ? [] : [Number(c.product_id)])))];
    const offers = await lockOffers(write, country, ids);
    const now = (c: Change): string | null => {
      const offer = offers.get(Number(c.product_id));
      if (c.field === 'offer') return offer ? 'sold' : null;
      if (!offer) return null;
      if (c.field === 'quantity') return String(offer.quantity);
      if (c.field === 'price') return offer.price;
      return offer.oldPrice;
    };
    for (const c of list) {
      if (now(c) !== c.new_value)
        conflicts.push({ sku: c.sku, country, field: c.field, imported: c.new_value, now: now(c) });
    }
    const created = list.filter((c) => c.field === 'offer' && c.old_value === null);
    const createdIds = new Set(created.map((c) => Number(c.product_id)));
    const stock = list.filter((c) => c.field === 'quantity' && !createdIds.has(Number(c.product_id)));
    const prices = new Map<number, { price?: string | null; oldPrice?: string | null }>();
    for (const c of list) {
      if (createdIds.has(Number(c.product_id)) || (c.field !== 'price' && c.field !== 'old_price')) continue;
      const entry = prices.get(Number(c.product_id)) ?? {};
      if (c.field === 'price') entry.price = c.old_value;
      else entry.oldPrice = c.old_value;
      prices.set(Number(c.product_id), entry);
    }
    steps.push(async () => {
      await removeOffers(
        write,
        country,
        [...createdIds].flatMap((id) => (offers.has(id) ? [offers.get(id)!] : [])),
      );
      await setStock(
        write,
        country,
        stock.flatMap((c) => {
          const offer = offers.get(Number(c.product_id));
          return offer ? [{ offer, quantity: Number(c.old_value) }] : [];
        }),
      );
      await setPrices(
        write,
        country,
        [...prices].flatMap(([id, back]) => {
          const offer: CurrentOffer | undefined = offers.get(id);
          if (!offer) return [];
          return [
            {
              product: { id, sku: offer.sku, categoryId: offer.categoryId },
              offer,
              price: back.price ?? offer.price,
              oldPrice: back.oldPrice === undefined ? offer.oldPrice : back.oldPrice,
            },
          ];
        }),
      );
    });
  }
  return async () => {
    for (const step of steps) await step();
  };
}

/** `keepOrdered`: the created products that orders name stay (else each is a conflict). */
export async function planProductUndo(
  write: CatalogWrite,
  changes: Change[],
  conflicts: UndoConflict[],
  options: { keepOrdered?: boolean } = {},
) {
  const created = changes.filter((c) => c.field === 'product' && c.new_value === 'created' && c.product_id !== null);
  let createdIds = created.map((c) => Number(c.product_id));
  if (createdIds.length) {
    const ordered = await queryRows<{ product_id: number; sku: string }>(
      write.tx,
      sql`select distinct l.product_id, p.sku from order_lines l join products p on p.id = l.product_id
          where l.product_id = any(${intArray(createdIds)}::int[])`,
    );
    if (options.keepOrdered) {
      const kept = new Set(ordered.map((row) => Number(row.product_id)));
      createdIds = createdIds.filter((id) => !kept.has(id));
    } else
      for (const row of ordered)
        conflicts.push({ sku: row.sku, country: null, field: 'product', imported: 'created', now: 'ordered' });
  }
  const fieldChanges = changes.filter((c) => c.field !== 'product' && !createdIds.includes(Number(c.product_id)));
  const current = await loadProductsBySku(write, [...new Set(fieldChanges.map((c) => c.sku))]);
  const updates = new Map<string, ProductUpdate>();
  for (const c of fieldChanges) {
    const product = current.get(c.sku);
    if (!product) continue;
    const update = updates.get(c.sku) ?? { id: product.id, sku: c.sku, fields: {}, specifications: new Map() };
    updates.set(c.sku, update);
    if (c.field.startsWith('spec:')) {
      const specId = Number(c.field.slice(5)) || (await specIdOf(write, c.field.slice(5)));
      const now = [...(product.specifications.get(specId) ?? [])].sort();
      if (
        JSON.stringify(now.length ? now : null) !==
        JSON.stringify(c.new_value === null ? null : JSON.parse(c.new_value))
      )
        conflicts.push({
          sku: c.sku,
          country: null,
          field: c.field,
          imported: c.new_value,
          now: now.length ? JSON.stringify(now) : null,
        });
      update.specifications!.set(specId, c.old_value === null ? [] : (JSON.parse(c.old_value) as string[]));
      continue;
    }
    const key = PRODUCT_FIELDS[c.field];
    if (!key) continue;
    const value = product[key];
    const now =
      value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
    if (now !== c.new_value) conflicts.push({ sku: c.sku, country: null, field: c.field, imported: c.new_value, now });
    (update.fields as Record<string, unknown>)[key] = fieldValue(key, c.old_value);
  }
  return async () => {
    await updateProducts(write, [...updates.values()], current);
    await deleteProducts(write, createdIds);
  };
}

function fieldValue(key: keyof ProductUpdate['fields'], text: string | null): unknown {
  if (key === 'categoryId') return Number(text);
  if (key === 'brandId') return text === null ? null : Number(text);
  if (key === 'isActive') return text === 'true';
  if (key === 'images') return text === null ? [] : (JSON.parse(text) as string[]);
  return text;
}

async function specIdOf(write: CatalogWrite, slug: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(write.tx, sql`select id from specifications where slug = ${slug}`);
  return Number(row?.id ?? 0);
}
