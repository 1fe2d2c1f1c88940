import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess } from '~/islands/toasts/notify.ts';
import { $cart, addToCart } from '~/stores/cart.ts';
import { $favourites } from '~/stores/favourites.ts';
import { addToCartAndNotify, removeFromCartAndNotify, toggleFavouriteAndNotify } from '~/stores/shop-actions.ts';

vi.mock('~/islands/toasts/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/islands/toasts/notify.ts')>()),
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

beforeAll(() => {
  useTestStorageEngine();
});

// The header's cart and favourites links, which the toasts' actions follow.
const headerLinks: Record<string, string> = {
  '[data-cart-link]': '/kg/cart/',
  '[data-favourites-link]': '/kg/favorites/',
};

beforeEach(() => {
  keepMount($cart);
  keepMount($favourites);
  vi.stubGlobal('document', {
    querySelector: (selector: string) => (headerLinks[selector] ? { getAttribute: () => headerLinks[selector] } : null),
  });
});

afterEach(() => {
  cleanStores($cart, $favourites);
  cleanTestStorage();
  vi.mocked(notifySuccess).mockReset();
  vi.mocked(notifyError).mockReset();
  vi.unstubAllGlobals();
});

describe('shop actions', () => {
  it('adds to the cart and says so, with how many', () => {
    addToCartAndNotify(3, 2);
    expect($cart.get()).toEqual([{ id: 3, quantity: 2 }]);
    expect(notifySuccess).toHaveBeenCalledWith('Товар добавлен в корзину\nДобавлено 2 шт.', {
      href: '/kg/cart/',
      label: 'Перейти в корзину',
    });
  });

  it('removes from the cart and says so', () => {
    addToCartAndNotify(3);
    removeFromCartAndNotify(3);
    expect($cart.get()).toEqual([]);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар удален из корзины');
  });

  it('toggles a favourite with the matching message', () => {
    expect(toggleFavouriteAndNotify(3)).toBe(true);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар добавлен в избранное', {
      href: '/kg/favorites/',
      label: 'Открыть избранное',
    });
    expect(toggleFavouriteAndNotify(3)).toBe(false);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар удален из избранных');
  });

  it('adds nothing above the stock, never a cut quantity, and says why', () => {
    expect(addToCartAndNotify(3, 500, 127)).toBe(0);
    expect($cart.get()).toEqual([]);
    expect(notifyError).toHaveBeenCalledWith(
      'Доступно только 127 шт.',
      expect.objectContaining({ label: 'Перейти в корзину' }),
    );
    expect(addToCartAndNotify(3, 127, 127)).toBe(127);
    expect(notifySuccess).toHaveBeenLastCalledWith('Товар добавлен в корзину\nДобавлено 127 шт.', expect.anything());
  });

  it('counts what the cart already holds against the stock', () => {
    addToCart(3, 5);
    expect(addToCartAndNotify(3, 4, 7)).toBe(0);
    expect($cart.get()).toEqual([{ id: 3, quantity: 5 }]);
    expect(notifyError).toHaveBeenLastCalledWith(
      'Доступно только 7 шт., 5 из них уже в корзине.',
      expect.objectContaining({ href: '/kg/cart/' }),
    );
    expect(addToCartAndNotify(3, 2, 7)).toBe(2);
    expect(notifySuccess).toHaveBeenLastCalledWith(
      'Товар добавлен в корзину\nДобавлено 2 шт., в корзине 7 шт.',
      expect.anything(),
    );
    expect(addToCartAndNotify(3, 1, 7)).toBe(0);
    expect($cart.get()).toEqual([{ id: 3, quantity: 7 }]);
    expect(notifyError).toHaveBeenLastCalledWith(
      'В корзине уже все 7 шт., что есть в наличии.',
      expect.objectContaining({ href: '/kg/cart/' }),
    );
  });

  it('never toasts from the store actions themselves', () => {
    addToCart(5);
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
