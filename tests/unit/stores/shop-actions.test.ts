import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifySuccess } from '~/lib/notify.ts';
import { $cart, addToCart } from '~/stores/cart.ts';
import { $favourites } from '~/stores/favourites.ts';
import { addToCartAndNotify, removeFromCartAndNotify, toggleFavouriteAndNotify } from '~/stores/shop-actions.ts';

vi.mock('~/lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/notify.ts')>()),
  notifySuccess: vi.fn(),
}));

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  keepMount($cart);
  keepMount($favourites);
});

afterEach(() => {
  cleanStores($cart, $favourites);
  cleanTestStorage();
  vi.mocked(notifySuccess).mockReset();
});

describe('shop actions', () => {
  it('adds to the cart and says so', () => {
    addToCartAndNotify(3, 2);
    expect($cart.get()).toEqual([{ id: 3, quantity: 2 }]);
    expect(notifySuccess).toHaveBeenCalledWith('Товар добавлен в корзину');
  });

  it('removes from the cart and says so', () => {
    addToCartAndNotify(3);
    removeFromCartAndNotify(3);
    expect($cart.get()).toEqual([]);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар удален из корзины');
  });

  it('toggles a favourite with the matching message', () => {
    expect(toggleFavouriteAndNotify(3)).toBe(true);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар добавлен в избранное');
    expect(toggleFavouriteAndNotify(3)).toBe(false);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар удален из избранных');
  });

  it('never toasts from the store actions themselves', () => {
    addToCart(5);
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
