import { describe, expect, it } from 'vitest';
import { displayPhone, formatPhone, readablePhone } from '../../../src/shared/phone.ts';

describe('formatPhone (issue 36, item 13: one way everywhere)', () => {
  it('writes Kyrgyz numbers +996 312 98-76-54: a city or operator code, then pairs', () => {
    expect(formatPhone('+996312987654')).toBe('+996 312 98-76-54');
    expect(formatPhone('+996555123456')).toBe('+996 555 12-34-56');
    expect(formatPhone('+996700111222')).toBe('+996 700 11-12-22');
    // Osh and the regions have four-digit city codes.
    expect(formatPhone('+996322254780')).toBe('+996 3222 5-47-80');
  });

  it('writes Kazakh numbers +7 727 355-40-20, four-digit city codes as +7 7172 64-55-10', () => {
    expect(formatPhone('+77273554020')).toBe('+7 727 355-40-20');
    expect(formatPhone('+77011234567')).toBe('+7 701 123-45-67');
    expect(formatPhone('+77172645510')).toBe('+7 7172 64-55-10');
    expect(formatPhone('+77252123456')).toBe('+7 7252 12-34-56');
  });

  it('leaves other numbers as stored', () => {
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
    expect(formatPhone('')).toBe('');
  });

  it('writes a phone typed any way the same way, with the number to dial', () => {
    for (const typed of ['+996 (312) 987654', '0312 98 76 54', '+996 312 98-76-54', '+996312987654'])
      expect(readablePhone(typed)).toEqual({ text: '+996 312 98-76-54', dial: '+996312987654' });
    expect(displayPhone('8 (727) 355 40 20')).toBe('+7 727 355-40-20');
    expect(readablePhone(' по запросу ')).toEqual({ text: 'по запросу', dial: '' });
  });
});
