import { describe, expect, it } from 'vitest';
import { distinguishingLabels } from '../../../src/server/catalog/product-family.queries.ts';

const spec = (productId: number, slug: string, name: string, value: string, unit: string | null = 'мм') => ({
  productId,
  slug,
  name,
  unit,
  value,
});

describe('the labels of a product family’s variants', () => {
  it('names each value when two specifications differ, so «4 мм · 10 мм» says which is the diameter', () => {
    const labels = distinguishingLabels(
      [1, 2],
      ['Имплантат 4×10', 'Имплантат 4,5×12'],
      [
        spec(1, 'diameter', 'Диаметр', '4'),
        spec(1, 'length', 'Длина', '10'),
        spec(2, 'diameter', 'Диаметр', '4,5'),
        spec(2, 'length', 'Длина', '12'),
      ],
    );
    expect(labels).toEqual(['Ø 4 мм · длина 10 мм', 'Ø 4,5 мм · длина 12 мм']);
  });

  it('keeps a single differing value bare («A2»)', () => {
    const labels = distinguishingLabels(
      [1, 2],
      ['Filtek A1', 'Filtek A2'],
      [spec(1, 'shade', 'Оттенок', 'A1', null), spec(2, 'shade', 'Оттенок', 'A2', null)],
    );
    expect(labels).toEqual(['A1', 'A2']);
  });
});
