/**
 * What the process's pool of PostgreSQL connections is doing, for `/metrics`: counted by the guard in
 * front of the driver (`resilience.ts`) as work starts and ends, read when Prometheus scrapes. The
 * `postgres` driver shows nothing of its pool, so the shop counts its own work: a few additions per
 * statement, nothing kept per request.
 */
export class PoolUsage {
  /** Statements outside transactions and transactions in progress, holding or waiting for a connection. */
  active = 0;
  /** Transactions that have asked for their connection and not got it yet. */
  waiting = 0;
  /** Transactions that got their connection since the start, and the seconds they waited for it in all. */
  acquired = 0;
  waitSeconds = 0;

  /** The pool's size (the driver's `max`). */
  readonly size: number;

  constructor(size: number) {
    this.size = size;
  }

  /** Counts `work` as in progress until it settles. */
  track<T>(work: PromiseLike<T>): Promise<T> {
    this.active += 1;
    return Promise.resolve(work).finally(() => (this.active -= 1));
  }

  /**
   * Counts a transaction: `begin(connected)` starts it, and its body calls `connected()` first, when the
   * driver has given it its connection; the time until then is its wait.
   */
  transaction<T>(begin: (connected: () => void) => PromiseLike<T>): Promise<T> {
    const asked = performance.now();
    let waiting = true;
    this.waiting += 1;
    const stopWaiting = () => {
      if (!waiting) return false;
      waiting = false;
      this.waiting -= 1;
      return true;
    };
    const connected = () => {
      if (!stopWaiting()) return;
      this.acquired += 1;
      this.waitSeconds += (performance.now() - asked) / 1000;
    };
    return this.track(begin(connected)).finally(stopWaiting);
  }
}
