import { describe, expect, it } from 'vitest';
import { swapLayout, textVariants, wordVariants } from '~/server/catalog/search-variants.ts';

describe('search word variants', () => {
  it('swaps the keyboard layout both ways', () => {
    expect(swapLayout('ашдеул')).toBe('filtek');
    expect(swapLayout('rjvgjpbn')).toBe('композит');
    expect(swapLayout('ghbdtn')).toBe('привет');
  });

  it('spells a Cyrillic word in Latin, as a passport and as a brand would', () => {
    expect(wordVariants('филтек')).toEqual(expect.arrayContaining(['filtek']));
    expect(wordVariants('эстелайт')).toEqual(expect.arrayContaining(['estelayt', 'estelit']));
    expect(wordVariants('тетрик')).toEqual(expect.arrayContaining(['tetric']));
    expect(wordVariants('харизма')).toEqual(expect.arrayContaining(['charizma']));
  });

  it('spells a Latin word in Cyrillic, and offers the other layout', () => {
    expect(wordVariants('kompozit')).toEqual(expect.arrayContaining(['композит']));
    expect(wordVariants('rjvgjpbn')).toEqual(expect.arrayContaining(['композит']));
    expect(wordVariants('ашдеул')).toEqual(expect.arrayContaining(['filtek']));
  });

  it('leaves SKUs, mixed words and short words alone', () => {
    expect(wordVariants('z250')).toEqual([]);
    expect(wordVariants('ку')).toEqual([]);
    expect(wordVariants('3m')).toEqual([]);
  });

  it('never offers the word itself or anything but letters', () => {
    for (const word of ['композит', 'эстелайт', 'filtek', 'ёжик']) {
      const variants = wordVariants(word);
      expect(variants).not.toContain(word);
      for (const v of variants) expect(v).toMatch(/^\p{L}+$/u);
    }
  });

  it('gives the whole text in the other spellings, for ranking', () => {
    expect(textVariants('ашдеул z250')).toContain('filtek z250');
    expect(textVariants('филтек')).toContain('filtek');
  });
});
