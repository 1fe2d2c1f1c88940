/**
 * A large import on the embedded database is written in steps (issue 35, item 5: `import-steps.ts`), so
 * requests are answered while it runs; it must still end whole or not at all: a step that fails takes back
 * the steps before it, staff undo takes back every step, and a task a killed process left half written
 * is ended and taken back when the shop starts again.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshCatalogStats } from '../../src/server/catalog/catalog-stats.ts';
import { getDbHandle, textArray } from '../../src/server/db/client.ts';
import { endInterruptedImports } from '../../src/server/imports/imports.queue.ts';
import { TASK_STALLED_MESSAGE } from '../../src/server/jobs/tasks.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importFile, staffAccess } from '../helpers/imports.ts';

const handle = await getDbHandle();

async function aCategory(): Promise<string> {
  const [row] = await dbRows<{ slug: string }>(
    sql`select slug from categories c where not exists (select 1 from categories k where k.parent_id = c.id) order by id limit 1`,
  );
  return row!.slug;
}

function productsFile(prefix: string, count: number, category: string, known: { sku: string }[] = []) {
  const products = [
    ...Array.from({ length: count }, (_, i) => ({
      sku: `${prefix}-${String(i).padStart(4, '0')}`,
      name: `Шприц-тест ${prefix} №${i}`,
      category,
      description: `<p>Описание ${i}</p>`,
    })),
    ...known.map((k) => ({ sku: k.sku, family: `семья ${prefix}` })),
  ];
  return { name: `${prefix}.json`, data: JSON.stringify({ format: 'products@1', products }) };
}

const countLike = async (prefix: string) =>
  (await dbRows<{ n: number }>(sql`select count(*)::int as n from products where sku like ${`${prefix}-%`}`))[0]!.n;

describe.skipIf(handle.kind !== 'pglite')('a large import on the embedded database', () => {
  afterEach(async () => {
    await dbRows(sql`drop trigger if exists step_fails on products`);
    await dbRows(sql`drop function if exists step_fails()`);
  });

  it('is written in steps and ends whole: every product, every field, and staff undo takes all of it back', async () => {
    const prefix = `STEPS-${Date.now()}`;
    const known = await dbRows<{ sku: string; family: string | null }>(
      sql`select sku, family from products order by id limit 40`,
    );
    const category = await aCategory();
    // The summary of the import's category made wrong beforehand: the steps' end must write it again.
    const ofCategory = sql`category_id = (select id from categories where slug = ${category})`;
    await dbRows(sql`update category_brand_stats set products = products + 1000 where ${ofCategory}`);
    await dbRows(sql`update category_listing_stats set products = -1 where ${ofCategory}`);
    const began = performance.now();
    const task = await importFile('products', productsFile(prefix, 600, category, known));
    console.log('stepped import of 640 rows took', Math.round(performance.now() - began), 'ms');
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { rows: 640, created: 600, updated: 40, errors: 0 } });
    expect(await countLike(prefix)).toBe(600);
    const families = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from products where family = ${`семья ${prefix}`}`,
    );
    expect(families[0]!.n).toBe(40);
    // Several catalog changes (one per step), all of the task.
    const audit = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from catalog_changes where task_id = ${task.task_id}::uuid and source = 'import'`,
    );
    expect(audit[0]!.n).toBe(640);
    // Counted as they were written, step after step: the journal and the task's page read the count.
    const counted = await dbRows<{ n: number }>(
      sql`select sum(changes)::int as n from catalog_change_counts where task_id = ${task.task_id}::uuid and source = 'import'`,
    );
    expect(counted[0]!.n).toBe(640);
    // The summary written a category at a time is the one a full recount gives.
    const summary = () =>
      dbRows(sql`select 'b' as t, country, category_id, brand_id as k, products::text as v from category_brand_stats
                 union all select 'l', country, category_id, 0, products::text || facets::text from category_listing_stats
                 order by 1, 2, 3, 4`);
    const afterSteps = await summary();
    await refreshCatalogStats(handle.db);
    expect(afterSteps).toEqual(await summary());

    const undone = await api(`/staff/imports/${task.task_id}/undo/`, { method: 'POST', token: await staffAccess() });
    expect(undone.status).toBe(200);
    expect(await countLike(prefix)).toBe(0);
    const back = await dbRows<{ sku: string; family: string | null }>(
      sql`select sku, family from products where sku = any(${textArray(known.map((k) => k.sku))}::text[]) order by id`,
    );
    expect(back).toEqual(known);
  }, 180_000);

  it('takes back the steps already written when a later step fails, and the task says nothing was written', async () => {
    const prefix = `STEPFAIL-${Date.now()}`;
    // The database refuses one product near the end, as a broken disk or a constraint would.
    await dbRows(
      sql.raw(`create function step_fails() returns trigger language plpgsql as $$
        begin if new.sku = '${prefix}-0550' then raise exception 'refused'; end if; return new; end $$`),
    );
    await dbRows(sql`create trigger step_fails before insert on products for each row execute function step_fails()`);
    const known = await dbRows<{ sku: string; family: string | null }>(
      sql`select sku, family from products order by id desc limit 5`,
    );
    const task = await importFile('products', productsFile(prefix, 600, await aCategory(), known));
    expect(task.status).toBe('FAILURE');
    expect(await countLike(prefix)).toBe(0);
    const after = await dbRows<{ sku: string; family: string | null }>(
      sql`select sku, family from products where sku = any(${textArray(known.map((k) => k.sku))}::text[]) order by id desc`,
    );
    expect(after).toEqual(known);
  }, 180_000);

  it('left half written by a killed process, is ended and taken back when the shop starts', async () => {
    const prefix = `STEPKILL-${Date.now()}`;
    const task = await importFile('products', productsFile(prefix, 300, await aCategory()));
    expect(task.status).toBe('SUCCESS');
    // As a process killed between two steps leaves it: applied, still running, its beat just now.
    await dbRows(
      sql`delete from catalog_changes where task_id = ${task.task_id}::uuid and source = 'import'
          and product_id in (select id from products where sku >= ${`${prefix}-0200`} and sku like ${`${prefix}-%`})`,
    );
    await dbRows(sql`delete from products where sku >= ${`${prefix}-0200`} and sku like ${`${prefix}-%`}`);
    await dbRows(
      sql`update tasks set status = 'PROGRESS', finished_at = null, heartbeat_at = now() where id = ${task.task_id}::uuid`,
    );
    expect(await countLike(prefix)).toBe(200);

    await endInterruptedImports();

    expect(await countLike(prefix)).toBe(0);
    const answer = (await api(`/products/task_checking/?task_id=${task.task_id}`, { token: await staffAccess() })).body;
    expect(answer).toMatchObject({ status: 'FAILURE', result: TASK_STALLED_MESSAGE });
  }, 180_000);
});
