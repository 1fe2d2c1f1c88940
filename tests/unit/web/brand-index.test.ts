import { describe, expect, it } from 'vitest';
import { brandLetter, brandMark, indexBrands } from '../../../src/server/web/brand-index.ts';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('the brands page’s A–Z', () => {
  it('puts Latin letters (digits first) before Cyrillic ones, each in alphabetical order', () => {
    const index = indexBrands(
      named('ВладМиВа', 'Zhermack', 'Аверон', '3M', 'Dürr Dental', 'DMG', 'Dentsply Sirona', 'Ёлка'),
    );
    expect(index.map(({ letter, script }) => `${script} ${letter}`)).toEqual([
      'latin 0–9',
      'latin D',
      'latin Z',
      'cyrillic А',
      'cyrillic В',
      'cyrillic Е',
    ]);
    expect(index.find((group) => group.letter === 'D')!.brands.map((b) => b.name)).toEqual([
      'Dentsply Sirona',
      'DMG',
      'Dürr Dental',
    ]);
  });

  it('files a name under its first letter without accents, in upper case', () => {
    expect(['Dürr', 'schülke', 'Ёлка', 'élan', '"Омега"', '3M'].map(brandLetter)).toEqual([
      'D',
      'S',
      'Е',
      'E',
      'О',
      '0–9',
    ]);
  });

  it('makes a monogram of a short name, two words, a word’s parts or its first two letters', () => {
    const initials = ['3M', 'W&H', 'NSK', 'Dentsply Sirona', 'Hu-Friedy', 'KaVo', 'ВладМиВа', 'Kerr', 'VOCO'].map(
      (name) => brandMark(name).initials,
    );
    expect(initials).toEqual(['3M', 'W&H', 'NSK', 'DS', 'HF', 'KV', 'ВМ', 'Ke', 'VO']);
  });

  it('gives a name the same hue every time, and neighbours in the list different ones', () => {
    expect(brandMark('Kerr').hue).toBe(brandMark('Kerr').hue);
    const hues = ['Kerr', 'Komet', 'Kulzer', 'KaVo'].map((name) => brandMark(name).hue);
    expect(new Set(hues).size).toBe(hues.length);
    for (const hue of hues) {
      expect(hue).toBeGreaterThanOrEqual(0);
      expect(hue).toBeLessThan(360);
    }
  });
});
