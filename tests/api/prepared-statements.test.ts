import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDbHandle, openPostgres, queryRows } from '../../src/server/db/client.ts';
import { MAX_PREPARED_PARAMETERS } from '../../src/server/db/prepared-statements.ts';

// Prepared statements live on a connection: a pool of one shows what its connection keeps.
const handle = await getDbHandle();
describe.skipIf(handle.kind !== 'postgres')('statements on PostgreSQL (prepared-statements.ts)', () => {
  const pool = handle.kind === 'postgres' ? openPostgres(handle.url!, 1) : undefined;
  afterAll(() => pool?.close());

  const kept = async () =>
    (await queryRows<{ statement: string }>(pool!.db, sql`select statement from pg_prepared_statements`)).map(
      (row) => row.statement,
    );

  it('keeps a request-sized statement prepared on its connection, inside a transaction too, and its plan is made for each value', async () => {
    const db = pool!.db;
    for (const n of [1, 2]) await queryRows(db, sql`select ${n}::int as prepared_outside`);
    await db.transaction(async (tx) => {
      await queryRows(tx, sql`select ${3}::int as prepared_inside`);
      await tx.transaction(async (savepoint) => queryRows(savepoint, sql`select ${4}::int as prepared_in_savepoint`));
    });
    const statements = await kept();
    for (const name of ['prepared_outside', 'prepared_inside', 'prepared_in_savepoint'])
      expect(statements.some((s) => s.includes(name))).toBe(true);
    const [mode] = await queryRows<{ plan_cache_mode: string }>(db, sql`show plan_cache_mode`);
    expect(mode!.plan_cache_mode).toBe('force_custom_plan');
  });

  it('leaves a bulk statement unnamed: the connection does not keep one statement per batch size', async () => {
    const values = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => sql`${i}::int`);
    const [row] = await queryRows<{ bulk_unnamed: number }>(
      pool!.db,
      sql`select greatest(${sql.join(values, sql`, `)}) as bulk_unnamed`,
    );
    expect(row!.bulk_unnamed).toBe(MAX_PREPARED_PARAMETERS);
    expect((await kept()).some((s) => s.includes('bulk_unnamed'))).toBe(false);
  });
});
