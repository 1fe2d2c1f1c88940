import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listProductsByIds } from '~/lib/api/catalog.ts';
import { api as sessionApi } from '~/lib/api/client.ts';
import {
  $cart,
  $cartCount,
  $cartIds,
  addToCart,
  clearCart,
  decodeCart,
  decrementQuantity,
  incrementQuantity,
  removeFromCart,
  replaceCart,
  setQuantity,
} from '~/stores/cart.ts';
import { $cartLines, $cartProductsState, $cartSubtotal, loadCartProducts } from '~/stores/cart-products.ts';
import { page, productItem } from '../fixtures/products.ts';

vi.mock('~/lib/api/catalog.ts', () => ({ listProductsByIds: vi.fn() }));
vi.mock('~/lib/api/client.ts', () => ({ api: vi.fn() }));

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  keepMount($cart);
});

afterEach(() => {
  cleanStores($cart, $cartCount, $cartIds, $cartLines, $cartProductsState, $cartSubtotal);
  cleanTestStorage();
  vi.mocked(listProductsByIds).mockReset();
});

describe('cart', () => {
  it('starts empty', () => {
    expect($cart.get()).toEqual([]);
    expect($cartCount.get()).toBe(0);
  });

  it('adds a product with quantity 1 by default', () => {
    addToCart(7);
    expect($cart.get()).toEqual([{ id: 7, quantity: 1 }]);
  });

  it('adds a product with the given quantity', () => {
    addToCart(7, 3);
    expect($cart.get()).toEqual([{ id: 7, quantity: 3 }]);
  });

  it('increases the quantity when the product is already in the cart', () => {
    addToCart(7, 2);
    addToCart(8);
    addToCart(7, 3);
    expect($cart.get()).toEqual([
      { id: 7, quantity: 5 },
      { id: 8, quantity: 1 },
    ]);
  });

  it('adds at least one and ignores invalid ids', () => {
    addToCart(7, 0);
    addToCart(8, -4);
    addToCart(9, Number.NaN);
    addToCart(0);
    addToCart(1.5);
    expect($cart.get()).toEqual([
      { id: 7, quantity: 1 },
      { id: 8, quantity: 1 },
      { id: 9, quantity: 1 },
    ]);
  });

  it('removes a product', () => {
    addToCart(7);
    addToCart(8);
    removeFromCart(7);
    expect($cart.get()).toEqual([{ id: 8, quantity: 1 }]);
  });

  it('increments the quantity', () => {
    addToCart(7);
    incrementQuantity(7);
    incrementQuantity(7);
    expect($cart.get()).toEqual([{ id: 7, quantity: 3 }]);
  });

  it('decrements the quantity but never below 1', () => {
    addToCart(7, 2);
    decrementQuantity(7);
    expect($cart.get()).toEqual([{ id: 7, quantity: 1 }]);
    decrementQuantity(7);
    expect($cart.get()).toEqual([{ id: 7, quantity: 1 }]);
  });

  it('ignores increments and decrements of products not in the cart', () => {
    incrementQuantity(7);
    decrementQuantity(7);
    expect($cart.get()).toEqual([]);
  });

  it('sets a quantity clamped to at least 1', () => {
    addToCart(7);
    setQuantity(7, 10);
    expect($cart.get()).toEqual([{ id: 7, quantity: 10 }]);
    setQuantity(7, 0);
    expect($cart.get()).toEqual([{ id: 7, quantity: 1 }]);
    setQuantity(7, 4.9);
    expect($cart.get()).toEqual([{ id: 7, quantity: 4 }]);
  });

  it('clears the cart', () => {
    addToCart(7);
    clearCart();
    expect($cart.get()).toEqual([]);
    expect(getTestStorage()).toEqual({ cart: '[]' });
  });

  it('replaces the whole cart, dropping invalid entries and merging duplicates', () => {
    addToCart(1);
    replaceCart([
      { id: 7, quantity: 2 },
      { id: 8, quantity: 0 },
      { id: 7, quantity: 1 },
    ]);
    expect($cart.get()).toEqual([{ id: 7, quantity: 3 }]);
  });

  it('counts quantities and lists ids', () => {
    addToCart(7, 2);
    addToCart(8, 3);
    expect($cartCount.get()).toBe(5);
    expect($cartIds.get()).toEqual([7, 8]);
  });

  it('persists only ids and quantities under the cart key', () => {
    addToCart(7, 2);
    expect(getTestStorage()).toEqual({ cart: '[{"id":7,"quantity":2}]' });
  });

  it('reads the cart from storage when mounted', () => {
    cleanStores($cart);
    setTestStorageKey('cart', '[{"id":3,"quantity":4}]');
    keepMount($cart);
    expect($cart.get()).toEqual([{ id: 3, quantity: 4 }]);
  });

  it('follows changes made in another tab', () => {
    setTestStorageKey('cart', '[{"id":5,"quantity":1}]');
    expect($cart.get()).toEqual([{ id: 5, quantity: 1 }]);
    setTestStorageKey('cart', undefined);
    expect($cart.get()).toEqual([]);
  });

  it('drops invalid stored entries instead of failing', () => {
    setTestStorageKey(
      'cart',
      '[{"id":3,"quantity":2,"price":"1"},{"id":"x","quantity":1},{"id":4,"quantity":0},null,{"id":5}]',
    );
    expect($cart.get()).toEqual([{ id: 3, quantity: 2 }]);
  });

  it('reads unparsable or non-list storage as an empty cart', () => {
    setTestStorageKey('cart', '{not json');
    expect($cart.get()).toEqual([]);
    setTestStorageKey('cart', '{"id":1,"quantity":1}');
    expect($cart.get()).toEqual([]);
  });
});

describe('decodeCart', () => {
  it('merges duplicate ids', () => {
    expect(decodeCart('[{"id":1,"quantity":1},{"id":1,"quantity":2}]')).toEqual([{ id: 1, quantity: 3 }]);
  });
});

describe('cart products', () => {
  it('loads the cart products for the country and joins them into lines', async () => {
    addToCart(1, 2);
    addToCart(2);
    vi.mocked(listProductsByIds).mockResolvedValue(page([productItem({ id: 1, price: '100.50' })]));
    keepMount($cartLines);
    await loadCartProducts('kg');
    // A visitor's lookup is the public read (no token).
    expect(listProductsByIds).toHaveBeenCalledWith([1, 2], 'kg', undefined);
    const lines = $cartLines.get();
    expect(lines[0]).toMatchObject({ id: 1, quantity: 2, product: { id: 1, name: 'Товар 1' } });
    // Product 2 is not sold in the country.
    expect(lines[1]).toEqual({ id: 2, quantity: 1, product: undefined });
    expect($cartProductsState.get().status).toBe('succeeded');
    expect($cartSubtotal.get()).toEqual({ amount: 201, currency: 'KGS', missing: 1, orderable: 1 });
  });

  it('reads with the session client when the browser holds a session: a clinic member sees contract prices', async () => {
    vi.stubGlobal('document', { cookie: 'fav_hint=1; refresh=r.t.k' });
    try {
      addToCart(1);
      vi.mocked(listProductsByIds).mockResolvedValue(
        page([productItem({ id: 1, price: '90.00', list_price: '100.00' })]),
      );
      keepMount($cartLines);
      await loadCartProducts('kg');
      expect(listProductsByIds).toHaveBeenCalledWith([1], 'kg', sessionApi);
      expect($cartLines.get()[0]!.product).toMatchObject({ price: '90.00', list_price: '100.00' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('leaves a line that went out of stock out of the total', async () => {
    addToCart(1, 2);
    addToCart(3);
    vi.mocked(listProductsByIds).mockResolvedValue(
      page([
        productItem({ id: 1, price: '10.00' }),
        productItem({ id: 3, price: '99.00', in_stock: false, quantity: 0 }),
      ]),
    );
    keepMount($cartLines);
    await loadCartProducts('kg');
    expect($cartSubtotal.get()).toEqual({ amount: 20, currency: 'KGS', missing: 1, orderable: 1 });
  });

  it('does not call the API for an empty cart', async () => {
    await loadCartProducts('kz');
    expect(listProductsByIds).not.toHaveBeenCalled();
    expect($cartProductsState.get()).toMatchObject({ status: 'succeeded', country: 'kz', byId: {} });
  });

  it('keeps the error text when loading fails', async () => {
    addToCart(1);
    vi.mocked(listProductsByIds).mockRejectedValue(new Error('offline'));
    await loadCartProducts('kg');
    expect($cartProductsState.get()).toMatchObject({ status: 'failed', errorMessage: 'offline' });
    expect($cartLines.get()).toEqual([{ id: 1, quantity: 1, product: undefined }]);
  });

  it('fetches more than 100 ids in chunks the API accepts', async () => {
    replaceCart(Array.from({ length: 150 }, (_, i) => ({ id: i + 1, quantity: 1 })));
    vi.mocked(listProductsByIds).mockImplementation(async (ids) => page(ids.map((id) => productItem({ id }))));
    await loadCartProducts('kg');
    expect(vi.mocked(listProductsByIds).mock.calls.map(([ids]) => ids.length)).toEqual([100, 50]);
    expect(Object.keys($cartProductsState.get().byId)).toHaveLength(150);
  });
});
