/** The fetch lifecycle of a store area (brief §4). */
export type LoadStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

/**
 * Tells whether an answer still belongs to the newest request of its kind, so a slow answer
 * to an older request never overwrites a newer one.
 */
export function createLatestGuard() {
  let latest = 0;
  return {
    /** Marks a new request; pass the returned ticket to `isLatest` when its answer arrives. */
    next(): number {
      latest += 1;
      return latest;
    },
    isLatest(ticket: number): boolean {
      return ticket === latest;
    },
  };
}
