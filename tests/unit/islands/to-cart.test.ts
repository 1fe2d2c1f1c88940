import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addLinesToCart } from '~/islands/clinic/to-cart.ts';
import { $cart, clearCart } from '~/stores/cart.ts';

// Many lines into the cart at once (a clinic's list, a quick order, issue 37): what is sold now goes in, as
// much as there is; the rest is said line by line in the cart's words.

beforeAll(() => {
  useTestStorageEngine();
});

afterEach(() => {
  clearCart();
  cleanTestStorage();
});

const line = (id: number, quantity: number, stock: number, price: string | null = '100.00') => ({
  id,
  name: `Товар ${id}`,
  sku: `SKU-${id}`,
  quantity,
  stock,
  price,
});

describe('addLinesToCart', () => {
  it('adds what is in stock, caps at the stock, and names what it could not add', () => {
    $cart.set([{ id: 1, quantity: 2 }]);
    const outcome = addLinesToCart([line(1, 3, 10), line(2, 5, 2), line(3, 1, 0), line(4, 1, 9, null)], 'kg');
    expect($cart.get()).toEqual([
      { id: 1, quantity: 5 },
      { id: 2, quantity: 2 },
    ]);
    expect(outcome.added).toBe(5);
    expect(outcome.problems).toEqual([
      'Товар 2 (арт. SKU-2): Доступно только 2 шт. Добавлено 2 из 5.',
      'Товар 3 (арт. SKU-3): Товара нет в наличии.',
      'Товар 4 (арт. SKU-4): Товар не продаётся в Кыргызстане.',
    ]);
  });
});
