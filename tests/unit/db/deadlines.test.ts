import net from 'node:net';
import type { Sql } from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answersWithin, createLivenessWatch, trackSockets } from '../../../src/server/db/deadlines.ts';
import { createCircuitBreaker, guardPostgres } from '../../../src/server/db/resilience.ts';
import { ServiceUnavailableError } from '../../../src/server/errors.ts';

const never = () => new Promise<never>(() => {});

describe('createLivenessWatch', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the server once work has waited, and reports it silent when the question goes unanswered', async () => {
    vi.useFakeTimers();
    const ask = vi.fn(never);
    const onSilent = vi.fn();
    const watch = createLivenessWatch({ stallAfterMs: 800, ask, askTimeoutMs: 1000, onSilent });
    const done = watch.begin();
    await vi.advanceTimersByTimeAsync(700);
    expect(ask).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    // Asked at 800 ms: silent from 1800 ms on.
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(800);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(onSilent).toHaveBeenCalledTimes(1);
    expect(String(onSilent.mock.calls[0]![0])).toMatch(/did not answer within 1000 ms/);
    done();
    watch.dispose();
  });

  it('lets slow work on a server that answers run, asking again only once per stall', async () => {
    vi.useFakeTimers();
    const ask = vi.fn(async () => [{ '?column?': 1 }]);
    const onSilent = vi.fn();
    const onAnswered = vi.fn();
    const watch = createLivenessWatch({ stallAfterMs: 800, ask, askTimeoutMs: 1000, onSilent, onAnswered });
    const done = watch.begin();
    await vi.advanceTimersByTimeAsync(5000);
    expect(onSilent).not.toHaveBeenCalled();
    // 5 s of one slow statement: a question every 800 ms or so, never more.
    expect(ask.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(ask.mock.calls.length).toBeLessThanOrEqual(7);
    expect(onAnswered).toHaveBeenCalledTimes(ask.mock.calls.length);
    done();
    const asked = ask.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(ask).toHaveBeenCalledTimes(asked);
    watch.dispose();
  });

  it('asks nothing while work answers quickly', async () => {
    vi.useFakeTimers();
    const ask = vi.fn(never);
    const watch = createLivenessWatch({ stallAfterMs: 800, ask, askTimeoutMs: 1000, onSilent: vi.fn() });
    for (let i = 0; i < 50; i += 1) {
      const done = watch.begin();
      await vi.advanceTimersByTimeAsync(100);
      done();
    }
    expect(ask).not.toHaveBeenCalled();
    watch.dispose();
  });
});

describe('answersWithin', () => {
  it('tells an answer from a failure and from silence', async () => {
    expect(await answersWithin(Promise.resolve(1), 50)).toBe(true);
    expect(await answersWithin(Promise.reject(new Error('refused')), 50)).toBe(false);
    expect(await answersWithin(never(), 50)).toBe(false);
  });
});

/** A server that accepts connections and never says a word: a frozen PostgreSQL as the shop sees it. */
async function silentServer(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
  let bytes = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => (bytes += chunk.length));
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => bytes,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('trackSockets', () => {
  it('destroys the connections that wait for an answer too long, and all of them when asked', async () => {
    const server = await silentServer();
    const sockets = trackSockets();
    try {
      const options = { host: ['127.0.0.1'], port: [server.port] };
      const waiting = sockets.connect(options);
      const idle = sockets.connect(options);
      const closed = (socket: net.Socket) => new Promise((resolve) => socket.once('close', resolve));
      // Written before the connection is up: buffered, then sent, and the clock starts.
      waiting.write('startup');
      await vi.waitFor(() => expect(server.received()).toBe(7));
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(sockets.destroyWaitingLongerThan(1000)).toBe(0);
      expect(sockets.destroyWaitingLongerThan(50)).toBe(1);
      await closed(waiting);
      expect(idle.destroyed).toBe(false);
      sockets.destroyAll();
      await closed(idle);
    } finally {
      await server.close();
    }
  });
});

describe('guardPostgres with a liveness watch', () => {
  it('answers ServiceUnavailableError to work waiting on a silent server once the watch finds it silent', async () => {
    let silent: ((cause: Error) => void) | undefined;
    const breaker = createCircuitBreaker({ probe: never, probeEveryMs: 10, retryAfterSeconds: 1 });
    const watch = createLivenessWatch({
      stallAfterMs: 20,
      ask: never,
      askTimeoutMs: 30,
      onSilent: (cause) => {
        breaker.trip(cause);
        silent?.(cause);
      },
    });
    const found = new Promise<Error>((resolve) => (silent = resolve));
    const client = {
      options: { parsers: {}, serializers: {} },
      unsafe: () => Object.assign(never(), { values: never, cancel: vi.fn() }),
    };
    const sql = guardPostgres(client as unknown as Sql, breaker, watch);
    const started = performance.now();
    await expect(sql.unsafe('select * from products')).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(performance.now() - started).toBeLessThan(1000);
    await found;
    // Open now: the next call fails at once without reaching the client.
    await expect(sql.unsafe('select 1')).rejects.toBeInstanceOf(ServiceUnavailableError);
    breaker.dispose();
    watch.dispose();
  });
});
