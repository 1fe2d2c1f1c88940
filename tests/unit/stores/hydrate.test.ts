import { map } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { hydrateStore } from '~/stores/hydrate.ts';

function createStore() {
  return map<{ items: number[]; page: number; status: string }>({ items: [], page: 1, status: 'idle' });
}

describe('hydrateStore', () => {
  it('merges server state into the store and keeps other keys', () => {
    const $store = createStore();
    hydrateStore($store, { items: [1, 2], status: 'succeeded' });
    expect($store.get()).toEqual({ items: [1, 2], page: 1, status: 'succeeded' });
  });

  it('merges the same server state only once', () => {
    const $store = createStore();
    hydrateStore($store, { items: [1] });
    $store.setKey('items', [1, 2, 3]);
    hydrateStore($store, { items: [1] });
    expect($store.get().items).toEqual([1, 2, 3]);
  });

  it('merges different server state, as after a client-side navigation', () => {
    const $store = createStore();
    hydrateStore($store, { page: 1 });
    hydrateStore($store, { page: 2 });
    expect($store.get().page).toBe(2);
  });

  it('tracks each store separately', () => {
    const $a = createStore();
    const $b = createStore();
    hydrateStore($a, { page: 3 });
    hydrateStore($b, { page: 3 });
    expect($b.get().page).toBe(3);
  });

  it('does nothing without server state', () => {
    const $store = createStore();
    hydrateStore($store, undefined);
    hydrateStore($store, null);
    expect($store.get()).toEqual({ items: [], page: 1, status: 'idle' });
  });
});
