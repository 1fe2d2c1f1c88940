import { describe, expect, it, vi } from 'vitest';
import { INVALIDATION_CHANNEL, listenForInvalidations, onInvalidate } from '../../../src/server/cache/invalidation.ts';
import type { DbHandle } from '../../../src/server/db/client.ts';

/**
 * A database handle whose NOTIFY reaches the subscribers it has, as PostgreSQL's does, unless `deaf`:
 * then notifications are lost, as they are while a LISTEN connection is down.
 */
function fakeHandle() {
  const subscribers = new Set<(payload: string) => void>();
  const state = { deaf: false, subscriptions: 0 };
  const handle = {
    kind: 'postgres',
    isAvailable: () => true,
    async listen(channel: string, onNotify: (payload: string) => void, onSubscribe?: () => void) {
      expect(channel).toBe(INVALIDATION_CHANNEL);
      subscribers.add(onNotify);
      state.subscriptions += 1;
      state.deaf = false;
      onSubscribe?.();
      return async () => {
        subscribers.delete(onNotify);
      };
    },
    async notify(_channel: string, payload: string) {
      if (!state.deaf) for (const subscriber of subscribers) subscriber(payload);
    },
  } as unknown as DbHandle;
  return { handle, state, send: (payload: object) => handle.notify(INVALIDATION_CHANNEL, JSON.stringify(payload)) };
}

describe('listenForInvalidations', () => {
  it('empties the caches once on subscribing, and applies what other processes announce', async () => {
    const { handle, send } = fakeHandle();
    const seen = vi.fn();
    const off = onInvalidate(seen);
    const stop = await listenForInvalidations(handle, { pingEveryMs: 60_000, pingTimeoutMs: 60_000 });
    expect(seen.mock.calls.map(([scope]) => scope).sort()).toEqual(['catalog', 'content']);
    seen.mockClear();
    await send({ from: 'another-process', scope: 'catalog', products: [4, 5] });
    expect(seen).toHaveBeenCalledWith('catalog', { products: [4, 5] });
    off();
    await stop();
  });

  it('listens anew, emptying the caches, when its own ping does not come back', async () => {
    const { handle, state } = fakeHandle();
    const stop = await listenForInvalidations(handle, { pingEveryMs: 20, pingTimeoutMs: 40 });
    const seen = vi.fn();
    const off = onInvalidate(seen);
    // Pings come back: nothing happens.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(state.subscriptions).toBe(1);
    expect(seen).not.toHaveBeenCalled();

    state.deaf = true;
    await vi.waitFor(() => expect(state.subscriptions).toBe(2), { timeout: 2000, interval: 10 });
    expect(seen).toHaveBeenCalledWith('catalog', { missed: true });
    off();
    await stop();
  });
});
