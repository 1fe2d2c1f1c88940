import { describe, expect, it } from 'vitest';
import { holdProblems, newCustomerAllowance, type HeldOrders } from '../../../src/server/orders/order-limits.ts';
import type { PricedLine } from '../../../src/server/orders/order-rules.ts';

const line = (productId: number, quantity: number, position = 0): PricedLine => ({
  position,
  productId,
  productName: 'Композит',
  productSlug: 'kompozit',
  sku: 'A1',
  unitPrice: '10.00',
  listPrice: null,
  quantity,
  lineTotal: (10 * quantity).toFixed(2),
});
const held = (trusted: boolean, units: [number, number][] = []): HeldOrders => ({
  trusted,
  orders: units.length,
  value: '0',
  units: new Map(units),
});

describe('newCustomerAllowance', () => {
  it.each([
    [71, 0, 35],
    [36, 35, 0],
    [36, 0, 18],
    [2, 0, 1],
    [1, 0, 0],
    [0, 0, 0],
    [10, 2, 4],
  ])('with %i left and %i held allows %i more', (stock, already, allowed) => {
    expect(newCustomerAllowance(stock, already)).toBe(allowed);
  });
});

describe('holdProblems', () => {
  it('holds a new customer to its share of the stock, and not a trusted one', () => {
    const stock = new Map([[1, 71]]);
    expect(holdProblems('kg', 1, [line(1, 36)], '360.00', held(false), stock)?.items?.[0]?.quantity?.[0]).toMatch(
      /^Сейчас можно заказать не больше 35 шт\./,
    );
    expect(holdProblems('kg', 1, [line(1, 35)], '350.00', held(false), stock)).toBeNull();
    expect(holdProblems('kg', 1, [line(1, 71)], '710.00', held(true), stock)).toBeNull();
  });

  it('says whichever limit allows fewer: the units limit over a large stock', () => {
    const stock = new Map([[1, 1000]]);
    const problem = holdProblems('kg', 1, [line(1, 101)], '1010.00', held(false), stock);
    expect(problem?.items?.[0]?.quantity?.[0]).toMatch(/^Не больше 100 шт\./);
  });
});
