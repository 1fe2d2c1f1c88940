/**
 * The shop's own deadlines on a PostgreSQL server that stops answering without closing anything (a
 * stalled disk, a network blackhole, a frozen host: no RST, no error, `statement_timeout` cannot fire):
 *
 * - `trackSockets` opens the driver's connections itself (postgres.js's `socket` option), so that they
 *   can be destroyed: all of them once the server is found silent, or one that has waited for an answer
 *   longer than any statement may run (a connection lost on the way while the server answers others).
 * - `createLivenessWatch` notices database work that has waited `stallAfterMs` and then asks the server a
 *   trivial question on a connection of its own; no answer within `askTimeoutMs` means the server is
 *   silent (`onSilent`: the circuit breaker opens, every waiting request gets its 503 and the
 *   connections are destroyed). A slow statement on a server that answers is left to run.
 *
 * Connecting has its deadline in the driver (`connect_timeout`, from the first byte to the first
 * ReadyForQuery), which covers a socket opened here too.
 */
import net from 'node:net';

export interface TrackedSockets {
  /** postgres.js's `socket` option: a connection to the server it names, tracked until it closes. */
  connect(options: { host: string[]; port: number[]; path?: string | false }): net.Socket;
  /** Destroys every connection (the server is silent); the driver reconnects when next asked. */
  destroyAll(): void;
  /**
   * Destroys the connections that sent something and have heard nothing back for `ms` (plain ones: a TLS
   * connection's traffic passes this socket by); returns how many.
   */
  destroyWaitingLongerThan(ms: number): number;
}

interface Watched {
  socket: net.Socket;
  /** When it sent something after its last answer, or null while it has heard back. */
  waitingSince: number | null;
}

export function trackSockets(): TrackedSockets {
  const open = new Set<Watched>();
  let next = 0;
  return {
    connect(options) {
      // A connection upgraded to TLS leaves this socket's listeners behind (the driver removes them).
      for (const watched of open) if (watched.socket.destroyed) open.delete(watched);
      const index = next++ % Math.max(options.host.length, 1);
      const host = options.host[index] ?? 'localhost';
      const port = options.port[index] ?? options.port[0] ?? 5432;
      // The driver writes its startup message at once: a socket buffers it until connected.
      const socket = options.path ? net.connect(options.path) : net.connect(port, host);
      Object.assign(socket, { host, port });
      const watched: Watched = { socket, waitingSince: null };
      const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
      socket.write = ((...args: unknown[]) => {
        watched.waitingSince ??= Date.now();
        return write(...args);
      }) as typeof socket.write;
      socket.on('data', () => (watched.waitingSince = null));
      socket.once('close', () => open.delete(watched));
      open.add(watched);
      return socket;
    },
    destroyAll() {
      for (const { socket } of open) socket.destroy();
    },
    destroyWaitingLongerThan(ms) {
      const before = Date.now() - ms;
      let destroyed = 0;
      for (const watched of open) {
        if (watched.waitingSince !== null && watched.waitingSince < before) {
          watched.socket.destroy();
          destroyed += 1;
        }
      }
      return destroyed;
    },
  };
}

export interface LivenessWatch {
  /** Marks database work as waiting for the server; the function returned marks it done. */
  begin(): () => void;
  dispose(): void;
}

export interface LivenessWatchOptions {
  /** Work waiting this long makes the watch ask the server whether it answers at all. */
  stallAfterMs: number;
  /** Asks the server a trivial question on a connection of its own. */
  ask: () => Promise<unknown>;
  askTimeoutMs: number;
  /** The server did not answer within `askTimeoutMs` (or the question failed). */
  onSilent: (cause: Error) => void;
  /** The server answered: a chance to end the connections that wait in vain on their own. */
  onAnswered?: () => void;
}

/** Resolves to whether `pending` settled successfully within `ms`. */
export function answersWithin(pending: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const answered = pending.then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

export function createLivenessWatch(options: LivenessWatchOptions): LivenessWatch {
  // Insertion order is start order: the first entry is the work that has waited longest.
  const waiting = new Set<{ since: number }>();
  let lastAnswerAt = 0;
  let asking = false;
  let timer: NodeJS.Timeout | undefined;
  let disposed = false;
  const checkEveryMs = Math.max(10, Math.floor(options.stallAfterMs / 8));

  const ask = async () => {
    asking = true;
    const started = Date.now();
    const answered = await answersWithin(options.ask(), options.askTimeoutMs);
    asking = false;
    if (disposed) return;
    if (answered) {
      lastAnswerAt = started;
      options.onAnswered?.();
    } else {
      options.onSilent(
        new Error(`The database server did not answer within ${options.askTimeoutMs} ms (work waiting for it)`),
      );
    }
  };
  const check = () => {
    if (waiting.size === 0 || disposed) {
      clearInterval(timer);
      timer = undefined;
      return;
    }
    if (asking) return;
    const oldest = waiting.values().next().value!.since;
    // Work that started before the last answer has been vouched for until then.
    if (Date.now() - Math.max(oldest, lastAnswerAt) >= options.stallAfterMs) void ask();
  };

  return {
    begin() {
      const work = { since: Date.now() };
      waiting.add(work);
      if (!timer && !disposed) {
        timer = setInterval(check, checkEveryMs);
        timer.unref();
      }
      return () => waiting.delete(work);
    },
    dispose() {
      disposed = true;
      clearInterval(timer);
      waiting.clear();
    },
  };
}
