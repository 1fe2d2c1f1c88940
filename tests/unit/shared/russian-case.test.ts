import { describe, expect, it } from 'vitest';
import { accusative, pricePerUnit } from '~/shared/russian-case.ts';

describe('the accusative after «за»', () => {
  it('declines words in -а and -я and leaves the rest as written', () => {
    expect(accusative('единица')).toBe('единицу');
    expect(accusative('штука')).toBe('штуку');
    expect(accusative('позиция')).toBe('позицию');
    expect(accusative('зубная капа')).toBe('зубную капу');
    expect(accusative('одна единица')).toBe('одну единицу');
    for (const unit of ['модель', 'челюсть', 'шаблон', 'заказ', 'шт.', 'set', 'м²'])
      expect(accusative(unit)).toBe(unit);
  });

  it('says a price per unit: «1 300 сом за единицу»', () => {
    expect(pricePerUnit('1 300 сом', 'единица')).toBe('1 300 сом за единицу');
    expect(pricePerUnit('2 500 сом', 'модель')).toBe('2 500 сом за модель');
  });
});
