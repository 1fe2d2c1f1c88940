import { describe, expect, it } from 'vitest';
import { decodeSpecifications, encodeSpecifications } from '~/shared/specifications.ts';

describe('encodeSpecifications', () => {
  it('joins slug:values pairs with ; and values with ,', () => {
    expect(encodeSpecifications({ color: ['A2', 'A3'] })).toBe('color:A2,A3');
    expect(encodeSpecifications({ color: ['A2'], size: ['L'] })).toBe('color:A2;size:L');
  });

  it('sorts slugs and values so equal selections give equal strings', () => {
    expect(encodeSpecifications({ size: ['L', 'M'], color: ['B1', 'A2'] })).toBe('color:A2,B1;size:L,M');
    expect(encodeSpecifications({ b: ['2', '1'], a: ['x'] })).toBe(encodeSpecifications({ a: ['x'], b: ['1', '2'] }));
  });

  it('percent-encodes separators inside slugs and values', () => {
    expect(encodeSpecifications({ diameter: ['2,5'] })).toBe('diameter:2%2C5');
    expect(encodeSpecifications({ 'a:b': ['x;y', 'p:q'] })).toBe('a%3Ab:p%3Aq,x%3By');
  });

  it('percent-encodes Cyrillic', () => {
    expect(encodeSpecifications({ material: ['керамика'] })).toBe(`material:${encodeURIComponent('керамика')}`);
  });

  it('drops slugs without values, empty values and duplicates', () => {
    expect(encodeSpecifications({ color: [], size: ['', 'L', 'L'] })).toBe('size:L');
    expect(encodeSpecifications({})).toBe('');
  });
});

describe('decodeSpecifications', () => {
  it('round-trips values containing separators and Cyrillic', () => {
    const selection = { диаметр: ['2,5', '3;4'], 'тип:x': ['Ø 1,2 мм', '100%'], color: ['A2'] };
    const result = decodeSpecifications(encodeSpecifications(selection));
    expect(result).toEqual({
      ok: true,
      value: { color: ['A2'], 'тип:x': ['100%', 'Ø 1,2 мм'], диаметр: ['2,5', '3;4'] },
    });
  });

  it('reads a blank string as an empty selection', () => {
    expect(decodeSpecifications('')).toEqual({ ok: true, value: {} });
    expect(decodeSpecifications('  ')).toEqual({ ok: true, value: {} });
  });

  it('tolerates a trailing separator and merges a repeated slug', () => {
    expect(decodeSpecifications('color:A2;')).toEqual({ ok: true, value: { color: ['A2'] } });
    expect(decodeSpecifications('color:A2;color:A3,A2')).toEqual({ ok: true, value: { color: ['A2', 'A3'] } });
  });

  it('rejects a pair without a colon', () => {
    expect(decodeSpecifications('color')).toEqual({
      ok: false,
      error: 'ожидаются пары slug:значение, разделённые «;»',
    });
    expect(decodeSpecifications('color:A2;;size:L').ok).toBe(false);
  });

  it('rejects a raw colon inside a value', () => {
    expect(decodeSpecifications('color:A:2')).toMatchObject({ ok: false });
  });

  it('rejects an empty slug or an empty value', () => {
    expect(decodeSpecifications(':A2')).toEqual({
      ok: false,
      error: 'в паре 1 пустой или неверный slug характеристики',
    });
    expect(decodeSpecifications('color:')).toMatchObject({ ok: false, error: expect.stringContaining('«color»') });
    expect(decodeSpecifications('color:A2,,A3')).toMatchObject({ ok: false });
  });

  it('rejects malformed percent-encoding', () => {
    expect(decodeSpecifications('color:%E0%A4%A')).toMatchObject({ ok: false });
    expect(decodeSpecifications('%ZZ:1')).toMatchObject({ ok: false });
  });

  it('keeps a __proto__ slug as a plain key', () => {
    const result = decodeSpecifications('__proto__:x');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(Object.keys(result.value)).toEqual(['__proto__']);
  });
});
