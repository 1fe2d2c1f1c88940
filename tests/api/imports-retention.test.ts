/**
 * An import's field-by-field audit rows are kept `IMPORT_DETAILS_KEPT_DAYS` after it ended
 * (`imports/import-retention.ts`): then they go, and the import stays in the journal with its number of
 * changes, says on its page why it can no longer be undone, and refuses undo and the changes file.
 * Newer imports and staff's own edits keep every row.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pruneImportDetails } from '../../src/server/imports/import-retention.ts';
import { IMPORT_DETAILS_KEPT_DAYS } from '../../src/server/imports/imports.options.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importFile, someOffers, staffAccess } from '../helpers/imports.ts';

const pricesFile = (offers: { sku: string; price: string }[], bump: number) => ({
  name: 'prices.json',
  data: JSON.stringify({
    format: 'prices@1',
    country: 'kg',
    currency: 'KGS',
    prices: offers.map((o) => ({ sku: o.sku, price: String(Number(o.price) + bump) })),
  }),
});

const rowsOf = async (taskId: string) =>
  (await dbRows<{ n: number }>(sql`select count(*)::int as n from catalog_changes where task_id = ${taskId}::uuid`))[0]!
    .n;

describe('the audit rows of old imports', () => {
  it('go after the days they are kept; the import stays in the journal, says why, and refuses undo', async () => {
    const token = await staffAccess();
    const offers = await someOffers('kg', 4);
    const old = await importFile('prices', pricesFile(offers.slice(0, 2), 7));
    const recent = await importFile('prices', pricesFile(offers.slice(2, 4), 9));
    expect([old.status, recent.status]).toEqual(['SUCCESS', 'SUCCESS']);
    // A staff edit made long ago too: hand edits are kept whatever their age.
    await dbRows(
      sql`insert into catalog_changes (at, source, user_id, product_id, sku, country, field, old_value, new_value)
          values (now() - interval '400 days', 'staff', null, ${offers[0]!.product_id}, ${offers[0]!.sku}, 'kg', 'quantity', '1', '2')`,
    );
    const staffRows = async () =>
      (
        await dbRows<{ n: number }>(
          sql`select count(*)::int as n from catalog_changes where source = 'staff' and sku = ${offers[0]!.sku}`,
        )
      )[0]!.n;
    const staffBefore = await staffRows();
    await dbRows(
      sql`update tasks set finished_at = now() - make_interval(days => ${IMPORT_DETAILS_KEPT_DAYS + 1})
          where id = ${old.task_id}::uuid`,
    );
    expect(await rowsOf(old.task_id)).toBe(2);

    expect(await pruneImportDetails()).toBeGreaterThanOrEqual(2);

    expect(await rowsOf(old.task_id)).toBe(0);
    expect(await rowsOf(recent.task_id)).toBe(2);
    expect(await staffRows()).toBe(staffBefore);
    // Nothing left to prune: a second run deletes nothing of these.
    await pruneImportDetails();
    expect(await rowsOf(recent.task_id)).toBe(2);

    const page = await api(`/products/task_checking/?task_id=${old.task_id}`, { token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ changes_total: 2, changes: [], changes_url: null, undo_url: null });
    expect(page.body.details_pruned_at).toEqual(expect.any(String));
    expect(page.body.notes.join(' ')).toContain(`хранятся ${IMPORT_DETAILS_KEPT_DAYS} дней`);
    const recentPage = await api(`/products/task_checking/?task_id=${recent.task_id}`, { token });
    expect(recentPage.body).toMatchObject({ details_pruned_at: null });
    expect(recentPage.body.undo_url).toEqual(expect.any(String));

    const undo = await api(`/staff/imports/${old.task_id}/undo/`, { method: 'POST', token });
    expect(undo.status).toBe(409);
    expect(undo.body.detail).toContain('отменить её нельзя');
    const changes = await api(`/staff/imports/${old.task_id}/changes/`, { token });
    expect(changes.status).toBe(409);

    const journal = await api(`/staff/journal/?entity=import&entity_id=${old.task_id}`, { token });
    expect(journal.status).toBe(200);
    expect(journal.body.results).toHaveLength(1);
    expect(journal.body.results[0]).toMatchObject({ action: 'import', import: { changes: 2 } });

    // The recent import is undone as before.
    expect((await api(`/staff/imports/${recent.task_id}/undo/`, { method: 'POST', token })).status).toBe(200);
  });
});
