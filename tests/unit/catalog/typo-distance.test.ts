import { describe, expect, it } from 'vitest';
import { allowedEdits, editDistance, isTypoOf } from '~/server/catalog/typo-distance.ts';

describe('typo distance (issue 36, item 7)', () => {
  it('counts a wrong, missing or extra letter and two swapped letters as one edit', () => {
    expect(editDistance('адгизив', 'адгезив', 2)).toBe(1);
    expect(editDistance('перчатки', 'перчатк', 2)).toBe(1);
    expect(editDistance('перчатки', 'перчаткии', 2)).toBe(1);
    expect(editDistance('пречатки', 'перчатки', 2)).toBe(1);
    expect(editDistance('filtek', 'filtek', 2)).toBe(0);
  });

  it('stops counting past the limit', () => {
    expect(editDistance('ultracain', 'ultra', 1)).toBe(2);
    expect(editDistance('ultracain', 'ultracare', 1)).toBe(2);
    expect(editDistance('ultracain', 'ultracare', 3)).toBe(2);
  });

  it('allows two edits only in a long word as typed', () => {
    expect(allowedEdits('адгизив', true)).toBe(1);
    expect(allowedEdits('стерилизацыя', true)).toBe(2);
    expect(allowedEdits('ultracain', false)).toBe(1);
  });

  it('takes a typo, not a look-alike', () => {
    expect(isTypoOf('charizma', 'charisma', false)).toBe(true);
    expect(isTypoOf('ортодантия', 'ортодонтия', true)).toBe(true);
    expect(isTypoOf('ultracain', 'ultracare', false)).toBe(false);
    expect(isTypoOf('ultracain', 'ultra', false)).toBe(false);
    expect(isTypoOf('фильтек', 'фильтром', true)).toBe(false);
  });
});
