import { describe, expect, it } from 'vitest';
import { compareSizes, letterSizeRank } from '~/shared/sizes.ts';

const sorted = (values: string[]) => [...values].sort(compareSizes);

describe('sizes sort as sizes (issue 36, item 9)', () => {
  it('puts letter sizes in size order, not in the alphabet’s', () => {
    expect(sorted(['XL', 'M', 'XS', 'L', 'S', 'XXL'])).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(sorted(['l', 'xs', 'M'])).toEqual(['xs', 'M', 'l']);
  });

  it('reads 2XL as XXL and Small, Medium, Large as S, M, L', () => {
    expect(letterSizeRank('2XL')).toBe(letterSizeRank('XXL'));
    expect(sorted(['Large', 'Small 20/.07', 'Medium 35/.06', 'XS'])).toEqual([
      'XS',
      'Small 20/.07',
      'Medium 35/.06',
      'Large',
    ]);
    expect(letterSizeRank('S1–F3 ассорти')).toBeUndefined();
    expect(letterSizeRank('Primary')).toBeUndefined();
  });

  it('sorts numeric sizes numerically, with their units and signs', () => {
    expect(sorted(['№ 10', '№ 2', '№ 25', '№ 15'])).toEqual(['№ 2', '№ 10', '№ 15', '№ 25']);
    expect(sorted(['10 мм', '3 мм', '4 мм'])).toEqual(['3 мм', '4 мм', '10 мм']);
    expect(sorted(['31G', '27G', '30G'])).toEqual(['27G', '30G', '31G']);
    expect(sorted(['5/0', '3/0', '4/0'])).toEqual(['3/0', '4/0', '5/0']);
  });

  it('keeps letter sizes before other values and the rest in Russian order', () => {
    expect(sorted(['F2', 'M', 'F1', 'S'])).toEqual(['S', 'M', 'F1', 'F2']);
    expect(sorted(['нитрил', 'латекс', 'винил'])).toEqual(['винил', 'латекс', 'нитрил']);
  });
});
