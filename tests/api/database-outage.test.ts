/**
 * When the database cannot be reached (issue 22): the API answers 503 with Retry-After at once instead
 * of hanging; a read that lost its connection is tried again on a fresh one; a lost LISTEN connection
 * empties the caches when it is back.
 */
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onInvalidate } from '../../src/server/cache/invalidation.ts';
import { getDbHandle, openPostgres, setDbHandle } from '../../src/server/db/client.ts';
import { api, dbRows } from '../helpers/api.ts';

const handle = await getDbHandle();

describe('a database that cannot be reached', () => {
  afterEach(() => setDbHandle(handle));

  it('GET /api/v1/products/products/ answers 503 with Retry-After at once, then fails fast', async () => {
    // Nothing listens on port 9: every connection is refused.
    const unreachable = openPostgres('postgres://shop@127.0.0.1:9/shop', 2);
    setDbHandle(unreachable);
    try {
      const started = performance.now();
      const first = await api('/products/products/?country=kg&search=unreachable');
      expect(first.status).toBe(503);
      expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.body).toEqual({ detail: expect.any(String) });
      expect(performance.now() - started).toBeLessThan(3000);
      expect(unreachable.isAvailable()).toBe(false);

      // The breaker is open: no connection is tried, whatever the machine's load.
      const again = performance.now();
      expect((await api('/core/exchanges/')).status).toBe(503);
      expect(performance.now() - again).toBeLessThan(3000);
      expect(await unreachable.ping(500)).toBe(false);
    } finally {
      await unreachable.close();
    }
  });
});

describe.skipIf(handle.kind !== 'postgres')('connections lost under a running shop (PostgreSQL)', () => {
  const terminate = async (where: string) => {
    const url = new URL(handle.url!);
    const database = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and ${where}`,
        [database],
      );
    } finally {
      await admin.end();
    }
  };

  it('answers a read after every connection of the pool was terminated, trying it on a fresh one', async () => {
    await dbRows(sql`select 1`);
    await terminate(`application_name = 'dental-shop' and query not ilike 'listen%'`);
    const answer = await api('/core/exchanges/');
    expect(answer.status).toBe(200);
    expect(handle.isAvailable()).toBe(true);
  });

  it('empties the caches when the LISTEN connection comes back, as invalidations sent meanwhile are lost', async () => {
    const { listenForInvalidations } = await import('../../src/server/cache/invalidation.ts');
    const stop = await listenForInvalidations(handle);
    try {
      const emptied = vi.fn();
      const off = onInvalidate(emptied);
      await terminate(`query ilike 'listen%'`);
      await vi.waitFor(() => expect(emptied).toHaveBeenCalled(), { timeout: 5000, interval: 50 });
      off();
    } finally {
      await stop();
    }
  });
});
