import type { MapStore } from 'nanostores';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import { createLatestGuard } from './load-status.ts';

/**
 * The fetch of a content area (brief §4): a success stores what `apply` takes from the answer and
 * clears `error`; a failure stores the error text and keeps what was shown. An answer to an older
 * call of the same fetcher is ignored.
 */
export function createFetcher<S extends { error: string | null }>(store: MapStore<S>) {
  const guard = createLatestGuard();
  return async function fetchInto<T>(call: () => Promise<T>, apply: (answer: T) => Partial<S>): Promise<void> {
    const ticket = guard.next();
    try {
      const answer = await call();
      if (!guard.isLatest(ticket)) return;
      store.set({ ...store.get(), ...apply(answer), error: null });
    } catch (error) {
      if (!guard.isLatest(ticket)) return;
      store.set({ ...store.get(), error: apiErrorMessage(error) });
    }
  };
}
