import { describe, expect, it } from 'vitest';
import {
  fromCents,
  orderNumber,
  priceOrder,
  taxNumberProblem,
  toCents,
  type OfferForOrder,
} from '~/server/orders/order-rules.ts';
import {
  allowedTransitions,
  canTransition,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  returnsStock,
  STAFF_ORDER_STATUSES,
  staffCanTransition,
  staffTransitions,
} from '~/server/orders/order-status.ts';
import { zodIssuesToFields } from '~/server/api/zod-issues.ts';
import { plural, GOODS } from '~/shared/plural.ts';

const offer = (productId: number, price: string | null, stock: number, isActive = true): OfferForOrder => ({
  productId,
  name: `Товар ${productId}`,
  slug: `tovar-${productId}`,
  sku: `SKU-${productId}`,
  isActive,
  price,
  stock,
});

describe('pricing an order', () => {
  const offers = new Map([
    [1, offer(1, '1250.50', 10)],
    [2, offer(2, '0.10', 3)],
    [3, offer(3, null, 5)],
    [4, offer(4, '99.00', 5, false)],
    [5, offer(5, '10.00', 0)],
  ]);

  it('prices each line from the offer and sums exactly in cents', () => {
    const result = priceOrder(
      'kg',
      [
        { product: 1, quantity: 3 },
        { product: 2, quantity: 3 },
      ],
      offers,
    );
    expect(result).toEqual({
      ok: true,
      total: '3751.80',
      lines: [
        expect.objectContaining({ position: 0, productId: 1, unitPrice: '1250.50', quantity: 3, lineTotal: '3751.50' }),
        expect.objectContaining({ position: 1, productId: 2, unitPrice: '0.10', quantity: 3, lineTotal: '0.30' }),
      ],
    });
  });

  it('puts each problem on its own line and keeps {} for the good ones', () => {
    const result = priceOrder(
      'kz',
      [
        { product: 1, quantity: 1 },
        { product: 2, quantity: 4 },
        { product: 3, quantity: 1 },
        { product: 4, quantity: 1 },
        { product: 5, quantity: 1 },
        { product: 6, quantity: 1 },
        { product: 1, quantity: 1 },
      ],
      offers,
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        {},
        { quantity: ['Доступно только 3 шт.'] },
        { product: ['Товар не продаётся в Казахстане.'] },
        { product: ['Товар не продаётся в Казахстане.'] },
        { quantity: ['Товара нет в наличии.'] },
        { product: ['Такого товара нет в каталоге.'] },
        { product: ['Этот товар уже есть в заказе выше: измените количество в той строке.'] },
      ],
    });
  });

  it('converts money without floating point', () => {
    expect(toCents('0.1') + toCents('0.2')).toBe(30n);
    expect(fromCents(toCents('999999999999.99') * 999n)).toBe('998999999999990.01');
    expect(() => toCents('1e3')).toThrow();
  });
});

describe('order details', () => {
  it('numbers orders by country and id', () => {
    expect(orderNumber('kg', 123)).toBe('KG-000123');
    expect(orderNumber('kz', 1234567)).toBe('KZ-1234567');
  });

  it('wants 14 digits of ИНН in Kyrgyzstan and 12 of БИН in Kazakhstan', () => {
    expect(taxNumberProblem('kg', '01234567890123')).toBeNull();
    expect(taxNumberProblem('kg', '012345678901')).toBe('ИНН — это 14 цифр.');
    expect(taxNumberProblem('kz', '012345678901')).toBeNull();
    expect(taxNumberProblem('kz', '01234567890a')).toBe('БИН — это 12 цифр.');
  });

  it('says «1 товар», «3 товара», «5 товаров», «21 товар»', () => {
    expect([1, 3, 5, 11, 21, 22, 1000].map((n) => plural(n, GOODS))).toEqual([
      '1 товар',
      '3 товара',
      '5 товаров',
      '11 товаров',
      '21 товар',
      '22 товара',
      '1\u00a0000 товаров',
    ]);
  });
});

describe('order statuses', () => {
  it('moves forward one step at a time and cancels only before shipping', () => {
    expect(allowedTransitions('new')).toEqual(['confirmed', 'cancelled']);
    expect(canTransition('confirmed', 'shipped')).toBe(true);
    expect(canTransition('confirmed', 'cancelled')).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    expect(canTransition('new', 'shipped')).toBe(false);
    expect(canTransition('completed', 'new')).toBe(false);
    expect(allowedTransitions('cancelled')).toEqual([]);
    expect(returnsStock('cancelled')).toBe(true);
    expect(returnsStock('shipped')).toBe(false);
  });

  it("lets a clinic's order awaiting approval become new or cancelled, never by staff (issue 37, item 3)", () => {
    expect(allowedTransitions('awaiting_approval')).toEqual(['new', 'cancelled']);
    expect(staffCanTransition('awaiting_approval', 'new')).toBe(false);
    expect(staffCanTransition('awaiting_approval', 'cancelled')).toBe(false);
    expect(staffCanTransition('new', 'confirmed')).toBe(true);
    expect(staffTransitions('new')).toEqual(['confirmed', 'cancelled']);
    expect(staffTransitions('awaiting_approval')).toEqual([]);
    expect(STAFF_ORDER_STATUSES).not.toContain('awaiting_approval');
  });

  it('has a Russian label for every status', () => {
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[status]).toMatch(/^[А-Я][а-яё]+( [а-яё]+)*$/);
    expect(ORDER_STATUS_LABELS.awaiting_approval).toBe('На согласовании');
  });
});

describe('validation errors in DRF shape', () => {
  it('nests objects and lists, with {} for list items without errors', () => {
    const issues = [
      { path: ['items', 2, 'quantity'], message: 'Не больше 999 шт.' },
      { path: ['contact', 'phone'], message: 'Неверный телефон.' },
      { path: ['country'], message: 'Обязательное поле.' },
      { path: [], message: 'Пустое тело.' },
    ] as never;
    expect(zodIssuesToFields(issues)).toEqual({
      items: [{}, {}, { quantity: ['Не больше 999 шт.'] }],
      contact: { phone: ['Неверный телефон.'] },
      country: ['Обязательное поле.'],
      non_field_errors: ['Пустое тело.'],
    });
  });
});
