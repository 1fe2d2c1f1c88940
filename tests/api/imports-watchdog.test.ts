/**
 * Tasks that lose their process end (issue 35, item 4): a running task keeps a heartbeat; one whose
 * beat stopped is ended as FAILURE with a reason by any process's watchdog, and never holds back a new
 * upload of the same file; a process killed (SIGKILL) in the middle of writing an import leaves nothing
 * of it written.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { getDbHandle } from '../../src/server/db/client.ts';
import { endStalledTasks, runningTasks, TASK_STALLED_MESSAGE } from '../../src/server/jobs/tasks.ts';
import { runImport } from '../../src/server/imports/imports.runner.ts';
import { api, dbRows } from '../helpers/api.ts';
import { finish, someOffers, staffAccess, stockCsv, upload, UPLOAD } from '../helpers/imports.ts';
import { startSecondProcess } from '../helpers/second-process.ts';

const handle = await getDbHandle();

describe('a task whose process stopped', () => {
  it('keeps a heartbeat while it runs', async () => {
    const [a] = await someOffers('kg', 1);
    const started = await upload(
      UPLOAD.stock,
      { name: 's.csv', data: stockCsv([[a!.sku, 'a', 3]]) },
      { country: 'kg', dry_run: 'true' },
    );
    await runImport(started.body.task_id);
    const [row] = await dbRows<{ heartbeat_at: string | null }>(
      sql`select heartbeat_at from tasks where id = ${started.body.task_id}::uuid`,
    );
    expect(row!.heartbeat_at).not.toBeNull();
  });

  it('is ended as FAILURE with a reason once its heartbeat is a minute old, and a new upload of the file is a new task', async () => {
    const [a] = await someOffers('kg', 1);
    const file = { name: 'stuck.csv', data: stockCsv([[a!.sku, 'a', 4]]) };
    const first = await upload(UPLOAD.stock, file, { country: 'kg', dry_run: 'true' });
    // As a process killed after starting it leaves it: started, its last beat long ago.
    await dbRows(
      sql`update tasks set status = 'PROGRESS', started_at = now() - interval '3 minutes',
                           heartbeat_at = now() - interval '2 minutes' where id = ${first.body.task_id}::uuid`,
    );
    const again = await upload(UPLOAD.stock, file, { country: 'kg', dry_run: 'true' });
    expect(again.status).toBe(202);
    expect(again.body.task_id).not.toBe(first.body.task_id);
    const stuck = (await api(`/products/task_checking/?task_id=${first.body.task_id}`, { token: await staffAccess() }))
      .body;
    expect(stuck).toMatchObject({ status: 'FAILURE', ready: true, result: TASK_STALLED_MESSAGE });
    expect((await finish(again.body.task_id)).status).toBe('SUCCESS');
  });

  it('leaves alone a task with a fresh heartbeat, and one this process runs', async () => {
    const [a] = await someOffers('kg', 1);
    const task = await upload(
      UPLOAD.stock,
      { name: 'fresh.csv', data: stockCsv([[a!.sku, 'a', 5]]) },
      { country: 'kg', dry_run: 'true' },
    );
    await dbRows(sql`update tasks set status = 'PROGRESS', heartbeat_at = now() where id = ${task.body.task_id}::uuid`);
    const db = handle.db;
    expect(await endStalledTasks(db, { kindPrefix: 'import_' })).not.toContain(task.body.task_id);
    await dbRows(
      sql`update tasks set heartbeat_at = now() - interval '5 minutes' where id = ${task.body.task_id}::uuid`,
    );
    expect(await endStalledTasks(db, { kindPrefix: 'import_', runningHere: [task.body.task_id] })).not.toContain(
      task.body.task_id,
    );
    expect(runningTasks().has(task.body.task_id)).toBe(false);
    expect(await endStalledTasks(db, { kindPrefix: 'import_' })).toContain(task.body.task_id);
  });
});

// A second process to kill exists only on a PostgreSQL server.
describe.skipIf(handle.kind !== 'postgres')('a process killed while it writes an import', () => {
  let second: ReturnType<typeof startSecondProcess> | undefined;
  let blocker: postgres.Sql | undefined;
  afterAll(async () => {
    second?.kill('SIGKILL');
    await blocker?.end({ timeout: 1 });
  });

  it('writes nothing of it, and the task ends as FAILURE', async () => {
    await dbRows(sql`delete from pgboss.job where name = 'imports' and state = 'created'`);
    const [category] = await dbRows<{ id: number; slug: string }>(
      sql`select c.id, c.slug from categories c where exists (select 1 from category_brand_stats s where s.category_id = c.id) order by c.id limit 1`,
    );
    // The writer must wait in the middle of its transaction: the catalog summary it refreshes last is held here.
    blocker = postgres(handle.url!, { max: 1, onnotice: () => {} });
    const reserved = await blocker.reserve();
    await reserved`begin`;
    await reserved`lock table category_brand_stats in exclusive mode`;
    second = startSecondProcess(handle.url!, { SHOP_TEST_WORKERS: 'true' });
    await second.port;
    const skus = Array.from({ length: 20 }, (_, i) => `KILL-${Date.now()}-${i}`);
    const rows = skus.map((sku) => `${sku};Товар ${sku};${category!.slug}`);
    const started = await upload(UPLOAD.products, {
      name: 'kill.csv',
      data: ['артикул;наименование;категория', ...rows].join('\r\n'),
    });
    expect(started.status).toBe(202);
    // Waiting on the lock means it has written its products and not committed them.
    await expect
      .poll(
        async () =>
          (
            await dbRows<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%category_brand_stats%'`,
            )
          )[0]!.n,
        { timeout: 30_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    second.kill('SIGKILL');
    second = undefined;
    await reserved`rollback`;
    reserved.release();
    await expect
      .poll(
        async () =>
          (
            await dbRows<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%category_brand_stats%'`,
            )
          )[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(await dbRows(sql`select sku from products where sku like 'KILL-%'`)).toEqual([]);
    const [task] = await dbRows<{ status: string; applied_at: string | null }>(
      sql`select status, applied_at from tasks where id = ${started.body.task_id}::uuid`,
    );
    expect(task).toMatchObject({ status: expect.stringMatching(/STARTED|PROGRESS/), applied_at: null });
    // Another process's watchdog, a minute later.
    expect(await endStalledTasks(handle.db, { kindPrefix: 'import_', deadAfterSeconds: 0 })).toContain(
      started.body.task_id,
    );
    const answer = (
      await api(`/products/task_checking/?task_id=${started.body.task_id}`, { token: await staffAccess() })
    ).body;
    expect(answer).toMatchObject({ status: 'FAILURE', result: TASK_STALLED_MESSAGE });
  });
});
