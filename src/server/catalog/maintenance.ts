import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { refreshCatalogStats } from './catalog-stats.ts';
import { refreshSearchWords } from './search.ts';

/**
 * After a bulk load of products: recomputes the catalog summary, rebuilds the search word list, and
 * vacuums and analyzes (the embedded database has no autovacuum: without statistics PostgreSQL plans a
 * 20,000-product catalog as sequential scans, and without a vacuum it cannot answer from indexes alone).
 */
export async function afterBulkLoad(db: Db): Promise<void> {
  await refreshCatalogStats(db);
  await refreshSearchWords(db);
  await db.execute(sql`vacuum analyze`);
}
