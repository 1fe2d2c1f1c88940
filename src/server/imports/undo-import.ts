/**
 * Undoing an applied import when staff ask: every field it changed goes back to what it was, in one
 * catalog change, unless something changed it since (then nothing is undone and the conflicts are
 * listed). Products the import created are deleted, unless orders already refer to them.
 */
import { writeCatalog } from '../catalog/catalog-write.ts';
import { ConflictError } from '../errors.ts';
import { lockTask, updateTask, type Task } from '../jobs/tasks.ts';
import {
  importChanges,
  offerChangesOf,
  planOfferUndo,
  planProductUndo,
  productChangesOf,
  type UndoConflict,
} from './import-revert.ts';
import { getImportTask } from './imports.service.ts';
import { IMPORT_TEXT } from './imports.texts.ts';

export type { UndoConflict } from './import-revert.ts';

/**
 * Undoes an applied import.
 * @throws ConflictError (409) with `conflicts` when data it wrote changed since; ValidationError when
 *   the task is not an applied import or was undone already
 */
export async function undoImport(taskId: string, userId: number): Promise<Task> {
  const task = await getImportTask(taskId);
  if (!task.appliedAt || (task.options as { dry_run?: boolean }).dry_run)
    throw new ConflictError(IMPORT_TEXT.undoNotApplied);
  if (task.undoneAt) throw new ConflictError(IMPORT_TEXT.alreadyUndone);
  await writeCatalog({ source: 'undo', userId, taskId }, async (write) => {
    const locked = await lockTask(write.tx, taskId);
    if (locked?.undoneAt) throw new ConflictError(IMPORT_TEXT.alreadyUndone);
    const changes = await importChanges(write, taskId);
    const conflicts: UndoConflict[] = [];
    const revertOffers = await planOfferUndo(write, offerChangesOf(changes), conflicts);
    const revertProducts = await planProductUndo(write, productChangesOf(changes), conflicts);
    if (conflicts.length) throw new ConflictError(IMPORT_TEXT.undoConflict, { conflicts });
    await revertOffers();
    await revertProducts();
    await updateTask(taskId, { undoneAt: new Date(), undoneBy: userId }, write.tx);
  });
  return getImportTask(taskId);
}
