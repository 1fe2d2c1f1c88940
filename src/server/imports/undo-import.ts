/**
 * Undoing an applied import when staff ask: every field it changed goes back to what it was, in one
 * catalog change, unless something changed it since (then nothing is undone and the conflicts are
 * listed). Products the import created are deleted, unless orders already refer to them.
 */
import { sql } from 'drizzle-orm';
import { writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { setFixedPrices } from '../clinics/price-lists.service.ts';
import { intArray, queryRows } from '../db/client.ts';
import { ConflictError } from '../errors.ts';
import { lockTask, updateTask, type Task } from '../jobs/tasks.ts';
import { priceListIdOf } from './contract-prices-import.ts';
import {
  importChanges,
  type Change,
  offerChangesOf,
  planOfferUndo,
  planProductUndo,
  productChangesOf,
  type UndoConflict,
} from './import-revert.ts';
import { refuseIfPruned } from './import-retention.ts';
import { getImportTask } from './imports.service.ts';
import { IMPORT_TEXT } from './imports.texts.ts';

export type { UndoConflict } from './import-revert.ts';

/**
 * Undoes an applied import.
 * @throws ConflictError (409) with `conflicts` when data it wrote changed since; without them when the
 *   task is not an applied import, was undone already, or its audit rows are gone (`import-retention.ts`)
 */
export async function undoImport(taskId: string, userId: number): Promise<Task> {
  const task = await getImportTask(taskId);
  if (!task.appliedAt || (task.options as { dry_run?: boolean }).dry_run)
    throw new ConflictError(IMPORT_TEXT.undoNotApplied);
  if (task.undoneAt) throw new ConflictError(IMPORT_TEXT.alreadyUndone);
  refuseIfPruned(task);
  await writeCatalog({ source: 'undo', userId, taskId }, async (write) => {
    const locked = await lockTask(write.tx, taskId);
    if (locked?.undoneAt) throw new ConflictError(IMPORT_TEXT.alreadyUndone);
    // Its rows may have gone since it was read (`pruneImportDetails` marks the task first, on this row).
    refuseIfPruned(locked);
    const changes = await importChanges(write, taskId);
    const conflicts: UndoConflict[] = [];
    const revertOffers = await planOfferUndo(write, offerChangesOf(changes), conflicts);
    const revertProducts = await planProductUndo(write, productChangesOf(changes), conflicts);
    const revertLists = await planPriceListUndo(
      write,
      changes.filter((c) => priceListIdOf(c.field) !== null),
      conflicts,
    );
    if (conflicts.length) throw new ConflictError(IMPORT_TEXT.undoConflict, { conflicts });
    await revertOffers();
    await revertLists();
    await revertProducts();
    await updateTask(taskId, { undoneAt: new Date(), undoneBy: userId }, write.tx);
  });
  return getImportTask(taskId);
}

/** A price list's fixed prices an import wrote go back to what they were (none, where it added them). */
async function planPriceListUndo(write: CatalogWrite, changes: Change[], conflicts: UndoConflict[]) {
  const now = new Map<string, string>();
  for (const [listId, list] of Map.groupBy(changes, (c) => priceListIdOf(c.field)!)) {
    const ids = list.map((c) => Number(c.product_id));
    const rows = await queryRows<{ product_id: number; price: string }>(
      write.tx,
      sql`select product_id, price::text as price from price_list_prices
          where price_list_id = ${listId} and product_id = any(${intArray(ids)}::int[]) for update`,
    );
    for (const r of rows) now.set(`${listId}:${Number(r.product_id)}`, Number(r.price).toFixed(2));
  }
  for (const c of changes) {
    const current = now.get(`${priceListIdOf(c.field)}:${Number(c.product_id)}`) ?? null;
    if (current !== c.new_value)
      conflicts.push({ sku: c.sku, country: c.country, field: c.field, imported: c.new_value, now: current });
  }
  return async () => {
    for (const c of changes) {
      const listId = priceListIdOf(c.field)!;
      if (c.old_value === null)
        await write.tx.execute(
          sql`delete from price_list_prices where price_list_id = ${listId} and product_id = ${Number(c.product_id)}`,
        );
      else await setFixedPrices(write.tx, listId, [{ productId: Number(c.product_id), price: c.old_value }]);
    }
  };
}
