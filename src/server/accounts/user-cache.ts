/**
 * Signed-in users without a database read per request, on the embedded database. Every API call with a
 * token needs the account's row (still there, still active, sessions not ended since the token was
 * made: `authenticate.ts`); on PGlite that read was most of a `users/me` call. There one process owns the
 * database and every write passes through it, and a trigger announces each changed account row on
 * `shop_users_changed` (migration 0030), which PGlite hands to its listeners before the writer's
 * statement returns: a row is forgotten the moment it changes (a password change, a block, a deletion,
 * made by the shop or by hand), and a read that raced with a change is not kept.
 *
 * On a PostgreSQL server several processes share the database and a notification reaches the others
 * only after the writer's commit, so there the row is read each time: a primary-key read is cheap on a
 * server, and a block must take effect on the very next request everywhere.
 */
import { LRUCache } from 'lru-cache';
import { getDbHandle, type DbHandle } from '../db/client.ts';
import { findUserById, type User } from './users.queries.ts';

export const USERS_CHANGED_CHANNEL = 'shop_users_changed';

interface Cache {
  handle: DbHandle;
  users: LRUCache<number, User>;
  /** Bumped by every change: a read that began before one is not kept. */
  changes: number;
  subscribed: Promise<unknown>;
}

let current: Cache | undefined;

function cacheFor(handle: DbHandle): Cache {
  if (current?.handle === handle) return current;
  const cache: Cache = {
    handle,
    // A bound on memory, and a last resort should a notification ever be missed.
    users: new LRUCache({ max: 20_000, ttl: 10 * 60_000 }),
    changes: 0,
    subscribed: Promise.resolve(),
  };
  cache.subscribed = handle.listen(USERS_CHANGED_CHANNEL, (payload) => {
    cache.changes += 1;
    cache.users.delete(Number(payload));
  });
  current = cache;
  return cache;
}

/** The account of `id` as `findUserById` reads it (null when deleted), kept in memory on PGlite. */
export async function findUserForAuth(id: number): Promise<User | null> {
  const handle = await getDbHandle();
  if (handle.kind !== 'pglite') return findUserById(id);
  const cache = cacheFor(handle);
  await cache.subscribed;
  const known = cache.users.get(id);
  if (known) return known;
  const before = cache.changes;
  const user = await findUserById(id);
  // Frozen: every caller shares the object.
  if (user && cache.changes === before) cache.users.set(id, Object.freeze(user));
  return user;
}
