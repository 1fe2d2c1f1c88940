/**
 * The limit the import benches compare with: the same rows loaded by PostgreSQL's own `COPY` (from
 * semicolon-separated text) into a temporary table, then written by one `UPDATE … FROM` it, in one
 * transaction on the same server.
 */
import type postgres from 'postgres';

/** Thrown to roll a measured transaction back. */
class RollBack extends Error {}

/**
 * Loads `rows` into the temporary table `table` (`name (column type, …)`), runs `update` on it and
 * commits; with `rollBack`, rolls back instead, leaving the database as it found it (a limit measured
 * before the run it is the limit of). @returns the seconds it took
 */
export async function copyThenUpdate(
  db: postgres.Sql,
  table: string,
  rows: string,
  update: (tx: postgres.TransactionSql) => Promise<unknown>,
  { rollBack = false } = {},
): Promise<number> {
  const started = performance.now();
  const work = db.begin(async (tx) => {
    await tx.unsafe(`create temp table ${table} on commit drop`);
    const stream = await tx
      .unsafe(`copy ${table.split(' ')[0]} from stdin with (format csv, delimiter ';')`)
      .writable();
    await new Promise<void>((resolve, reject) => {
      stream.on('error', reject);
      stream.on('finish', resolve);
      stream.end(rows);
    });
    await update(tx);
    if (rollBack) throw new RollBack();
  });
  await work.catch((error: unknown) => {
    if (!(error instanceof RollBack)) throw error;
  });
  return (performance.now() - started) / 1000;
}
