import type { MapStore } from 'nanostores';

const lastSnapshot = new WeakMap<object, string>();

/**
 * Merges state rendered on the server into a map store (brief §4). Passing the same state again is a
 * no-op, so several islands mounting with the same props merge it once; different state (a new page
 * reached through client-side navigation) is merged again. Keys not in `serverState` are kept.
 *
 * Call it before the island reads the store, e.g. in a `useState` initializer.
 */
export function hydrateStore<T extends object>(store: MapStore<T>, serverState: Partial<T> | null | undefined): void {
  if (!serverState) return;
  const snapshot = JSON.stringify(serverState);
  if (lastSnapshot.get(store) === snapshot) return;
  lastSnapshot.set(store, snapshot);
  store.set({ ...store.get(), ...serverState });
}
