import { describe, expect, it } from 'vitest';
import { addedText, quantityNotice, steppedQuantity, typedDigits, typedQuantity } from '~/islands/quantity/quantity.ts';

describe('the quantity field’s rules', () => {
  it('lets the field be empty while typed, and takes the number typed as it is', () => {
    expect(typedQuantity('')).toBeNull();
    expect(typedQuantity('0')).toBeNull();
    expect(typedQuantity('00')).toBeNull();
    expect(typedQuantity('1')).toBe(1);
    expect(typedQuantity('10')).toBe(10);
    expect(typedQuantity('010')).toBe(10);
    expect(typedQuantity('500')).toBe(500);
  });

  it('keeps digits only, at most five', () => {
    expect(typedDigits('10 шт.')).toBe('10');
    expect(typedDigits('-3')).toBe('3');
    expect(typedDigits('1234567')).toBe('12345');
    expect(typedQuantity('1e3')).toBe(13);
  });

  it('says «Доступно только N шт.» above the stock and nothing up to it', () => {
    expect(quantityNotice(42, 42)).toBe('');
    expect(quantityNotice(43, 42)).toBe('Доступно только 42 шт.');
    expect(quantityNotice(100, 42)).toBe('Доступно только 42 шт.');
  });

  it('counts what the cart already holds', () => {
    expect(quantityNotice(30, 42, 12)).toBe('');
    expect(quantityNotice(31, 42, 12)).toBe('Доступно только 42 шт., 12 из них уже в корзине.');
    expect(quantityNotice(1, 42, 42)).toBe('В корзине уже все 42 шт., что есть в наличии.');
  });

  it('tells how many were added, and the cart’s total when it held some before', () => {
    expect(addedText(10, 10)).toBe('Добавлено 10 шт.');
    expect(addedText(10, 12)).toBe('Добавлено 10 шт., в корзине 12 шт.');
  });

  it('steps by one and never below 1', () => {
    expect(steppedQuantity(1, -1)).toBe(1);
    expect(steppedQuantity(1, 1)).toBe(2);
    expect(steppedQuantity(10, -1)).toBe(9);
  });
});
