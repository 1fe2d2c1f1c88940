import { describe, expect, it } from 'vitest';
import { taxNumberHint } from '~/shared/order-methods.ts';
import { goodsCount } from '~/shared/goods-count.ts';

describe('counts of a cart or an order', () => {
  it('say lines and units apart, one way: «2 позиции, 3 шт.»', () => {
    expect(goodsCount([{ quantity: 2 }, { quantity: 1 }])).toBe('2 позиции, 3 шт.');
    expect(goodsCount([{ quantity: 1 }])).toBe('1 позиция, 1 шт.');
    expect(goodsCount(Array.from({ length: 5 }, () => ({ quantity: 300 })))).toBe('5 позиций, 1\u00a0500 шт.');
  });
});

describe('the tax number’s rule, before anything is typed', () => {
  it('names the country’s number and its digits', () => {
    expect(taxNumberHint('kg')).toBe('ИНН — 14 цифр.');
    expect(taxNumberHint('kz')).toBe('БИН — 12 цифр.');
    expect(taxNumberHint()).toBe('ИНН — 14 цифр (Кыргызстан), БИН — 12 цифр (Казахстан).');
  });
});
