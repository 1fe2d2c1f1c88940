import { describe, expect, it } from 'vitest';
import { normalisePage, pageCount, pageToOffset } from '~/lib/api/paging.ts';

describe('pageToOffset', () => {
  it('converts a page to (page - 1) * limit', () => {
    expect(pageToOffset(1, 24)).toBe(0);
    expect(pageToOffset(2, 24)).toBe(24);
    expect(pageToOffset(5, 12)).toBe(48);
  });

  it('defaults the page to 1', () => {
    expect(pageToOffset(undefined, 24)).toBe(0);
  });

  it('clamps pages below 1 and non-numbers to page 1', () => {
    expect(pageToOffset(0, 24)).toBe(0);
    expect(pageToOffset(-3, 24)).toBe(0);
    expect(pageToOffset(Number.NaN, 24)).toBe(0);
    expect(pageToOffset(Number.POSITIVE_INFINITY, 24)).toBe(0);
  });

  it('rounds a fractional page down', () => {
    expect(pageToOffset(2.7, 10)).toBe(10);
  });
});

describe('normalisePage', () => {
  it('reads page numbers from strings', () => {
    expect(normalisePage('3')).toBe(3);
    expect(normalisePage('abc')).toBe(1);
    expect(normalisePage(undefined)).toBe(1);
  });
});

describe('pageCount', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(10, 0)).toBe(1);
  });
});
